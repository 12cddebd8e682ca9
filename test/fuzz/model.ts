/**
 * The naive model: evaluates a fuzz program with plain arrays and loops, from API.md and Flink's
 * semantics. It imports nothing from the engine.
 */
import { schemaOf, type Key, type Node, type Schema } from "./ast.js";
import { canon, defaultOf, keyOf, modOf } from "./values.js";
import { coGroupOf, copiesOf, copy, foldOf, groupSeqOf, keepOf, mapOf, mergeOf, sortedBy } from "./udfs.js";

type Rec = any;

/** Thrown when a program's result would be too large to be worth running. */
export class TooBig extends Error {}
const LIMIT = 3000;

function check(rs: Rec[]): Rec[] {
  if (rs.length > LIMIT) throw new TooBig(`${rs.length} records`);
  return rs;
}

/** Groups records by key, in first-seen order. */
export function groupsOf(s: Schema, key: Key | undefined, rs: readonly Rec[]): Rec[][] {
  if (key === undefined) return rs.length === 0 ? [] : [[...rs]];
  const m = new Map<string, Rec[]>();
  for (const r of rs) {
    const k = canon(keyOf(s, key, r));
    const g = m.get(k);
    if (g === undefined) m.set(k, [r]);
    else g.push(r);
  }
  return [...m.values()];
}

function collecting(f: (out: { collect(r: Rec): void }) => void): Rec[] {
  const out: Rec[] = [];
  f({ collect: (r) => out.push(r) });
  return out;
}

function joinRows(n: Node & { op: "join" | "cross" }, a: Rec, b: Rec): Rec[] {
  const out = n.out;
  switch (out.kind) {
    case "pairs": return [[a, b]];
    case "with": return [[b, a]];
    case "flat": return n.op === "join" && canon(a).length % 2 === 0 ? [[a, b], [a, b]] : [[a, b]];
    case "left": return [a];
    case "project": return [out.calls.flatMap(([side, pos]) => {
      const r = side === "first" ? a : b;
      return pos.length === 0 ? [r] : pos.map((p) => r[p]);
    })];
  }
}

/** Evaluates `n`; `partial` is the bulk iteration's current partial solution. */
export function evaluate(n: Node, partial?: Rec[]): Rec[] {
  const memo = new Map<Node, Rec[]>();
  const ev = (x: Node): Rec[] => {
    let r = memo.get(x);
    if (r === undefined) {
      r = check(evalNode(x, ev, partial));
      memo.set(x, r);
    }
    return r;
  };
  return ev(n);
}

function evalNode(n: Node, ev: (x: Node) => Rec[], partial: Rec[] | undefined): Rec[] {
  const s = (x: Node) => schemaOf(x);
  switch (n.op) {
    case "src": return structuredClone([...n.rows]);
    case "partial": return partial ?? [];
    case "map": { const f = mapOf(n.fn); return ev(n.in).map((r) => f(copy(r))); }
    case "flatMap": { const c = copiesOf(n.m); return ev(n.in).flatMap((r) => Array.from({ length: c(r) }, () => r)); }
    case "filter": return ev(n.in).filter(keepOf(n.m, n.r));
    case "project": return ev(n.in).map((r) => n.pos.map((p) => r[p]));
    case "distinct": { const seen = new Set<string>(); return ev(n.in).filter((r) => !seen.has(canon(r)) && seen.add(canon(r)) !== undefined); }
    case "union": return [...ev(n.in), ...ev(n.other)];
    case "rebalance": case "partitionByHash": case "partitionByRange": case "partitionCustom": return ev(n.in);
    case "sortPartition": return sortedBy(s(n.in), n.orders, ev(n.in));
    case "reduce": { const f = foldOf(s(n.in), n.intOp); return groupsOf(s(n.in), n.key, ev(n.in)).map((g) => f(g)); }
    case "groupSummary": {
      const f = foldOf(s(n.in), n.combinable ? "max" : "sum");
      return groupsOf(s(n.in), n.key, ev(n.in)).map((g) => (n.combinable ? f(g) : [g.length, f(g)]));
    }
    case "groupSeq": {
      const f = groupSeqOf(s(n.in), n.key, n.orders);
      return groupsOf(s(n.in), n.key, ev(n.in)).flatMap((g) => collecting((out) => f(sortedBy(s(n.in), n.orders, g), out)));
    }
    case "combineReduce": { const f = foldOf(s(n.in), "max"); return groupsOf(s(n.in), n.key, ev(n.in)).map((g) => f(g)); }
    case "aggregate": return evalAggregate(n, ev(n.in));
    case "minBy": case "maxBy": {
      const orders = n.fields.map((p) => [{ k: "pos", pos: [p] }, n.op === "minBy" ? "ASC" : "DESC"] as const);
      return groupsOf(s(n.in), n.key, ev(n.in)).map((g) => sortedBy(s(n.in), orders, g)[0]);
    }
    case "join": {
      const [ka, kb] = n.keys;
      const bs = ev(n.other);
      return ev(n.in).flatMap((a) => bs.filter((b) => canon(keyOf(s(n.in), ka, a)) === canon(keyOf(s(n.other), kb, b))).flatMap((b) => joinRows(n, a, b)));
    }
    case "outerJoin": return evalOuter(n, ev(n.in), ev(n.other));
    case "coGroup": {
      const f = coGroupOf(s(n.in), s(n.other), n.keys, n.sorts);
      const as = ev(n.in), bs = ev(n.other);
      const ka = (r: Rec) => canon(keyOf(s(n.in), n.keys[0], r));
      const kb = (r: Rec) => canon(keyOf(s(n.other), n.keys[1], r));
      const keys = [...new Set([...as.map(ka), ...bs.map(kb)])];
      return keys.flatMap((k) =>
        collecting((out) =>
          f(
            sortedBy(
              s(n.in),
              n.sorts[0],
              as.filter((a) => ka(a) === k),
            ),
            sortedBy(
              s(n.other),
              n.sorts[1],
              bs.filter((b) => kb(b) === k),
            ),
            out,
          ),
        ),
      );
    }
    case "cross": {
      const bs = ev(n.other);
      return check(ev(n.in).flatMap((a) => bs.map((b) => [a, b]))).flatMap(([a, b]) => joinRows(n, a, b));
    }
    case "iterate": return evalIterate(n, ev(n.in));
    case "delta": return evalDelta(n, ev(n.in), ev(n.workset));
  }
}

function evalAggregate(n: Node & { op: "aggregate" }, rs: Rec[]): Rec[] {
  const s = schemaOf(n.in);
  const key: Key | undefined = n.key === undefined ? undefined : { k: "pos", pos: n.key };
  return groupsOf(s, key, rs).map((g) => {
    const aggs = n.aggs.map(([agg, p]) => {
      const vs = g.map((r) => r[p]);
      if (agg === "SUM") return vs.reduce((x, y) => x + y);
      return sortedBy({ t: ["dbl"] }, [[{ k: "pos", pos: [0] }, agg === "MIN" ? "ASC" : "DESC"]], vs.map((v) => [v]))[0][0];
    });
    return [...(n.key ?? []).map((p) => g[0][p]), ...aggs];
  });
}

function evalOuter(n: Node & { op: "outerJoin" }, as: Rec[], bs: Rec[]): Rec[] {
  const sa = schemaOf(n.in), sb = schemaOf(n.other);
  const ka = (r: Rec) => canon(keyOf(sa, n.keys[0], r));
  const kb = (r: Rec) => canon(keyOf(sb, n.keys[1], r));
  const out: [Rec, Rec][] = [];
  for (const a of as) {
    const m = bs.filter((b) => ka(a) === kb(b));
    if (m.length > 0) for (const b of m) out.push([a, b]);
    else if (n.type !== "right") out.push([a, null]);
  }
  if (n.type !== "left") for (const b of bs) if (!as.some((a) => ka(a) === kb(b))) out.push([null, b]);
  return out.map(([a, b]) => (n.pairs ? [a, b] : [a ?? defaultOf(sa), b ?? defaultOf(sb), a !== null, b !== null]));
}

function evalIterate(n: Node & { op: "iterate" }, initial: Rec[]): Rec[] {
  let cur = initial;
  for (let i = 0; i < n.n; i++) {
    cur = check(evaluate(n.step, cur));
    if (n.term !== undefined && cur.filter(keepOf(n.term.m, n.term.r)).length === 0) break;
  }
  return cur;
}

/** The delta iteration: min-propagation over [key, value] records (see runner.ts buildDelta). */
function evalDelta(n: Node & { op: "delta" }, initial: Rec[], workset: Rec[]): Rec[] {
  const merge = mergeOf({ t: ["int", "int"] }, "max");
  const minBy = (rs: Rec[]) =>
    groupsOf({ t: ["int", "int"] }, { k: "pos", pos: [0] }, rs).map((g) => g.reduce((a, b) => [merge(a, b)[0], Math.min(a[1], b[1])]));
  const sol = new Map<number, Rec>(minBy(initial).map((r) => [r[0], r]));
  let ws = workset;
  for (let i = 0; i < n.n && ws.length > 0; i++) {
    const delta: Rec[] = [];
    for (const w of minBy(ws)) {
      const cur = sol.get(w[0]);
      if (cur !== undefined ? w[1] < cur[1] : n.via === "coGroup") delta.push([w[0], w[1]]);
    }
    for (const d of delta) sol.set(d[0], d);
    ws = delta.flatMap((d) => [[d[0], d[1] + 1], [modOf(d[0] + n.spread, 5), d[1] + 1]]);
  }
  return [...sol.values()];
}

export { copiesOf };
export const roundTrip = (rs: Rec[]): Rec[] => structuredClone(rs);
