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
  const out = a.slice();
  for (let i = 0; i < out.length; i++) {
    const v = out[i];
    if (typeof v === "object" && v !== null) out[i] = copyRecord(v);
  }
  return out;
}

function copyObject(o: object): object {
  const proto = Object.getPrototypeOf(o);
  if (o instanceof Date) return new Date(o.getTime());
  if (o instanceof Map) return new Map([...o].map(([k, v]) => [k, copyRecord(v)]));
  if (o instanceof Set) return new Set([...o].map((v) => copyRecord(v)));
  if (ArrayBuffer.isView(o)) return (o as unknown as { slice(): object }).slice();
  const out: Record<string, unknown> = proto === Object.prototype ? {} : Object.create(proto);
  for (const key in o) {
    if (!Object.prototype.hasOwnProperty.call(o, key)) continue;
    const v = (o as Record<string, unknown>)[key];
    out[key] = typeof v === "object" && v !== null ? copyRecord(v) : v;
  }
  return out;
}
