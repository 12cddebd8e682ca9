/**
 * Turns a fuzz program's operator DAG into Sluice DataSets, through the public API only. A node
 * object used twice becomes one DataSet used twice.
 */
import {
  Aggregations, JoinHint, Order, RichCoGroupFunction, RichCrossFunction, RichFilterFunction, RichFlatJoinFunction, RichFlatMapFunction,
  RichGroupCombineFunction, RichGroupReduceFunction, RichJoinFunction, RichMapFunction, RichReduceFunction,
  type DataSet, type ExecutionEnvironment,
} from "../../src/index.js";
import { schemaOf, type Form, type Key, type Node, type Ord, type Schema } from "./ast.js";
import { coGroupOf, copiesOf, foldOf, groupSeqOf, keepOf, mapOf, mergeOf } from "./udfs.js";
import { canon, defaultOf, getAt, hashOf, modOf } from "./values.js";

type Rec = any;
type DS = DataSet<Rec>;

/** A key as Sluice takes it: positions, expressions or one selector. */
export function keyArgs(key: Key): (number | string | ((r: Rec) => unknown))[] {
  switch (key.k) {
    case "pos": return [...key.pos];
    case "expr": return [...key.exprs];
    case "sel": { const ps = key.paths; return [ps.length === 1 ? (r: Rec) => getAt(r, ps[0]) : (r: Rec) => ps.map((p) => getAt(r, p))]; }
    case "mod": { const { path, m } = key; return [(r: Rec) => modOf(getAt(r, path) as number, m)]; }
    case "len": { const m = key.m; return [(r: Rec) => canon(r).length % m]; }
  }
}

export const order = (o: Ord): Order => (o === "ASC" ? Order.ASCENDING : Order.DESCENDING);
/** The custom partitioner of every generated program. */
export const partitioner = (k: unknown, n: number): number => modOf(hashOf(k), n);

/** Wraps `f` as a plain function, an object with the Flink method, or a Rich class instance. */
function form<F extends (...a: any[]) => any>(f: F, how: Form | undefined, method: string, Rich: abstract new () => object): any {
  if (how === "obj") return { [method]: f };
  if (how === "rich") {
    const C = class extends (Rich as new () => object) {};
    // Keep the declared arity: Sluice tells a flat join (three parameters) by it.
    const m = f.length >= 3 ? (a: unknown, b: unknown, c: unknown) => f(a, b, c) : f.length === 2 ? (a: unknown, b: unknown) => f(a, b) : (a: unknown) => f(a);
    Object.defineProperty(C.prototype, method, { value: m });
    return new C();
  }
  return f;
}

function sortGroups<G extends { sortGroup(k: any, o: Order): any }>(g: G, orders: readonly (readonly [Key, Ord])[]): any {
  let cur: any = g;
  for (const [k, o] of orders) cur = cur.sortGroup(keyArgs(k)[0], order(o));
  return cur;
}

/** Builds every node reachable from `root`; `partial` stands for the bulk iteration's partial solution. */
export function build(env: ExecutionEnvironment, root: Node, memo = new Map<Node, DS>(), partial?: DS): DS {
  const b = (n: Node): DS => {
    let ds = memo.get(n);
    if (ds === undefined) {
      ds = buildNode(env, n, b, memo, partial);
      if (n.par !== undefined) ds.setParallelism(n.par);
      memo.set(n, ds);
    }
    return ds;
  };
  return b(root);
}

function grouped(ds: DS, key: Key | undefined): any {
  return key === undefined ? ds : ds.groupBy(...keyArgs(key));
}

function buildNode(env: ExecutionEnvironment, n: Node, b: (n: Node) => DS, memo: Map<Node, DS>, partial: DS | undefined): DS {
  const s = (x: Node): Schema => schemaOf(x);
  switch (n.op) {
    case "src":
      return n.via === "elements" ? env.fromElements(...structuredClone(n.rows)) : env.fromCollection(structuredClone([...n.rows]));
    case "partial":
      if (partial === undefined) throw new Error("fuzz: partial solution outside an iteration");
      return partial;
    case "map":
      return b(n.in).map(form(mapOf(n.fn), n.form, "map", RichMapFunction));
    case "flatMap": {
      const c = copiesOf(n.m);
      return b(n.in).flatMap(
        form(
          (r: Rec, out: { collect(x: Rec): void }) => {
            for (let i = c(r); i > 0; i--) out.collect(r);
          },
          n.form,
          "flatMap",
          RichFlatMapFunction,
        ),
      );
    }
    case "filter":
      return b(n.in).filter(form(keepOf(n.m, n.r), n.form, "filter", RichFilterFunction));
    case "project":
      return b(n.in).project(...n.pos);
    case "distinct":
      return b(n.in).distinct();
    case "union":
      return b(n.in).union(b(n.other));
    case "rebalance":
      return b(n.in).rebalance();
    case "partitionByHash":
      return b(n.in).partitionByHash(...keyArgs(n.key));
    case "partitionByRange":
      return b(n.in).partitionByRange(...keyArgs(n.key));
    case "partitionCustom":
      return b(n.in).partitionCustom(partitioner, keyArgs(n.key)[0] as any);
    case "sortPartition": {
      let ds: any = b(n.in);
      for (const [k, o] of n.orders) ds = ds.sortPartition(keyArgs(k)[0], order(o));
      return ds;
    }
    case "reduce": {
      const m = mergeOf(s(n.in), n.intOp);
      return grouped(b(n.in), n.key).reduce(form((x: Rec, y: Rec) => m(x, y), n.form, "reduce", RichReduceFunction));
    }
    case "groupSummary": {
      const f = foldOf(s(n.in), n.combinable ? "max" : "sum");
      if (n.combinable) {
        const fn = {
          reduce: (vs: Iterable<Rec>, out: { collect(x: Rec): void }) => out.collect(f(vs)),
          combine: (vs: Iterable<Rec>, out: { collect(x: Rec): void }) => out.collect(f(vs)),
        };
        return grouped(b(n.in), n.key).reduceGroup(fn);
      }
      const g = (vs: Iterable<Rec>, out: { collect(x: Rec): void }) => {
        const all = [...vs];
        if (all.length > 0) out.collect([all.length, f(all)]);
      };
      return grouped(b(n.in), n.key).reduceGroup(form(g, n.form, "reduce", RichGroupReduceFunction));
    }
    case "groupSeq":
      return sortGroups(b(n.in).groupBy(...keyArgs(n.key)), n.orders).reduceGroup(
        form(groupSeqOf(s(n.in), n.key, n.orders), n.form, "reduce", RichGroupReduceFunction),
      );
    case "combineReduce": {
      const f = foldOf(s(n.in), "max");
      const c = (vs: Iterable<Rec>, out: { collect(x: Rec): void }) => out.collect(f(vs));
      const combined = sortGroups(b(n.in).groupBy(...keyArgs(n.key)), n.orders).combineGroup(form(c, n.form, "combine", RichGroupCombineFunction));
      return combined.groupBy(...keyArgs(n.key)).reduceGroup(c);
    }
    case "aggregate": {
      const agg = (a: string) => Aggregations[a as keyof typeof Aggregations];
      const g = n.key === undefined ? b(n.in) : b(n.in).groupBy(...n.key);
      const [first, ...rest] = n.aggs;
      const short = (x: any, a: string, p: number) => (a === "SUM" ? x.sum(p) : a === "MIN" ? x.min(p) : x.max(p));
      let ds: any = n.short ? short(g, first[0], first[1]) : (g as any).aggregate(agg(first[0]), first[1]);
      for (const [a, p] of rest) ds = n.short ? ds[`and${a[0]}${a.slice(1).toLowerCase()}`](p) : ds.and(agg(a), p);
      return ds.project(...(n.key ?? []), ...n.aggs.map(([, p]) => p));
    }
    case "minBy":
      return grouped(b(n.in), n.key).minBy(...n.fields);
    case "maxBy":
      return grouped(b(n.in), n.key).maxBy(...n.fields);
    case "join": {
      const [a, o] = [b(n.in), b(n.other)];
      const sets = n.via === "tiny" ? a.joinWithTiny(o) : n.via === "huge" ? a.joinWithHuge(o) : a.join(o, JoinHint[n.hint]);
      return joinOut(sets.where(...keyArgs(n.keys[0])).equalTo(...keyArgs(n.keys[1])), n.out, n.form);
    }
    case "outerJoin": {
      const [a, o] = [b(n.in), b(n.other)];
      const method = n.type === "left" ? "leftOuterJoin" : n.type === "right" ? "rightOuterJoin" : "fullOuterJoin";
      const j = a[method](o, JoinHint[n.hint])
        .where(...keyArgs(n.keys[0]))
        .equalTo(...keyArgs(n.keys[1]));
      const [da, db] = [defaultOf(s(n.in)), defaultOf(s(n.other))];
      return j.with(
        form(
          (x: Rec, y: Rec) => (n.pairs ? [x, y] : [x ?? structuredClone(da), y ?? structuredClone(db), x !== null, y !== null]),
          n.form,
          "join",
          RichJoinFunction,
        ),
      );
    }
    case "coGroup": {
      let c: any = b(n.in)
        .coGroup(b(n.other))
        .where(...keyArgs(n.keys[0]))
        .equalTo(...keyArgs(n.keys[1]));
      for (const [k, o] of n.sorts[0]) c = c.sortFirstGroup(keyArgs(k)[0], order(o));
      for (const [k, o] of n.sorts[1]) c = c.sortSecondGroup(keyArgs(k)[0], order(o));
      return c.with(form(coGroupOf(s(n.in), s(n.other), n.keys, n.sorts), n.form, "coGroup", RichCoGroupFunction));
    }
    case "cross": {
      const [a, o] = [b(n.in), b(n.other)];
      const c = n.via === "tiny" ? a.crossWithTiny(o) : n.via === "huge" ? a.crossWithHuge(o) : a.cross(o);
      return crossOut(c, n.out, n.form);
    }
    case "iterate": {
      const it = b(n.in).iterate(n.n);
      const next = build(env, n.step, new Map(memo), it);
      return it.closeWith(next, n.term === undefined ? undefined : next.filter(keepOf(n.term.m, n.term.r)));
    }
    case "delta":
      return buildDelta(n, b(n.in), b(n.workset));
  }
}

function joinOut(j: any, out: (Node & { op: "join" })["out"], how: Form | undefined): DS {
  switch (out.kind) {
    case "pairs":
      return j;
    case "with":
      return j.with(form((a: Rec, b: Rec) => [b, a], how, "join", RichJoinFunction));
    case "flat":
      return j.with(
        form(
          (a: Rec, b: Rec, o: { collect(x: Rec): void }) => {
            o.collect([a, b]);
            if (canon(a).length % 2 === 0) o.collect([a, b]);
          },
          how,
          "join",
          RichFlatJoinFunction,
        ),
      );
    case "left":
      return j.with(form((a: Rec) => a, how, "join", RichJoinFunction));
    case "project":
      return projectCalls(j, out.calls);
  }
}

function crossOut(c: any, out: (Node & { op: "cross" })["out"], how: Form | undefined): DS {
  switch (out.kind) {
    case "pairs": return c;
    case "with": return c.with(form((a: Rec, b: Rec) => [b, a], how, "cross", RichCrossFunction));
    case "flat": return c.with((a: Rec, b: Rec) => [a, b]);
    case "left": return c.with((a: Rec) => a);
    case "project": return projectCalls(c, out.calls);
  }
}

function projectCalls(j: any, calls: readonly (readonly ["first" | "second", readonly number[]])[]): DS {
  let cur = j;
  for (const [side, pos] of calls) cur = side === "first" ? cur.projectFirst(...pos) : cur.projectSecond(...pos);
  return cur;
}

/** Min-propagation over [key, value]: the model's evalDelta. */
function buildDelta(n: Node & { op: "delta" }, initial: DS, workset: DS): DS {
  const min = (a: Rec, b: Rec) => [a[0], Math.min(a[1], b[1])];
  const d = initial.groupBy(0).reduce(min).iterateDelta(workset, n.n, 0);
  const ws = d.getWorkset().groupBy(0).reduce(min);
  const delta =
    n.via === "join"
      ? ws
          .join(d.getSolutionSet(), JoinHint[n.hint])
          .where(0)
          .equalTo(0)
          .with((w: Rec, cur: Rec, out: { collect(x: Rec): void }) => {
            if (w[1] < cur[1]) out.collect([w[0], w[1]]);
          })
      : ws
          .coGroup(d.getSolutionSet())
          .where(0)
          .equalTo(0)
          .with((w: Iterable<Rec>, cur: Iterable<Rec>, out: { collect(x: Rec): void }) => {
            const [x] = [...w];
            const [c] = [...cur];
            if (x !== undefined && (c === undefined || x[1] < c[1])) out.collect([x[0], x[1]]);
          });
  const spread = n.spread;
  const next = delta.flatMap((r: Rec, out: { collect(x: Rec): void }) => { out.collect([r[0], r[1] + 1]); out.collect([modOf(r[0] + spread, 5), r[1] + 1]); });
  return d.closeWith(delta, next);
}
