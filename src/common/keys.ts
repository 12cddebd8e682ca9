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
import { compileGetter, validateFieldRef, type FieldRef, type Getter } from "./field-access.js";
import type { KeySelector } from "./functions.js";
import type { Shape } from "./shape.js";
import { udfSpec, type UdfSpec } from "./udf.js";

export type KeyDefinition =
  | { readonly kind: "fields"; readonly fields: readonly FieldRef[] }
  | { readonly kind: "selector"; readonly selector: UdfSpec };

export type HashKey = string | number | boolean | bigint;

export interface CompiledKey {
  readonly extract: (record: any) => unknown;
  readonly hashable: (record: any) => HashKey;
  readonly description: string;
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
  return { kind: "fields", fields: args as FieldRef[] };
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

/** Compiles a key definition; `selectorCall` is the per-subtask selector instance for selectors. */
export function compileKey(key: KeyDefinition, operator: string, selectorCall?: (r: any) => unknown): CompiledKey {
  const description = describeKey(key);
  if (key.kind === "selector") {
    const sel = selectorCall ?? (key.selector.value as (r: any) => unknown);
    const extract = (r: any): unknown => {
      const k = sel(r);
      if (k === null || k === undefined) throw nullKey(operator, "the key selector", r);
      return k;
    };
    return { extract, hashable: (r) => toHashKey(extract(r), operator, r), description };
  }
  const getters = key.fields.map((f) => checkedGetter(f, operator));
  if (getters.length === 1) {
    const g = getters[0]!;
    const field = key.fields[0]!;
    const hashable = (r: any): HashKey => {
      const v = g(r);
      // An integral number is returned as a small integer: Map lookups on boxed doubles (what
      // arithmetic such as `x % n` on large values yields) cost several times more.
      if (typeof v === "number") return (v | 0) === v ? v | 0 : v;
      if (typeof v === "string") return v;
      return toHashKey(v, operator, r, field);
    };
    return { extract: g, hashable, description };
  }
  const extract = (r: any): unknown[] => getters.map((g) => g(r));
  const hashable = (r: any): HashKey => {
    let s = "";
    for (let i = 0; i < getters.length; i++) s += encodeKeyPart(getters[i]!(r), operator, r, key.fields[i]!);
    return s;
  };
  return { extract, hashable, description };
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
    if (!Array.isArray(r)) throw new InvalidProgramException(`${operator}: key position ${field} needs tuple records, but got ${typeof r === "object" ? "an object" : typeof r}`);
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

function nullKey(operator: string, where: string, record: unknown): Error {
  return new InvalidProgramException(`${operator}: null key from ${where} in record ${safeJson(record)} (keys must not be null)`);
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? `${x}n` : x)) ?? String(v);
  } catch {
    return String(v);
  }
}

/** Encodes any key value to a primitive equal exactly for equal keys. */
export function toHashKey(v: unknown, operator: string, record: unknown, field?: FieldRef): HashKey {
  switch (typeof v) {
    case "number":
      return (v | 0) === v ? v | 0 : v;
    case "string":
    case "boolean":
    case "bigint":
      return v;
    default:
      return encodeKeyPart(v, operator, record, field);
  }
}

/** Self-delimiting text of one key value, tagged by type so 1, "1" and 1n differ. */
export function encodeKeyPart(v: unknown, operator: string, record: unknown, field?: FieldRef): string {
  switch (typeof v) {
    case "number":
      return `n${Object.is(v, -0) ? 0 : v};`;
    case "string":
      return `s${v.length}:${v}`;
    case "boolean":
      return v ? "T" : "F";
    case "bigint":
      return `b${v};`;
    case "undefined":
      throw nullKey(operator, field === undefined ? "the key" : `key field ${field}`, record);
    case "object": {
      if (v === null) throw nullKey(operator, field === undefined ? "the key" : `key field ${field}`, record);
      if (v instanceof Date) return `d${v.getTime()};`;
      if (Array.isArray(v)) {
        let s = `a${v.length}[`;
        for (const x of v) s += encodeKeyPart(x, operator, record, field);
        return s + "]";
      }
      // An object key flattens its fields in alphabetical order of their names (Flink's "*").
      const names = Object.keys(v).sort();
      let s = `o${names.length}{`;
      for (const n of names) s += `${n.length}:${n}` + encodeKeyPart((v as Record<string, unknown>)[n], operator, record, field);
      return s + "}";
    }
    default:
      throw new InvalidProgramException(`${operator}: a ${typeof v} cannot be a key`);
  }
}

/** Total order over key values: numbers, strings (UTF-16 code units, as Java), bigints, booleans, dates, arrays. */
export function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  const ta = typeRank(a);
  const tb = typeRank(b);
  if (ta !== tb) return ta - tb;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    const n = Math.min(a.length, bb.length);
    for (let i = 0; i < n; i++) {
      const c = compareKeys(a[i], bb[i]);
      if (c !== 0) return c;
    }
    return a.length - bb.length;
  }
  if (a instanceof Date) return Math.sign(a.getTime() - (b as Date).getTime());
  if (typeof a === "object" && a !== null) {
    const ea = encodeKeyPart(a, "compare", a);
    const eb = encodeKeyPart(b, "compare", b);
    return ea < eb ? -1 : ea > eb ? 1 : 0;
  }
  return (a as any) < (b as any) ? -1 : (a as any) > (b as any) ? 1 : 0;
}

function typeRank(v: unknown): number {
  if (v === null || v === undefined) return 0;
  switch (typeof v) {
    case "boolean": return 1;
    case "number": return 2;
    case "bigint": return 3;
    case "string": return 4;
    default:
      if (v instanceof Date) return 5;
      return Array.isArray(v) ? 6 : 7;
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

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** Sort orderings over several keys, each ascending or descending. @internal */
export type KeyComparator = (a: any, b: any) => number;
