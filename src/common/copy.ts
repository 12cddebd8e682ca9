/**
 * The engine's record copy: what Flink's serializer.copy does with object reuse disabled.
 * Deep for arrays, plain objects, Dates, Maps, Sets and typed arrays; class instances keep their
 * prototype; primitives and functions are shared (immutable / not data).
 */
export function copyRecord<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return copyArray(value) as T;
  return copyObject(value as object) as T;
}

// slice() keeps the array's elements kind (packed small integers or doubles stay unboxed), which
// matters for the arithmetic that reduce functions then do on the copy.
function copyArray(a: unknown[]): unknown[] {
  const flat = copyFlatTuple(a);
  if (flat !== undefined) return flat;
  const out = a.slice();
  for (let i = 0; i < out.length; i++) {
    const v = out[i];
    if (typeof v === "object" && v !== null) out[i] = copyRecord(v);
  }
  return out;
}

// Short tuples of primitives (the common record): an array literal is several times faster than
// slice() (measured on join and source copies) and keeps the elements kind as well.
function copyFlatTuple(a: unknown[]): unknown[] | undefined {
  switch (a.length) {
    case 2: {
      const x = a[0], y = a[1];
      return isShared(x) && isShared(y) ? [x, y] : undefined;
    }
    case 3: {
      const x = a[0], y = a[1], z = a[2];
      return isShared(x) && isShared(y) && isShared(z) ? [x, y, z] : undefined;
    }
    case 4: {
      const x = a[0], y = a[1], z = a[2], w = a[3];
      return isShared(x) && isShared(y) && isShared(z) && isShared(w) ? [x, y, z, w] : undefined;
    }
    default:
      return undefined;
  }
}

function isShared(v: unknown): boolean {
  return typeof v !== "object" || v === null;
}

function copyObject(o: object): object {
  const proto = Object.getPrototypeOf(o);
  if (proto === Object.prototype) {
    // Spread builds the copy with V8's fast object-literal path (fast properties, a stable
    // hidden class), where a generic keyed-store loop can leave copies in slow dictionary mode.
    const out: Record<string, unknown> = { ...(o as Record<string, unknown>) };
    for (const key in out) {
      const v = out[key];
      if (typeof v === "object" && v !== null) out[key] = copyRecord(v);
    }
    return out;
  }
  if (o instanceof Date) return new Date(o.getTime());
  if (o instanceof Map) return new Map([...o].map(([k, v]) => [k, copyRecord(v)]));
  if (o instanceof Set) return new Set([...o].map((v) => copyRecord(v)));
  if (ArrayBuffer.isView(o)) return (o as unknown as { slice(): object }).slice();
  const out = Object.assign(Object.create(proto) as object, o) as Record<string, unknown>;
  for (const key of Object.keys(out)) {
    const v = out[key];
    if (typeof v === "object" && v !== null) out[key] = copyRecord(v);
  }
  return out;
}

/**
 * A record whose fields (or elements) are all primitives: reading it cannot reach a shared
 * object, so a function that only reads its arguments (optimizer/passes/reads-only.ts) needs no
 * copy of it. Class instances, Maps, Sets and Dates are not flat.
 */
export function isFlatRecord(r: unknown): boolean {
  if (typeof r !== "object" || r === null) return true;
  if (Array.isArray(r)) {
    for (let i = 0; i < r.length; i++) {
      const v: unknown = r[i];
      if (typeof v === "object" && v !== null) return false;
    }
    return true;
  }
  const proto: unknown = Object.getPrototypeOf(r);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const k in r) {
    const v: unknown = (r as Record<string, unknown>)[k];
    if (typeof v === "object" && v !== null) return false;
  }
  return true;
}

/**
 * A record an operator keeps past the call that gave it (a group's first record in a running-value
 * or generic reduce, a key's record in distinct's overflow table): a fresh array or plain object
 * made by a builtin (`slice`, spread), deep only where `copy` asks for a copy and the record nests.
 *
 * Why a fresh one even when the operator owns the record: V8 decides per allocation site whether
 * to allocate straight into the old generation (pretenuring), from how many of the site's objects
 * survive a scavenge. An operator that keeps the first record of each of many keys keeps most of
 * the producer's early records, so V8 pretenures the producer's site (the user function's array
 * literal, the CSV scanner's record), and every later record from it, kept or not, is allocated
 * old and left to the major collector (csv-job: the join function's output; keeping a copy made
 * here, the whole process 0.80x).
 * A builtin's copy has no allocation site: it starts young and is promoted like any survivor.
 *
 * @example
 * const kept = keptRecord(record, false); // a copy, equal by value
 */
export function keptRecord<T>(record: T, copy: boolean): T {
  if (typeof record !== "object" || record === null) return record;
  if (copy && !isFlatRecord(record)) return copyRecord(record);
  if (Array.isArray(record)) return record.slice() as T;
  if (Object.getPrototypeOf(record) === Object.prototype) return { ...record };
  return copy ? copyRecord(record) : record;
}
