/**
 * The user functions of generated programs, with the schema each produces. They are user code:
 * the runner hands them to Sluice and the model calls them directly. Reducers are commutative and
 * associative, so every grouping order gives the same result.
 */
import type { FType, Key, Leaf, MapFn, Ord, Schema } from "./ast.js";
import { canon, compareBy, getAt, keyLeafTypes, keyOf, typeAt } from "./values.js";

type Rec = any;

/** A deep copy that shares nothing (structuredClone would keep two fields that are one object aliased). */
export function copy(v: Rec): Rec {
  if (Array.isArray(v)) return v.map(copy);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copy(x)]));
  return v;
}

function bump(v: unknown, leaf: Leaf): unknown {
  switch (leaf) {
    case "int": return (v as number) + 1;
    case "dbl": case "wild": return (v as number) * 2;
    case "str": return `${v as string}x`;
    case "bool": return !(v as boolean);
    case "big": return (v as bigint) + 1n;
  }
}

/** A map function's body. `inc` with `mutate` changes its input in place and returns it. */
export function mapOf(fn: MapFn): (r: Rec) => Rec {
  switch (fn.f) {
    case "inc": return (r) => {
      const out = fn.mutate ? r : copy(r);
      if (fn.path.length === 0) return bump(out, fn.leaf);
      const parent = getAt(out, fn.path.slice(0, -1)) as Record<string | number, unknown>;
      const last = fn.path[fn.path.length - 1];
      parent[last] = bump(parent[last], fn.leaf);
      return out;
    };
    case "swap": return (r: unknown[]) => [...r].reverse();
    case "toPojo": return (r: unknown[]) => Object.fromEntries(fn.names.map((n, i) => [n, r[i]]));
    case "toTuple": return (r: Record<string, unknown>) => Object.keys(r).sort().map((k) => r[k]);
    case "nest": return (r: unknown[]) => [[r[0], r[1]], ...r.slice(2)];
    case "addLen": return (r) => (Array.isArray(r) ? [...r, canon(r).length % 5] : { ...r, zlen: canon(r).length % 5 });
  }
}

export function mapSchema(fn: MapFn, s: Schema): Schema {
  switch (fn.f) {
    case "inc": return s;
    case "swap": return { t: [...(s as { t: FType[] }).t].reverse() };
    case "toPojo": return { o: fn.names.map((n, i) => [n, (s as { t: FType[] }).t[i]] as const) };
    case "toTuple": return { t: [...(s as { o: [string, FType][] }).o].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([, t]) => t) };
    case "nest": { const t = (s as { t: FType[] }).t; return { t: [{ t: [t[0], t[1]] }, ...t.slice(2)] }; }
    case "addLen": return "t" in s ? { t: [...s.t, "int"] } : { o: [...s.o, ["zlen", "int"]] };
  }
}

/** How many copies flatMap emits. */
export const copiesOf = (m: number) => (r: Rec): number => canon(r).length % m;
/** The filter predicate (also the termination criterion's). */
export const keepOf = (m: number, rem: number) => (r: Rec): boolean => canon(r).length % m !== rem;

/**
 * Merges two values of a type field by field: commutative and associative; with intOp "max" also
 * idempotent, so a grouped reduce keeps its key fields (Flink's contract for reduce functions).
 */
export function mergeOf(t: FType | Schema, intOp: "sum" | "max"): (a: Rec, b: Rec) => Rec {
  if (typeof t === "string") {
    switch (t) {
      case "int": return intOp === "sum" ? (a, b) => a + b : (a, b) => Math.max(a, b);
      case "dbl": return (a, b) => Math.min(a, b);
      case "wild": return (a, b) => Math.max(a, b);
      case "str": return (a, b) => (a < b ? a : b);
      case "bool": return (a, b) => a || b;
      case "big": return intOp === "sum" ? (a, b) => a + b : (a, b) => (a > b ? a : b);
    }
  }
  if ("t" in t) {
    const fs = t.t.map((c) => mergeOf(c, intOp));
    return (a, b) => fs.map((f, i) => f(a[i], b[i]));
  }
  const fs = t.o.map(([n, c]) => [n, mergeOf(c, intOp)] as const);
  return (a, b) => Object.fromEntries(fs.map(([n, f]) => [n, f(a[n], b[n])]));
}

/** Folds a non-empty group with mergeOf. */
export function foldOf(t: Schema, intOp: "sum" | "max"): (rs: Iterable<Rec>) => Rec | undefined {
  const merge = mergeOf(t, intOp);
  return (rs) => {
    let acc: Rec | undefined;
    for (const r of rs) acc = acc === undefined ? copy(r) : merge(acc, r);
    return acc;
  };
}

/** A group's records sorted, emitted as [groupKey, position, sortKeyText]: ties give the same text. */
export function groupSeqOf(s: Schema, key: Key, orders: readonly (readonly [Key, Ord])[]): (rs: Iterable<Rec>, out: { collect(r: Rec): void }) => void {
  return (rs, out) => {
    const all = [...rs];
    all.forEach((r, i) => out.collect([keyOf(s, key, r), i, canon(orders.map(([k]) => keyOf(s, k, r)))]));
  };
}
export function groupSeqSchema(s: Schema, key: Key): Schema {
  return { t: [{ t: keyLeafTypes(s, key) }, "int", "str"] };
}

/**
 * The coGroup function: per record [groupKey, side, position, text]. On a sorted side the text is
 * the sort key at that position; on an unsorted side position is -1 and the text the record.
 */
export function coGroupOf(
  sa: Schema,
  sb: Schema,
  keys: readonly [Key, Key],
  sorts: readonly [readonly (readonly [Key, Ord])[], readonly (readonly [Key, Ord])[]],
) {
  return (as: Iterable<Rec>, bs: Iterable<Rec>, out: { collect(r: Rec): void }): void => {
    const a = [...as];
    const b = [...bs];
    const gk = a.length > 0 ? keyOf(sa, keys[0], a[0]) : keyOf(sb, keys[1], b[0]);
    const emit = (rs: Rec[], side: number, s: Schema, orders: readonly (readonly [Key, Ord])[]) =>
      rs.forEach((r, i) => {
        // One key object shared by the group's records (FUZZ-FINDINGS F5, fixed: a mutating consumer gets copies).
        out.collect(orders.length > 0 ? [gk, side, i, canon(orders.map(([k]) => keyOf(s, k, r)))] : [gk, side, -1, canon(r)]);
      });
    emit(a, 0, sa, sorts[0]);
    emit(b, 1, sb, sorts[1]);
  };
}
export function coGroupSchema(sa: Schema, key: Key): Schema {
  return { t: [{ t: keyLeafTypes(sa, key) }, "int", "int", "str"] };
}

/** Sorts a copy of `rs` (stable) under the orders. */
export function sortedBy(s: Schema, orders: readonly (readonly [Key, Ord])[], rs: readonly Rec[]): Rec[] {
  return [...rs].sort((a, b) => compareBy(s, orders, a, b));
}

/** The value a custom partitioner receives for a one-field key. */
export function customKeyOf(s: Schema, key: Key, r: Rec): unknown {
  switch (key.k) {
    case "pos": return getAt(r, [key.pos[0]]);
    case "expr": return getAt(r, key.exprs[0].split(".").map((x) => (/^f?[0-9]+$/.test(x) ? Number(x.replace("f", "")) : x)));
    default: return keyOf(s, key, r)[0];
  }
}
export { typeAt };
