/**
 * Keys by value (API.md "Records, tuples, keys").
 * A key definition (positions, expressions or a selector) compiles into
 * - `extract(record)`: the key value (one field's value, or an array for a composite key);
 * - `hashable(record)`: a primitive that is equal for equal keys, for Map lookups and hashing.
 *   A single number or string key is its own hashable (the fast path); other keys are encoded.
 * A null/undefined key is an error (Flink's NullKeyFieldException); a position or field that the
 * record does not have is an InvalidProgramException, found on the first such record.
 */
import { InvalidProgramException } from "./errors.js";
import { compileGetter, fieldAccessSource, normalizeFieldExpression, validateFieldRef, type FieldRef, type Getter } from "./field-access.js";
import type { KeySelector } from "./functions.js";
import type { Shape } from "./shape.js";
import { udfSpec, type UdfSpec } from "./udf.js";
import { hashOfLeaves, hashOfParts, leavesOf, safeJson, toHashKey, type HashKey } from "./key-values.js";

export { compareKeys, compareNumbers, encodeKeyPart, toHashKey, type HashKey } from "./key-values.js";

export type KeyDefinition =
  | { readonly kind: "fields"; readonly fields: readonly FieldRef[] }
  | { readonly kind: "selector"; readonly selector: UdfSpec };

export interface CompiledKey {
  readonly extract: (record: any) => unknown;
  readonly hashable: (record: any) => HashKey;
  readonly description: string;
  /**
   * For a two-field or whole-record ("*") key: true when the key's leaves are exactly two numbers
   * or strings (not -0), which it writes to `slot` (no string encoding: runtime/hash/keyed-map.ts
   * keys nested Maps by them, where SameValueZero is the key order's equality for such leaves);
   * false for any other key, which then goes through `hashable` (or `slot.hash` if it computed it).
   */
  readonly pair?: (record: any, slot: PairSlot) => boolean;
}

/** The two leaves of a pair key (CompiledKey.pair); `hash`: the hashable, when `pair` computed it instead. */
export interface PairSlot {
  a: number | string;
  b: number | string;
  hash: HashKey | undefined;
}

/** Reads `groupBy(...)`-style arguments: positions, expressions, or one key selector. */
export function parseKeyArgs(args: readonly unknown[], operator: string): KeyDefinition {
  if (args.length === 0) throw new InvalidProgramException(`${operator}: no key given; pass positions, field expressions or a key selector`);
  const first = args[0];
  if (typeof first === "function" || (typeof first === "object" && first !== null && typeof (first as { getKey?: unknown }).getKey === "function")) {
    if (args.length > 1) throw new InvalidProgramException(`${operator}: a key selector must be the only key argument`);
    return { kind: "selector", selector: udfSpec(first as KeySelector<unknown, unknown>, "getKey", operator) };
  }
  for (const a of args) {
    if (typeof a !== "number" && typeof a !== "string") {
      throw new InvalidProgramException(`${operator}: invalid key ${String(a)}; keys are positions, field expressions or one key selector`);
    }
    if (typeof a === "number" && (!Number.isInteger(a) || a < 0)) throw new InvalidProgramException(`${operator}: key position ${a} is not a valid position`);
  }
  return { kind: "fields", fields: (args as FieldRef[]).map((a) => (typeof a === "string" ? normalizeFieldExpression(a) : a)) };
}

/** Definition-time check against a known input shape. */
export function validateKey(key: KeyDefinition, shape: Shape | undefined, operator: string): void {
  if (key.kind === "fields") for (const f of key.fields) validateFieldRef(f, shape, operator);
}

export function describeKey(key: KeyDefinition): string {
  return key.kind === "selector" ? "KeySelector" : `[${key.fields.join(", ")}]`;
}

/** Number of fields in the key, or undefined for a selector (unknown until it runs). */
export function keyArity(key: KeyDefinition): number | undefined {
  return key.kind === "fields" ? key.fields.length : undefined;
}

/**
 * Compiles a key definition; `selectorCall` is the per-subtask selector instance for selectors.
 * `extract` gives the key as the record holds it (a selector's result, a field's value, or the
 * array of a composite key's field values); `hashable` gives its identity as key-values.ts
 * defines it (leaves compared by value: NaN is one key, -0 another than 0, Maps and Sets by
 * their entries). A key value that cannot be compared (cyclic, a class instance without fields)
 * fails at the first record with an InvalidProgramException naming the operator and the key.
 */
export function compileKey(key: KeyDefinition, operator: string, selectorCall?: (r: any) => unknown): CompiledKey {
  const description = describeKey(key);
  if (key.kind === "selector") {
    const sel = selectorCall ?? (key.selector.value as (r: any) => unknown);
    const where = "the key selector's key";
    const extract = (r: any): unknown => {
      const k = sel(r);
      if (k === null || k === undefined) throw nullKey(operator, "the key selector", r);
      if (typeof k === "object") checkKeyValue(k, operator, where, r);
      return k;
    };
    return { extract, hashable: (r) => toHashKey(extract(r), { operator, where, record: r }), description };
  }
  const getters = key.fields.map((f) => checkedGetter(f, operator));
  if (getters.length === 1) {
    const g = getters[0]!;
    const field = key.fields[0]!;
    const where = `key field ${String(field)}`;
    const hashable = generatedHashable(field, (r, v) => {
      if (v === undefined) checkFieldExists(field, r, operator);
      return toHashKey(v, { operator, where, record: r });
    }) ?? ((r: any): HashKey => {
      const v = g(r);
      // An integral number is returned as a small integer: Map lookups on boxed doubles (what
      // arithmetic such as `x % n` on large values yields) cost several times more.
      if (typeof v === "number" && (v | 0) === v && v !== 0) return v | 0;
      if (typeof v === "string" && v.charCodeAt(0) !== 0) return v;
      return toHashKey(v, { operator, where, record: r });
    });
    const extract = (r: any): unknown => {
      const v = g(r);
      if (typeof v === "object" && v !== null) checkKeyValue(v, operator, where, r);
      return v;
    };
    // The whole record ("*", distinct()) of a pair such as [int, string] is a pair key.
    if (key.fields[0] !== "*") return { extract, hashable, description };
    const ctx = { operator, where, record: undefined as unknown };
    const pair = (r: any, slot: PairSlot): boolean => {
      if (typeof r !== "object" || r === null) return false;
      if (Array.isArray(r) && r.length === 2) {
        const a: unknown = r[0];
        const b: unknown = r[1];
        if (isPairLeaf(a) && isPairLeaf(b)) {
          slot.a = a;
          slot.b = b;
          return true;
        }
      }
      return pairOfLeaves(leavesOf([r], { ...ctx, record: r }), slot);
    };
    return { extract, hashable, description, pair };
  }
  const where = `key ${description}`;
  const extract = (r: any): unknown[] => {
    const parts = getters.map((g) => g(r));
    for (const v of parts) if (typeof v === "object" && v !== null) checkKeyValue(v, operator, where, r);
    return parts;
  };
  const hashable = (r: any): HashKey => hashOfParts(getters.map((g) => g(r)), { operator, where, record: r });
  if (getters.length !== 2) return { extract, hashable, description };
  const [f0, f1] = key.fields as [FieldRef, FieldRef];
  // Leaves that are not both pair leaves: a missing field fails, a tuple or object field stands
  // for its leaves (([1], 2) is the key (1, 2)), anything else goes through `hashable`.
  const other = (r: any, slot: PairSlot, a: unknown, b: unknown): boolean => {
    if (a === undefined) checkFieldExists(f0, r, operator);
    if (b === undefined) checkFieldExists(f1, r, operator);
    if (typeof a !== "object" && typeof b !== "object") return false;
    if (a === null || b === null) return false;
    return pairOfLeaves(leavesOf([a, b], { operator, where, record: r }), slot);
  };
  return { extract, hashable, description, pair: generatedPair(f0, f1, other) };
}

/**
 * The `hashable` of a one-field key read by position or field name, generated for that field (its
 * load and the fast paths inline, one call per record instead of a getter's two): a string not
 * starting with NUL is its own hashable, an int32 other than -0 itself as a small integer; any other
 * value goes to `other(record, value)`. Undefined for paths and "*" (the getters serve those).
 */
function generatedHashable(field: FieldRef, other: (r: any, v: unknown) => HashKey): ((r: any) => HashKey) | undefined {
  const v = fieldAccessSource(field, "r");
  if (v === undefined) return undefined;
  const body = `return function hashable(r) {
    const v = ${v};
    if (typeof v === "string") {
      if (v.charCodeAt(0) !== 0) return v;
    } else if (typeof v === "number" && (v | 0) === v && v !== 0) return v | 0;
    return other(r, v);
  };`;
  return new Function("other", body)(other) as (r: any) => HashKey;
}

/**
 * The `pair` of a two-field key: for positions and single fields a function generated for the
 * two references (its loads and checks inline, with feedback of their own), else the getters'.
 */
function generatedPair(f0: FieldRef, f1: FieldRef, other: (r: any, slot: PairSlot, a: unknown, b: unknown) => boolean): CompiledKey["pair"] {
  const a = fieldAccessSource(f0, "r");
  const b = fieldAccessSource(f1, "r");
  if (a === undefined || b === undefined) {
    const g0 = compileGetter(f0);
    const g1 = compileGetter(f1);
    return (r, slot) => {
      const x: unknown = g0(r);
      const y: unknown = g1(r);
      if (isPairLeaf(x) && isPairLeaf(y)) {
        slot.a = x;
        slot.b = y;
        return true;
      }
      return other(r, slot, x, y);
    };
  }
  // isPairLeaf, written out: a string, or a number other than -0.
  const leaf = (v: string) => `(typeof ${v} === "string" || (typeof ${v} === "number" && (${v} !== 0 || 1 / ${v} > 0)))`;
  const body = `return function pair(r, slot) {
    const a = ${a};
    const b = ${b};
    if (${leaf("a")} && ${leaf("b")}) {
      slot.a = a;
      slot.b = b;
      return true;
    }
    return other(r, slot, a, b);
  };`;
  return new Function("other", body)(other) as CompiledKey["pair"];
}

/** Whether `leaves` are a pair (into `slot`); else their hashable goes to `slot.hash`. */
function pairOfLeaves(leaves: readonly unknown[], slot: PairSlot): boolean {
  const a = leaves[0];
  const b = leaves[1];
  if (leaves.length !== 2 || !isPairLeaf(a) || !isPairLeaf(b)) {
    slot.hash = hashOfLeaves(leaves);
    return false;
  }
  slot.a = a;
  slot.b = b;
  return true;
}

/** A leaf a Map compares as the key order does: a string, or a number other than -0 (NaN is one key). */
function isPairLeaf(v: unknown): v is number | string {
  return typeof v === "string" || (typeof v === "number" && (v !== 0 || 1 / v > 0));
}

/** Rejects a key value that cannot be compared (see key-values.ts); nulls inside are allowed here. */
function checkKeyValue(v: object, operator: string, where: string, record: unknown): void {
  if (v instanceof Date) return;
  leavesOf([v], { operator, where, record }, true);
}

function nullKey(operator: string, where: string, record: unknown): Error {
  return new InvalidProgramException(`${operator}: null key from ${where} in record ${safeJson(record)} (keys must not be null)`);
}

// A getter that tells a missing position/field (program error) from a null value (null key).
function checkedGetter(field: FieldRef, operator: string): Getter {
  const g = compileGetter(field);
  return (r) => {
    const v = g(r);
    if (v === undefined) checkFieldExists(field, r, operator);
    return v;
  };
}

function checkFieldExists(field: FieldRef, r: any, operator: string): void {
  if (typeof field === "number") {
    if (!Array.isArray(r))
      throw new InvalidProgramException(`${operator}: key position ${field} needs tuple records, but got ${typeof r === "object" ? "an object" : typeof r}`);
    if (field >= r.length) throw new InvalidProgramException(`${operator}: key position ${field} is out of range for a Tuple${r.length}`);
    return;
  }
  if (field === "*" || field.includes(".")) return;
  if (r === null || typeof r !== "object") throw new InvalidProgramException(`${operator}: key field '${field}' cannot be selected from a ${typeof r} record`);
  const pos = /^f\d+$/.test(field) && Array.isArray(r) ? Number(field.slice(1)) : undefined;
  if (pos !== undefined ? pos >= r.length : !(field in r)) {
    throw new InvalidProgramException(`${operator}: key field '${field}' does not exist in the record`);
  }
}

/** 32-bit hash of a hashable key, for hash partitioning. */
export function hashKey(k: HashKey): number {
  if (typeof k === "number") {
    if ((k | 0) === k) return fmix32(k);
    return hashString(String(k));
  }
  if (typeof k === "string") return hashString(k);
  if (typeof k === "boolean") return k ? 1231 : 1237;
  return hashString(k.toString());
}

/**
 * The partition hash of a key's records: `hashKey(hashable(r))`, the same number, computed for a
 * pair key (two number or string leaves) straight from the leaves: the FNV-1a of the encoded
 * hashable's characters (`"\u0000n5;s2:ab"`) fed one by one, without building the string. Equal
 * keys in any representation (`(1, "a")`, `[[1, "a"]]` under a one-field key) hash alike, as they
 * did, and every producer of a channel, in any worker, agrees.
 * @example
 * const key = compileKey(parseKeyArgs([0, 1], "op"), "op");
 * partitionHasher(key)([7, "x"]) === hashKey(key.hashable([7, "x"])); // true
 */
export function partitionHasher(key: CompiledKey): (record: any) => number {
  const pair = key.pair;
  const hashable = key.hashable;
  if (pair === undefined) return (r) => hashKey(hashable(r));
  const slot: PairSlot = { a: 0, b: 0, hash: undefined };
  return (r) => {
    if (pair(r, slot)) return fmix32(fnvLeaf(fnvLeaf(FNV_TAG, slot.a), slot.b));
    const known = slot.hash;
    slot.hash = undefined;
    return hashKey(known ?? hashable(r));
  };
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** FNV state after the encoded hashable's leading NUL (key-values.ts TAG). */
const FNV_TAG = Math.imul(FNV_OFFSET ^ 0, FNV_PRIME);

function fnvChar(h: number, c: number): number {
  return Math.imul(h ^ c, FNV_PRIME);
}

/** `h` fed with the decimal digits of the non-negative integer `n` (at most 2^31). */
function fnvDigits(h: number, n: number): number {
  let p = 1;
  while (p * 10 <= n) p *= 10;
  for (; p >= 1; p /= 10) {
    const d = Math.floor(n / p);
    h = fnvChar(h, 48 + d);
    n -= d * p;
  }
  return h;
}

/** `h` fed with encodeLeaf(v) (key-values.ts) of a pair leaf: `n<number>;` or `s<length>:<text>`. */
function fnvLeaf(h: number, v: number | string): number {
  if (typeof v === "string") {
    h = fnvDigits(fnvChar(h, 115), v.length);
    h = fnvChar(h, 58);
    for (let i = 0; i < v.length; i++) h = fnvChar(h, v.charCodeAt(i));
    return h;
  }
  h = fnvChar(h, 110);
  if ((v | 0) === v) {
    if (v < 0) h = fnvDigits(fnvChar(h, 45), -v);
    else h = fnvDigits(h, v);
  } else {
    const text = String(v);
    for (let i = 0; i < text.length; i++) h = fnvChar(h, text.charCodeAt(i));
  }
  return fnvChar(h, 59);
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// FNV-1a, one UTF-16 unit at a time: partitionHasher feeds the same units through fnvChar.
function hashString(s: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < s.length; i++) h = fnvChar(h, s.charCodeAt(i));
  return fmix32(h);
}

/** Sort orderings over several keys, each ascending or descending. @internal */
export type KeyComparator = (a: any, b: any) => number;
