/**
 * Values for the fuzzer's model: canonical text (equality as Flink's keys see it), Flink's order,
 * field access by path and key extraction. Written from API.md and Flink's semantics, sharing no
 * code with the engine.
 */
import type { FType, Key, Leaf, Path, Schema } from "./ast.js";

/** Canonical text: -0, NaN, bigints and POJO field order are told apart exactly as equal keys are. */
export function canon(v: unknown): string {
  if (v === null) return "null";
  if (v === undefined) return "undefined";
  switch (typeof v) {
    case "number": return Object.is(v, -0) ? "-0" : String(v);
    case "bigint": return `${v}n`;
    case "string": return JSON.stringify(v);
    case "boolean": return String(v);
    default: break;
  }
  if (Array.isArray(v)) return `[${v.map(canon).join(",")}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canon(o[k])}`).join(",")}}`;
}

/** Java's Double.compare: -0 < 0, NaN above +Infinity and equal to itself. */
function compareDouble(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : -1;
  if (a === 0 && b === 0) return Object.is(a, -0) === Object.is(b, -0) ? 0 : Object.is(a, -0) ? -1 : 1;
  return 0;
}

/** Flink's order of key values: numbers as Double.compare, strings by UTF-16 units, false < true, tuples field by field. */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return compareDouble(a, b);
  if (typeof a === "bigint" && typeof b === "bigint") return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "boolean" && typeof b === "boolean") return a === b ? 0 : a ? 1 : -1;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compareValues(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  throw new Error(`fuzz: cannot compare ${canon(a)} with ${canon(b)}`);
}

export function isLeaf(t: FType): t is Leaf {
  return typeof t === "string";
}

/** The child types of a tuple or POJO type, with the step that reaches each. */
export function children(t: FType | Schema): [number | string, FType][] {
  if (typeof t === "string") return [];
  if ("t" in t) return t.t.map((c, i) => [i, c]);
  return t.o.map(([n, c]) => [n, c]);
}

/** Every leaf below `t` with its path, POJO fields in alphabetical order (Flink's flattening). */
export function leaves(t: FType | Schema, prefix: Path = []): { path: Path; leaf: Leaf }[] {
  if (typeof t === "string") return [{ path: prefix, leaf: t }];
  const kids = children(t);
  if ("o" in t) kids.sort((x, y) => (String(x[0]) < String(y[0]) ? -1 : 1));
  return kids.flatMap(([step, c]) => leaves(c, [...prefix, step]));
}

export function typeAt(t: FType | Schema, path: Path): FType {
  let cur: FType | Schema = t;
  for (const step of path) {
    const hit = children(cur).find(([s]) => s === step);
    if (hit === undefined) throw new Error(`fuzz: no field ${String(step)}`);
    cur = hit[1];
  }
  return cur as FType;
}

export function getAt(v: unknown, path: Path): unknown {
  let cur = v;
  for (const step of path) cur = (cur as Record<string | number, unknown>)[step];
  return cur;
}

/** Flink's expression for a path: f0.f1 for tuples, names for POJO fields. */
export function exprOf(path: Path): string {
  return path.map((s) => (typeof s === "number" ? `f${s}` : s)).join(".");
}

/** Parses an expression back into a path ("*" is the whole record; "0" is position 0). */
function pathOfExpr(t: Schema, expr: string): Path {
  if (expr === "*") return [];
  return expr.split(".").map((s) => (/^f?[0-9]+$/.test(s) ? Number(s.replace("f", "")) : s));
}

/** Deterministic 32-bit hash of a value's canonical text (the custom partitioner's). */
export function hashOf(v: unknown): number {
  const s = canon(v);
  let h = 7;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/** The key's value for a record as a list of leaf values (what Flink compares). */
export function keyOf(schema: Schema, key: Key, r: unknown): unknown[] {
  switch (key.k) {
    case "pos": return key.pos.flatMap((p) => leafValues(typeAt(schema, [p]), getAt(r, [p])));
    case "expr": return key.exprs.flatMap((e) => { const p = pathOfExpr(schema, e); return leafValues(typeAt(schema, p), getAt(r, p)); });
    case "sel": return key.paths.map((p) => getAt(r, p));
    case "mod": return [modOf(getAt(r, key.path) as number, key.m)];
    case "len": return [canon(r).length % key.m];
  }
}

export function modOf(v: number, m: number): number {
  return ((v % m) + m) % m;
}

function leafValues(t: FType, v: unknown): unknown[] {
  return leaves(t).map(({ path }) => getAt(v, path));
}

/** The types of the key's leaf values, to pair keys of two inputs. */
export function keyLeafTypes(schema: Schema, key: Key): Leaf[] {
  switch (key.k) {
    case "pos": return key.pos.flatMap((p) => leaves(typeAt(schema, [p])).map((l) => l.leaf));
    case "expr": return key.exprs.flatMap((e) => leaves(typeAt(schema, pathOfExpr(schema, e))).map((l) => l.leaf));
    case "sel": return key.paths.map((p) => typeAt(schema, p) as Leaf);
    case "mod": case "len": return ["int"];
  }
}

/** A fixed value of a type (the outer joins' stand-in for an absent side). */
export function defaultOf(t: FType | Schema): unknown {
  if (typeof t === "string") return { int: 0, dbl: 0, wild: 0, str: "", bool: false, big: 0n }[t];
  if ("t" in t) return t.t.map(defaultOf);
  return Object.fromEntries(t.o.map(([n, c]) => [n, defaultOf(c)]));
}

/** Lexicographic comparison of records under a list of (key, order) pairs. */
export function compareBy(schema: Schema, orders: readonly (readonly [Key, "ASC" | "DESC"])[], a: unknown, b: unknown): number {
  for (const [key, ord] of orders) {
    const c = compareValues(keyOf(schema, key, a), keyOf(schema, key, b));
    if (c !== 0) return ord === "ASC" ? c : -c;
  }
  return 0;
}
