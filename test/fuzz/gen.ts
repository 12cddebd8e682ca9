/**
 * The program generator: fast-check draws an array of numbers, `programOf` reads it as choices
 * (gen-keys.ts) and builds a well-typed program over every DataSet operator.
 */
import fc from "fast-check";
import {
  withSchema,
  schemaOf,
  type Flags,
  type FType,
  type Hint,
  type JoinOut,
  type MapFn,
  type Node,
  type Program,
  type Root,
  type Schema,
  type Sink,
} from "./ast.js";
import { isFlatTuple } from "./check.js";
import { Draw, drawKey, drawKeyPair, drawLeaf, drawOrders, drawRows, drawSchema, isSelector, keyableLeaf, wholeKeyable } from "./gen-keys.js";
import { mapSchema } from "./udfs.js";
import { coGroupSchema, groupSeqSchema } from "./udfs.js";
import { isLeaf, keyLeafTypes, leaves } from "./values.js";

const HINTS: Hint[] = [
  "OPTIMIZER_CHOOSES",
  "BROADCAST_HASH_FIRST",
  "BROADCAST_HASH_SECOND",
  "REPARTITION_HASH_FIRST",
  "REPARTITION_HASH_SECOND",
  "REPARTITION_SORT_MERGE",
];
const OUTER_HINTS: Record<"left" | "right" | "full", Hint[]> = {
  left: ["OPTIMIZER_CHOOSES", "REPARTITION_SORT_MERGE", "REPARTITION_HASH_FIRST", "REPARTITION_HASH_SECOND", "BROADCAST_HASH_SECOND"],
  right: ["OPTIMIZER_CHOOSES", "REPARTITION_SORT_MERGE", "REPARTITION_HASH_FIRST", "REPARTITION_HASH_SECOND", "BROADCAST_HASH_FIRST"],
  full: ["OPTIMIZER_CHOOSES", "REPARTITION_SORT_MERGE", "REPARTITION_HASH_FIRST", "REPARTITION_HASH_SECOND"],
};

interface Ctx {
  readonly d: Draw;
  /** Inside an iteration's step: no nested iterations, no parallelism changes. */
  readonly inStep: boolean;
}

const mk = <N extends Node>(n: N, s: Schema): N => withSchema(n, s);
const tupleOf = (...ts: (FType | Schema)[]): Schema => ({ t: ts as FType[] });

function hasOp(n: Node, ops: readonly string[], seen = new Set<Node>()): boolean {
  if (seen.has(n)) return false;
  seen.add(n);
  if (ops.includes(n.op)) return true;
  const kids = [(n as { in?: Node }).in, (n as { other?: Node }).other, (n as { step?: Node }).step, (n as { workset?: Node }).workset];
  return kids.some((k) => k !== undefined && hasOp(k, ops, seen));
}
const hasIteration = (n: Node) => hasOp(n, ["iterate", "delta", "partial"]);

function src(c: Ctx, s: Schema = drawSchema(c.d), max = 7): Node {
  return mk({ op: "src", schema: s, rows: drawRows(c.d, s, max), via: c.d.chance(4) ? "elements" : "collection" }, s);
}

function drawMap(c: Ctx, s: Schema): MapFn {
  const d = c.d;
  const t = "t" in s ? s.t : undefined;
  const opts: [number, () => MapFn][] = [
    [4, () => { const l = d.pick(leaves(s)); return { f: "inc", path: l.path, leaf: l.leaf, mutate: d.chance(2) }; }],
    [t !== undefined && t.length >= 2 ? 2 : 0, () => ({ f: "swap" })],
    [t !== undefined && t.length <= 4 ? 1 : 0, () => ({ f: "toPojo", names: d.subset(["a", "b", "id", "x", "zz"], t!.length, t!.length) })],
    [t === undefined ? 2 : 0, () => ({ f: "toTuple" })],
    [t !== undefined && t.length >= 2 && isLeaf(t[0]) && isLeaf(t[1]) ? 1 : 0, () => ({ f: "nest" })],
    ["o" in s && s.o.some(([n]) => n === "zlen") ? 0 : 1, () => ({ f: "addLen" })],
  ];
  return d.weighted(opts)();
}

function par(c: Ctx): { par?: number } {
  return !c.inStep && c.d.chance(8) ? { par: 1 + c.d.int(4) } : {};
}
const form = (c: Ctx) => ({ form: c.d.pick(["fn", "obj", "rich"] as const) });

/** A unary operator over `input`. */
function unary(c: Ctx, input: Node): Node {
  const d = c.d;
  const s = schemaOf(input);
  const t = "t" in s ? s.t : undefined;
  const topKeyable = t !== undefined && t.every((x) => isLeaf(x) && keyableLeaf(d, x));
  const kind = d.weighted([
    [3, "filter"], [4, "map"], [2, "flatMap"], [t !== undefined ? 2 : 0, "project"], [wholeKeyable(d, s) ? 2 : 0, "distinct"],
    [1, "rebalance"], [2, "partitionByHash"], [d.flags.rangeUnion || !hasOp(input, ["union"]) ? 2 : 0, "partitionByRange"], [1, "partitionCustom"],
    [input.op === "sortPartition" ? 0 : 2, "sortPartition"], [4, "reduce"], [3, "groupSummary"], [3, "groupSeq"], [2, "combineReduce"],
    [t !== undefined && t.some((x) => x === "int" || x === "big" || x === "dbl") ? 3 : 0, "aggregate"], [topKeyable ? 2 : 0, "minBy"],
  ] as const);
  const p = par(c);
  switch (kind) {
    case "filter":
      return mk({ op: "filter", in: input, m: 2 + d.int(3), r: d.int(2), ...form(c), ...p }, s);
    case "map": {
      const fn = drawMap(c, s);
      return mk({ op: "map", in: input, fn, ...form(c), ...p }, mapSchema(fn, s));
    }
    case "flatMap":
      return mk({ op: "flatMap", in: input, m: 2 + d.int(2), ...form(c), ...p }, s);
    case "project": {
      const pos = d.subset(
        t!.map((_, i) => i),
        1,
        t!.length,
      );
      if (d.chance(4)) pos.push(pos[0]);
      return mk({ op: "project", in: input, pos, ...p }, { t: pos.map((i) => t![i]) });
    }
    case "distinct":
      return mk({ op: "distinct", in: input, ...p }, s);
    case "rebalance":
      return mk({ op: "rebalance", in: input, ...p }, s);
    case "partitionByHash":
    case "partitionByRange":
      return mk({ op: kind, in: input, key: drawKey(d, s, false, kind === "partitionByRange"), ...p }, s);
    case "partitionCustom":
      return mk({ op: "partitionCustom", in: input, key: drawKey(d, s, true), ...p }, s);
    case "sortPartition":
      return mk({ op: "sortPartition", in: input, orders: drawOrders(d, s, 1), ...p }, s);
    case "reduce": {
      const key = d.chance(4) ? undefined : combinedKey(c, s);
      return mk({ op: "reduce", in: input, key, intOp: key === undefined ? d.pick(["sum", "max"] as const) : "max", ...form(c), ...p }, s);
    }
    case "groupSummary": {
      const combinable = d.chance(3);
      const key = d.chance(4) ? undefined : combinable ? combinedKey(c, s) : drawKey(d, s);
      return mk({ op: "groupSummary", in: input, key, combinable, ...form(c), ...p }, combinable ? s : tupleOf("int", s));
    }
    case "groupSeq": {
      const key = drawKey(d, s);
      return mk({ op: "groupSeq", in: input, key, orders: drawOrders(d, s, 1, key), ...form(c), ...p }, groupSeqSchema(s, key));
    }
    case "combineReduce": {
      const key = regroupKey(c, s);
      return mk({ op: "combineReduce", in: input, key, orders: drawOrders(d, s, 0, key), ...form(c), ...p }, s);
    }
    case "aggregate":
      return aggregate(c, input, t!);
    case "minBy": {
      const fields = d.subset(
        t!.map((_, i) => i),
        t!.length,
        t!.length,
      );
      return mk({ op: d.pick(["minBy", "maxBy"] as const), in: input, key: d.chance(2) ? drawKey(d, s) : undefined, fields, ...p }, s);
    }
  }
}

/** A grouping key for a reduce (any form: Sluice's combiner must not move records between groups, F2). */
function combinedKey(c: Ctx, s: Schema): import("./ast.js").Key {
  return drawKey(c.d, s);
}

/**
 * The key of combineGroup followed by groupBy(key).reduceGroup: the second grouping reads the
 * combined records, so a `len` selector (which changes with any merged field) would regroup them
 * differently from the model's one grouping, in Flink too.
 */
function regroupKey(c: Ctx, s: Schema): import("./ast.js").Key {
  const k = drawKey(c.d, s);
  if (k.k !== "len") return k;
  const leaf = leaves(s).find((l) => keyableLeaf(c.d, l.leaf));
  return leaf === undefined ? { k: "len", m: 1 } : { k: "sel", paths: [leaf.path] };
}

function aggregate(c: Ctx, input: Node, t: readonly FType[]): Node {
  const d = c.d;
  const keyPos = t.map((x, i) => [x, i] as const).filter(([x]) => isLeaf(x) && keyableLeaf(d, x)).map(([, i]) => i);
  const key = keyPos.length > 0 && !d.chance(4) ? d.subset(keyPos, 1, 2) : undefined;
  const cands = t
    .map((x, i) => [x, i] as const)
    .filter(([x, i]) => !(key ?? []).includes(i) && (x === "int" || x === "big" || x === "dbl" || (x === "wild" && d.flags.nanKeys)));
  if (cands.length === 0) return mk({ op: "rebalance", in: input }, schemaOf(input));
  const aggs = d
    .subset(cands, 1, 2)
    .map(([x, i]) => [x === "int" || x === "big" ? d.pick(["SUM", "MIN", "MAX"] as const) : d.pick(["MIN", "MAX"] as const), i] as const);
  return mk({ op: "aggregate", in: input, key, aggs, short: d.chance(2), ...par(c) }, { t: [...(key ?? []).map((i) => t[i]), ...aggs.map(([, i]) => t[i])] });
}

/** A second input derived from the first (one DataSet used twice), or a fresh one. */
function second(c: Ctx, first: Node, depth: number, sameSchema: boolean): Node {
  const d = c.d;
  const share = d.chance(3) && (d.flags.iterFanout || !hasIteration(first));
  if (share) {
    const s = schemaOf(first);
    const how = d.int(3);
    if (how === 0) return first;
    if (how === 1) return mk({ op: "filter", in: first, m: 2 + d.int(3), r: d.int(2) }, s);
    if (d.flags.iterFanout && !c.inStep && d.chance(2)) return iterate(c, first);
    return mk({ op: "rebalance", in: first }, s);
  }
  if (sameSchema) return d.chance(2) ? src(c, schemaOf(first)) : unaryChainSameSchema(c, src(c, schemaOf(first)));
  return node(c, depth);
}

function unaryChainSameSchema(c: Ctx, n: Node): Node {
  const s = schemaOf(n);
  return c.d.pick([
    () => mk({ op: "filter", in: n, m: 3, r: 0 }, s),
    () => mk({ op: "distinct", in: n }, s),
  ] as const)();
}

function joinOut(c: Ctx, a: Schema, b: Schema): [JoinOut, Schema] {
  const d = c.d;
  const kind = d.weighted([[3, "pairs"], [2, "with"], [1, "flat"], [2, "project"]] as const);
  if (kind === "pairs" || kind === "flat") return [{ kind }, tupleOf(a, b)];
  if (kind === "with") return [{ kind }, tupleOf(b, a)];
  const calls: ["first" | "second", number[]][] = [];
  const types: (FType | Schema)[] = [];
  for (let i = 1 + d.int(3); i > 0; i--) {
    const side = d.pick(["first", "second"] as const);
    const s = side === "first" ? a : b;
    const pos = "t" in s && d.chance(4) === false ? d.subset(s.t.map((_, j) => j), 1, 2) : [];
    calls.push([side, pos]);
    if (pos.length === 0) types.push(s);
    else for (const j of pos) types.push((s as { t: FType[] }).t[j]);
  }
  return [{ kind: "project", calls }, { t: types as FType[] }];
}

function binary(c: Ctx, depth: number): Node {
  const d = c.d;
  const kind = d.weighted([[5, "join"], [3, "outerJoin"], [3, "coGroup"], [2, "cross"], [3, "union"]] as const);
  const a = node(c, depth - 1);
  const sa = schemaOf(a);
  const b = second(c, a, depth - 1, kind === "union");
  const sb = schemaOf(b);
  const p = par(c);
  switch (kind) {
    case "union": return mk({ op: "union", in: a, other: b, ...p }, sa);
    case "join": {
      const [out, s] = joinOut(c, sa, sb);
      const via = d.weighted([[4, "join"], [1, "tiny"], [1, "huge"]] as const);
      return mk({ op: "join", in: a, other: b, keys: drawKeyPair(d, sa, sb), hint: d.pick(HINTS), via, out, ...form(c), ...p }, s);
    }
    case "outerJoin": {
      const type = d.pick(["left", "right", "full"] as const);
      return mk(
        { op: "outerJoin", in: a, other: b, type, keys: drawKeyPair(d, sa, sb), hint: d.pick(OUTER_HINTS[type]), pairs: false, ...form(c), ...p },
        tupleOf(sa, sb, "bool", "bool"),
      );
    }
    case "coGroup": {
      const keys = drawKeyPair(d, sa, sb);
      const sorts = [d.chance(2) ? drawOrders(d, sa, 1, keys[0]) : [], d.chance(2) ? drawOrders(d, sb, 1, keys[1]) : []] as const;
      return mk({ op: "coGroup", in: a, other: b, keys, sorts, ...form(c), ...p }, coGroupSchema(sa, keys[0]));
    }
    case "cross": {
      const [out, s] = joinOut(c, sa, sb);
      return mk({ op: "cross", in: a, other: b, via: d.weighted([[3, "cross"], [1, "tiny"], [1, "huge"]] as const), out, ...form(c), ...p }, s);
    }
  }
}

/** A bulk iteration over `input` whose step keeps the schema. */
function iterate(c: Ctx, input: Node): Node {
  const d = c.d;
  const s = schemaOf(input);
  const inner: Ctx = { d, inStep: true };
  let step: Node = mk({ op: "partial", schema: s }, s);
  for (let i = 1 + d.int(3); i > 0; i--) step = stepOp(inner, step, d.flags.iterFanout && d.chance(4) ? input : undefined);
  const term = d.chance(3) ? { m: 2 + d.int(3), r: d.int(2) } : undefined;
  return mk({ op: "iterate", in: input, n: 1 + d.int(4), step, term }, s);
}

/** A schema-keeping operator inside a step; `outside` is a DataSet from outside to use as static input. */
function stepOp(c: Ctx, cur: Node, outside: Node | undefined): Node {
  const d = c.d;
  const s = schemaOf(cur);
  const kind = d.weighted([
    [3, "map"],
    [3, "filter"],
    [2, "union"],
    [2, "join"],
    [2, "reduce"],
    [1, "distinct"],
    [1, "partitionByHash"],
    [1, "combine"],
  ] as const);
  const staticSrc = () => outside ?? src(c, s, 3);
  switch (kind) {
    case "map": {
      const l = d.pick(leaves(s));
      return mk({ op: "map", in: cur, fn: { f: "inc", path: l.path, leaf: l.leaf, mutate: d.chance(2) }, ...form(c) }, s);
    }
    case "filter":
      return mk({ op: "filter", in: cur, m: 2 + d.int(3), r: d.int(2) }, s);
    case "union":
      return mk({ op: "union", in: cur, other: staticSrc() }, s);
    case "join": {
      const other = staticSrc();
      return mk(
        { op: "join", in: cur, other, keys: drawKeyPair(d, s, schemaOf(other)), hint: d.pick(HINTS), via: "join", out: { kind: "left" }, ...form(c) },
        s,
      );
    }
    case "reduce":
      return mk({ op: "reduce", in: cur, key: combinedKey(c, s), intOp: "max" }, s);
    case "distinct":
      return wholeKeyable(d, s) ? mk({ op: "distinct", in: cur }, s) : mk({ op: "rebalance", in: cur }, s);
    case "partitionByHash":
      return mk({ op: "partitionByHash", in: cur, key: drawKey(d, s) }, s);
    case "combine":
      return mk({ op: "groupSummary", in: cur, key: combinedKey(c, s), combinable: true }, s);
  }
}

function delta(c: Ctx): Node {
  const d = c.d;
  const s: Schema = { t: ["int", "int"] };
  const small = (): Node => mk({ op: "src", schema: s, rows: Array.from({ length: d.int(7) }, () => [d.int(5), d.int(9)]), via: "collection" }, s);
  return mk(
    {
      op: "delta",
      in: small(),
      workset: small(),
      n: 1 + d.int(5),
      hint: d.pick(HINTS.filter((h) => !h.startsWith("BROADCAST"))),
      via: d.pick(["join", "coGroup"] as const),
      spread: 1 + d.int(4),
    },
    s,
  );
}

/** Any node, at most `depth` operators deep. */
export function node(c: Ctx, depth: number): Node {
  const d = c.d;
  if (depth <= 0) return src(c);
  const kind = d.weighted([[3, "src"], [6, "unary"], [4, "binary"], [c.inStep ? 0 : 1, "iterate"], [c.inStep ? 0 : 1, "delta"]] as const);
  switch (kind) {
    case "src": return src(c);
    case "unary": return unary(c, node(c, depth - 1));
    case "binary": return binary(c, depth);
    case "iterate": return iterate(c, node(c, depth - 1));
    case "delta": return delta(c);
  }
}

function root(c: Ctx, parallelism: number, depth: number): Root {
  const d = c.d;
  const kind = d.weighted([
    [10, "bag"],
    [3, "tagged"],
    [parallelism === 1 ? 1 : 0, "seq"],
    [2, "first"],
    [1, "distinctBy"],
    [1, "pickBy"],
    [1, "outerPairs"],
  ] as const);
  switch (kind) {
    case "bag": return { kind, node: node(c, depth) };
    case "tagged": {
      const input = node(c, depth - 1);
      const s = schemaOf(input);
      const op = d.weighted([
        [2, "partitionByHash"],
        [d.flags.rangeUnion || !hasOp(input, ["union"]) ? 2 : 0, "partitionByRange"],
        [1, "partitionCustom"],
        [input.op === "sortPartition" ? 0 : 2, "sortPartition"],
        [1, "rebalance"],
      ] as const);
      const p = par(c);
      if (op === "rebalance") return { kind, node: mk({ op, in: input, ...p }, s) };
      if (op === "sortPartition") return { kind, node: mk({ op, in: input, orders: drawOrders(d, s, 1), ...p }, s) };
      return { kind, node: mk({ op, in: input, key: drawKey(d, s, op === "partitionCustom", op === "partitionByRange"), ...p }, s) };
    }
    case "seq": {
      let input = node(c, depth - 1);
      if (input.op === "sortPartition") input = mk({ op: "filter", in: input, m: 2, r: 1 }, schemaOf(input));
      return { kind, node: mk({ op: "sortPartition", in: input, orders: drawOrders(d, schemaOf(input), 1) }, schemaOf(input)) };
    }
    case "first": {
      const n = node(c, depth);
      const s = schemaOf(n);
      const key = d.chance(3) ? undefined : drawKey(d, s);
      return { kind, node: n, n: 1 + d.int(3), key, orders: key === undefined ? [] : drawOrders(d, s, 0, key) };
    }
    case "distinctBy": { const n = node(c, depth); return { kind, node: n, key: drawKey(d, schemaOf(n)) }; }
    case "pickBy": {
      const n = node(c, depth);
      const s = schemaOf(n);
      const pos = "t" in s ? s.t.map((t, i) => [t, i] as const).filter(([t]) => isLeaf(t) && keyableLeaf(d, t)).map(([, i]) => i) : [];
      if (pos.length === 0) return { kind: "bag", node: n };
      return { kind, node: n, max: d.chance(2), key: d.chance(2) ? drawKey(d, s) : undefined, fields: d.subset(pos, 1, 2) };
    }
    case "outerPairs": {
      const a = node(c, depth - 1);
      const b = second(c, a, depth - 1, false);
      const type = d.pick(["left", "right", "full"] as const);
      const [sa, sb] = [schemaOf(a), schemaOf(b)];
      return {
        kind: "bag",
        node: mk(
          { op: "outerJoin", in: a, other: b, type, keys: drawKeyPair(d, sa, sb), hint: d.pick(OUTER_HINTS[type]), pairs: true, ...form(c) },
          tupleOf(sa, sb),
        ),
      };
    }
  }
}

export interface GenOptions {
  readonly flags: Flags;
  /** Fixed parallelism, else 1 or 4. */
  readonly parallelism?: number;
  readonly depth?: number;
}

/** Reads a program from a list of choices. */
export function programOf(choices: readonly number[], opts: GenOptions): Program {
  const d = new Draw(choices, opts.flags);
  const c: Ctx = { d, inStep: false };
  const parallelism = opts.parallelism ?? (d.chance(2) ? 1 : 4);
  const r = root(c, parallelism, 1 + d.int(opts.depth ?? 4));
  const s = schemaOf(r.node);
  const sink = r.kind !== "bag" ? "collect" : d.weighted<Sink>([[12, "collect"], [1, "count"], [isFlatTuple(s) ? 2 : 0, "csv"], [2, "text"]]);
  return { parallelism, root: r, sink };
}

/** The fast-check arbitrary of programs (as their choice lists: they shrink well). */
export function choicesArb(): fc.Arbitrary<number[]> {
  return fc.array(fc.nat({ max: 9999 }), { minLength: 0, maxLength: 400, size: "max" });
}
void drawLeaf; void keyLeafTypes; void isSelector;
