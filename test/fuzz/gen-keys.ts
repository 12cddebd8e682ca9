/**
 * The generator's choice source and its schema, row and key choices. Every choice reads the next
 * number of a fast-check array (0 once it runs out), so shrinking the array toward zeros and
 * shorter lengths shrinks the program toward sources, small schemas and the first options.
 */
import type { Flags, FType, Key, Leaf, Ord, Path, Schema } from "./ast.js";
import { exprOf, isLeaf, keyLeafTypes, leaves, typeAt } from "./values.js";

export class Draw {
  private i = 0;
  constructor(private readonly choices: readonly number[], readonly flags: Flags) {}
  /** A number in [0, n). */
  int(n: number): number {
    if (n <= 1) return 0;
    const c = this.choices[this.i++] ?? 0;
    return c % n;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
  /** Picks by weight: the first entry is the shrink target. */
  weighted<T>(xs: readonly (readonly [number, T])[]): T {
    const live = xs.filter(([w]) => w > 0);
    const total = live.reduce((a, [w]) => a + w, 0);
    let c = this.int(total);
    for (const [w, x] of live) {
      if (c < w) return x;
      c -= w;
    }
    return live[0][1];
  }
  chance(oneIn: number): boolean {
    return this.int(oneIn) === 1 % oneIn;
  }
  /** Up to `max` distinct elements of xs, in drawn order. */
  subset<T>(xs: readonly T[], min: number, max: number): T[] {
    const pool = [...xs];
    const n = Math.min(pool.length, min + this.int(max - min + 1));
    const out: T[] = [];
    for (let k = 0; k < n; k++) out.push(pool.splice(this.int(pool.length), 1)[0]);
    return out;
  }
}

const VALUES: Record<Leaf, readonly unknown[]> = {
  int: [0, 1, 2, -1, 3, 7, -5, 42, 2147483647, -2147483648],
  dbl: [0.5, 0, 1, -2.25, 1e300, Infinity, -Infinity, 5e-324, 3.14],
  wild: [0, NaN, -0, 1.5, Infinity, -Infinity],
  str: ["a", "", "b", "ab", "é", "e\u0301", "日本", "😀", "a b", "A", "a,b", "zz", "\uffff"],
  bool: [false, true],
  big: [0n, 1n, -1n, 2n ** 64n, -(2n ** 70n)],
};
const NAMES = ["a", "b", "id", "x", "zz", "name"];

export function drawLeaf(d: Draw): Leaf {
  return d.weighted<Leaf>([[6, "int"], [3, "str"], [2, "dbl"], [1, "bool"], [1, "big"], [1, "wild"]]);
}

export function drawType(d: Draw, depth: number): FType {
  if (depth <= 0 || !d.chance(6)) return drawLeaf(d);
  if (d.chance(3)) return { o: d.subset(NAMES, 1, 2).map((n) => [n, drawLeaf(d)] as const) };
  return { t: Array.from({ length: 1 + d.int(2) }, () => drawType(d, depth - 1)) };
}

export function drawSchema(d: Draw): Schema {
  if (d.chance(5)) return { o: d.subset(NAMES, 1, 3).map((n) => [n, drawType(d, 1)] as const) };
  return { t: Array.from({ length: 1 + d.int(3) }, () => drawType(d, 1)) };
}

export function drawValue(d: Draw, t: FType): unknown {
  if (isLeaf(t)) return d.pick(VALUES[t]);
  if ("t" in t) return t.t.map((c) => drawValue(d, c));
  return Object.fromEntries(t.o.map(([n, c]) => [n, drawValue(d, c)]));
}

export function drawRows(d: Draw, s: Schema, max = 7): unknown[] {
  return Array.from({ length: d.int(max + 1) }, () => drawValue(d, s as FType));
}

export function keyableLeaf(d: Draw, l: Leaf): boolean {
  return l !== "wild" || d.flags.nanKeys;
}

/** Whether a whole record can be a key (distinct(), "*"). */
export function wholeKeyable(d: Draw, s: Schema): boolean {
  return leaves(s).every((l) => keyableLeaf(d, l.leaf)) && (d.flags.nestedKeys || leaves(s).every((l) => l.path.length === 1));
}

function keyablePaths(d: Draw, s: Schema): Path[] {
  return leaves(s).filter((l) => keyableLeaf(d, l.leaf)).map((l) => l.path);
}

/** Top-level tuple positions usable as key positions. */
function keyablePositions(d: Draw, s: Schema): number[] {
  if (!("t" in s)) return [];
  return s.t
    .map((t, i) => [t, i] as const)
    .filter(([t]) => (isLeaf(t) ? keyableLeaf(d, t) : d.flags.nestedKeys && "t" in t && leaves(t).every((l) => keyableLeaf(d, l.leaf))))
    .map(([, i]) => i);
}

const pathOf = (e: string): Path => e.split(".").map((x) => (/^f?[0-9]+$/.test(x) ? Number(x.replace("f", "")) : x));

function exprFor(d: Draw, p: Path): string {
  return d.flags.posExpr && p.length === 1 && typeof p[0] === "number" && d.chance(3) ? String(p[0]) : exprOf(p);
}

const hasPojo = (t: FType | Schema): boolean => typeof t !== "string" && ("o" in t || t.t.some(hasPojo));

/** A key over `s`; `single` asks for one field (custom partitioning, sort keys); `ordered` when its order is observed. */
export function drawKey(d: Draw, s: Schema, single = false, ordered = false): Key {
  const paths = keyablePaths(d, s);
  const pos = keyablePositions(d, s);
  const ints = leaves(s).filter((l) => l.leaf === "int").map((l) => l.path);
  const max = single ? 1 : 2;
  const kind = d.weighted([
    [pos.length > 0 ? 4 : 0, "pos"],
    [paths.length > 0 ? 3 : 0, "expr"],
    [paths.length > 0 ? 2 : 0, "sel"],
    [ints.length > 0 ? 1 : 0, "mod"],
    [1, "len"],
    [!single && wholeKeyable(d, s) && (!ordered || d.flags.objectKeyOrder || !hasPojo(s)) ? 1 : 0, "star"],
  ] as const);
  switch (kind) {
    case "pos": return { k: "pos", pos: d.subset(pos, 1, max) };
    case "expr": return { k: "expr", exprs: d.subset(paths, 1, max).map((p) => exprFor(d, p)) };
    case "sel": return { k: "sel", paths: d.subset(paths, 1, max) };
    case "mod": return { k: "mod", path: d.pick(ints), m: 2 + d.int(3) };
    case "len": return { k: "len", m: 2 + d.int(3) };
    case "star": return { k: "expr", exprs: ["*"] };
  }
}

/** A key over `s` whose leaf types are `types`, in the same form as `like` where possible. */
function matchKey(d: Draw, s: Schema, types: readonly Leaf[], like: Key): Key | undefined {
  if (like.k === "len") return { k: "len", m: like.m };
  if (like.k === "mod") {
    const ints = leaves(s).filter((l) => l.leaf === "int");
    if (ints.length > 0) return { k: "mod", path: d.pick(ints).path, m: like.m };
    return undefined;
  }
  const chosen: Path[] = [];
  for (const t of types) {
    const cands = leaves(s).filter((l) => l.leaf === t && !chosen.some((c) => exprOf(c) === exprOf(l.path)));
    if (cands.length === 0) return undefined;
    chosen.push(d.pick(cands).path);
  }
  const topLevel = "t" in s && chosen.every((p) => p.length === 1 && typeof p[0] === "number");
  const form = d.weighted([[topLevel ? 2 : 0, "pos"], [2, "expr"], [1, "sel"]] as const);
  if (form === "pos") return { k: "pos", pos: chosen.map((p) => p[0] as number) };
  if (form === "expr") return { k: "expr", exprs: chosen.map((p) => exprFor(d, p)) };
  return { k: "sel", paths: chosen };
}

/** Keys for the two inputs of a join or coGroup with the same leaf types. */
export function drawKeyPair(d: Draw, a: Schema, b: Schema): [Key, Key] {
  const ka = drawKey(d, a);
  // Flink pairs key fields one by one by type; a whole record or a tuple-typed field against its
  // leaves is the nested-key case (flag nestedKeys).
  const flat =
    ka.k === "pos"
      ? ka.pos.every((p) => isLeaf(typeAt(a, [p])))
      : ka.k === "expr"
        ? !ka.exprs.includes("*") && ka.exprs.every((e) => isLeaf(typeAt(a, pathOf(e))))
        : true;
  const kb = flat || d.flags.nestedKeys ? matchKey(d, b, keyLeafTypes(a, ka), ka) : undefined;
  if (kb !== undefined) return [ka, kb];
  const m = 2 + d.int(3);
  return [{ k: "len", m }, { k: "len", m }];
}

export const isSelector = (k: Key): boolean => k.k === "sel" || k.k === "mod" || k.k === "len";

/**
 * 1-2 sort orders. A selector sorts alone (Flink cannot chain it with field keys); `like` is the
 * grouping key: field groupings sort by fields, selector groupings by one selector (Flink's rule).
 */
export function drawOrders(d: Draw, s: Schema, min: number, like?: Key): [Key, Ord][] {
  const ord = () => d.pick(["ASC", "DESC"] as const);
  if (like !== undefined && isSelector(like)) {
    if (min === 0 && d.chance(2)) return [];
    const paths = keyablePaths(d, s);
    return [[paths.length > 0 && d.chance(2) ? { k: "sel", paths: d.subset(paths, 1, 2) } : { k: "len", m: 2 + d.int(3) }, ord()]];
  }
  const n = min + d.int(3 - min);
  const out: [Key, Ord][] = [];
  for (let i = 0; i < n; i++) {
    let k = drawKey(d, s, true);
    if (isSelector(k) && (like !== undefined || n > 1)) {
      const paths = keyablePaths(d, s);
      if (paths.length === 0) return out;
      k = { k: "expr", exprs: [exprOf(d.pick(paths))] };
    }
    out.push([k, ord()]);
  }
  return out;
}

export { typeAt };
