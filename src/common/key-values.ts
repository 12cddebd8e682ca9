/**
 * What key values are and how they compare (README, "Keys compare by value"), as Flink compares
 * composite keys: a key is the sequence of its leaf values. A tuple (array, typed array) stands
 * for its elements in order; an object (a POJO: a plain object or a class instance with own
 * enumerable fields) for its fields' values in the sorted order of their names (Flink's POJO
 * order; inherited properties such as `constructor` or `__proto__` are not fields); so `[k]`,
 * `{ v: k }` and `k` are the same key. Leaves are numbers, strings, booleans, bigints, Dates,
 * Maps and Sets:
 * - numbers compare as Java's `Double.compare`: NaN equals NaN and sorts above +Infinity,
 *   -0 sorts below 0 and is a different key;
 * - strings by UTF-16 code units (as Java), booleans false < true, Dates by time;
 * - a Map by its entries and a Set by its elements, both in the order of their keys' own
 *   comparison (then size);
 * - leaves of different types order boolean < number < bigint < string < Date < Map < Set.
 * A class instance with no own enumerable field has nothing to compare by and is rejected
 * (InvalidProgramException naming the operator and the key), as is a key that contains itself
 * (cyclic), a function or a symbol. `hashable` and `compareKeys` agree: two keys have the same
 * hashable exactly when they compare equal.
 */
import { InvalidProgramException } from "./errors.js";

export type HashKey = string | number | boolean | bigint;

/** Prefix of every encoded (non-primitive) hashable; a string key starting with it is escaped. */
const TAG = "\u0000";
const NEG_ZERO: HashKey = `${TAG}n-0;`;

/** Where a key value came from, for error messages. */
export interface KeyContext {
  readonly operator: string;
  readonly where: string;
  readonly record: unknown;
}

/** The hashable of one key value: its own value for a single primitive leaf, else an encoding. */
export function toHashKey(v: unknown, ctx: KeyContext): HashKey {
  switch (typeof v) {
    case "number":
      // An integral number is returned as a small integer: Map lookups on boxed doubles (what
      // arithmetic such as `x % n` on large values yields) cost several times more. -0 is a key
      // of its own (a Map would merge it with 0); NaN is one key (Maps treat NaN as NaN).
      if ((v | 0) === v) return v === 0 && 1 / v < 0 ? NEG_ZERO : v | 0;
      return v;
    case "string":
      return v.charCodeAt(0) === 0 ? TAG + v : v;
    case "boolean":
    case "bigint":
      return v;
    default:
      return hashOfLeaves(leavesOf([v], ctx));
  }
}

/** The hashable of a composite key's field values (each flattened to its leaves). */
export function hashOfParts(parts: readonly unknown[], ctx: KeyContext): HashKey {
  let s = TAG;
  for (const v of parts) {
    switch (typeof v) {
      case "number":
      case "string":
      case "boolean":
      case "bigint":
        s += encodeLeaf(v);
        break;
      default:
        return hashOfLeaves(leavesOf(parts, ctx));
    }
  }
  return parts.length === 1 ? toHashKey(parts[0], ctx) : s;
}

/** The hashable of a key given as its leaves (what toHashKey and hashOfParts give for it). */
export function hashOfLeaves(leaves: readonly unknown[]): HashKey {
  if (leaves.length === 1) {
    const l = leaves[0];
    const t = typeof l;
    if (t === "number" || t === "string" || t === "boolean" || t === "bigint") return toHashKey(l, { operator: "", where: "", record: undefined });
  }
  let s = TAG;
  for (const l of leaves) s += encodeLeaf(l);
  return s;
}

/** Self-delimiting text of a key value (its leaves, counted), equal exactly for equal keys. */
export function encodeKeyPart(v: unknown, operator: string, record: unknown, where = "the key", nulls = false): string {
  const leaves = leavesOf([v], { operator, where, record }, nulls);
  let s = `${leaves.length}|`;
  for (const l of leaves) s += encodeLeaf(l);
  return s;
}

function encodeLeaf(v: unknown): string {
  switch (typeof v) {
    case "number":
      return v === 0 && 1 / v < 0 ? "n-0;" : `n${v};`;
    case "string":
      return `s${v.length}:${v}`;
    case "boolean":
      return v ? "T" : "F";
    case "bigint":
      return `b${v};`;
    default: {
      if (v === null) return "z";
      if (v instanceof Date) return `d${v.getTime()};`;
      const entries = v instanceof Map ? sortedEntries(v) : sortedElements(v as Set<unknown>).map((e) => [e] as const);
      let s = `${v instanceof Map ? "m" : "S"}${entries.length}{`;
      for (const e of entries) for (const x of e) s += encodeKeyPart(x, "compare", v, "a member", true);
      return s + "}";
    }
  }
}

/**
 * The leaves of `values`, in order. Throws on null (unless `nulls`), cycles, functions, symbols
 * and class instances without fields; the members of Maps and Sets are checked the same way.
 */
export function leavesOf(values: readonly unknown[], ctx: KeyContext, nulls = false): unknown[] {
  const out: unknown[] = [];
  const stack = new Set<object>();
  const visit = (v: unknown, into: unknown[], member = false): void => {
    switch (typeof v) {
      case "number":
      case "string":
      case "boolean":
      case "bigint":
        into.push(v);
        return;
      case "undefined":
        if (nulls || member) { into.push(null); return; }
        throw nullKeyError(ctx);
      case "object":
        break;
      default:
        throw new InvalidProgramException(`${ctx.operator}: a ${typeof v} cannot be a key (${ctx.where})`);
    }
    if (v === null) {
      if (nulls || member) { into.push(null); return; }
      throw nullKeyError(ctx);
    }
    if (v instanceof Date) { into.push(v); return; }
    if (stack.has(v)) throw new InvalidProgramException(`${ctx.operator}: ${ctx.where} is cyclic (it contains itself), so it cannot be compared by value`);
    stack.add(v);
    if (v instanceof Map || v instanceof Set) {
      into.push(v);
      const members: unknown[] = [];
      for (const x of v instanceof Map ? [...v.keys(), ...v.values()] : v) visit(x, members, true);
    } else if (Array.isArray(v)) {
      for (const x of v) visit(x, into, member);
    } else if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      for (const x of Array.from(v as unknown as ArrayLike<unknown>)) visit(x, into, member);
    } else {
      const names = Object.keys(v).sort();
      const proto = Object.getPrototypeOf(v) as object | null;
      if (names.length === 0 && proto !== Object.prototype && proto !== null) {
        const cls = (proto as { constructor?: { name?: string } }).constructor?.name || "an object";
        throw new InvalidProgramException(
          `${ctx.operator}: ${ctx.where} is an instance of ${cls} without fields (own enumerable properties), so it cannot be compared by value; ` +
            `key on its fields, or use a key selector that returns a comparable value (README, "Keys compare by value")`,
        );
      }
      for (const n of names) visit((v as Record<string, unknown>)[n], into, member);
    }
    stack.delete(v);
  };
  for (const v of values) visit(v, out);
  return out;
}

const COMPARE_CTX: KeyContext = { operator: "key comparison", where: "a key", record: undefined };

/** Java's `Double.compare`: NaN equals NaN and is above +Infinity; -0 is below 0. */
export function compareNumbers(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) {
    if (a !== 0) return 0;
    const na = 1 / a < 0;
    return na === 1 / b < 0 ? 0 : na ? -1 : 1;
  }
  const nanA = a !== a;
  return nanA === (b !== b) ? 0 : nanA ? 1 : -1;
}

/**
 * Total order over key values (see the module comment), consistent with `toHashKey`: 0 exactly
 * when the hashables are equal. A null or undefined sorts before everything.
 */
export function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return compareNumbers(a, b);
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    // Composite keys of primitives (the common case) compare field by field without flattening.
    let i = 0;
    for (; i < a.length; i++) {
      const x: unknown = a[i];
      const y: unknown = b[i];
      if (typeof x === "number" && typeof y === "number") {
        const c = compareNumbers(x, y);
        if (c !== 0) return c;
      } else if (typeof x === "string" && typeof y === "string") {
        if (x !== y) return x < y ? -1 : 1;
      } else break;
    }
    if (i === a.length) return 0;
  }
  return compareLeafLists(leavesOf([a], COMPARE_CTX, true), leavesOf([b], COMPARE_CTX, true));
}

function compareLeafLists(a: readonly unknown[], b: readonly unknown[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareLeaf(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

function compareLeaf(a: unknown, b: unknown): number {
  const ra = leafRank(a);
  const rb = leafRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 0: return 0;
    case 1: return a === b ? 0 : a ? 1 : -1;
    case 2: return compareNumbers(a as number, b as number);
    case 5: return compareNumbers((a as Date).getTime(), (b as Date).getTime());
    case 6: return compareEntryLists(sortedEntries(a as Map<unknown, unknown>), sortedEntries(b as Map<unknown, unknown>));
    case 7: return compareEntryLists(sortedElements(a as Set<unknown>).map((e) => [e]), sortedElements(b as Set<unknown>).map((e) => [e]));
    default: return (a as string | bigint) < (b as string | bigint) ? -1 : (a as string | bigint) > (b as string | bigint) ? 1 : 0;
  }
}

function leafRank(v: unknown): number {
  switch (typeof v) {
    case "boolean": return 1;
    case "number": return 2;
    case "bigint": return 3;
    case "string": return 4;
    default:
      if (v === null || v === undefined) return 0;
      return v instanceof Date ? 5 : v instanceof Map ? 6 : 7;
  }
}

function compareEntryLists(a: readonly (readonly unknown[])[], b: readonly (readonly unknown[])[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < a[i]!.length; j++) {
      const c = compareKeys(a[i]![j], b[i]![j]);
      if (c !== 0) return c;
    }
  }
  return a.length - b.length;
}

/** A Map's entries in the order of their keys' comparison (then their values'). */
function sortedEntries(m: Map<unknown, unknown>): [unknown, unknown][] {
  return [...m.entries()].sort((x, y) => compareKeys(x[0], y[0]) || compareKeys(x[1], y[1]));
}

/** A Set's elements in the order of their comparison. */
function sortedElements(s: Set<unknown>): unknown[] {
  return [...s].sort(compareKeys);
}

function nullKeyError(ctx: KeyContext): InvalidProgramException {
  return new InvalidProgramException(`${ctx.operator}: null key from ${ctx.where} in record ${safeJson(ctx.record)} (keys must not be null)`);
}

export function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? `${x}n` : x)) ?? String(v);
  } catch {
    return String(v);
  }
}
