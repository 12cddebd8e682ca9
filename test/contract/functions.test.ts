/** API.md "Functions": the three forms of every function, Collector, flat join detection, ownership, object reuse. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, JoinHint, type Collector } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

type KV = [string, number];
const KVS: KV[] = [["a", 1], ["b", 2], ["a", 3]];

testAtParallelism("map / flatMap / filter / mapPartition as plain functions and as objects with Flink's method name", async (env) => {
  const nums = env.fromElements(1, 2, 3, 4);
  assertSameRecords(await nums.map((x) => x * 10).collect(), [10, 20, 30, 40]);
  assertSameRecords(await nums.map({ map: (x: number) => x * 10 }).collect(), [10, 20, 30, 40]);
  assertSameRecords(await nums.flatMap<number>((x, out) => { for (let i = 0; i < x; i++) out.collect(x); }).collect(), [1, 2, 2, 3, 3, 3, 4, 4, 4, 4]);
  assertSameRecords(await nums.flatMap({ flatMap(x: number, out: Collector<string>) { if (x % 2 === 0) out.collect(`e${x}`); } }).collect(), ["e2", "e4"]);
  assertSameRecords(await nums.filter((x) => x > 2).collect(), [3, 4]);
  assertSameRecords(await nums.filter({ filter: (x: number) => x < 2 }).collect(), [1]);
  const sums = await env.generateSequence(1, 100).mapPartition<number>((values, out) => {
    let s = 0;
    for (const v of values) s += v;
    out.collect(s);
  }).collect();
  assert.equal(sums.reduce((a, b) => a + b, 0), 5050);
  const counts = await env
    .generateSequence(1, 10)
    .mapPartition({
      mapPartition(values: Iterable<number>, out: Collector<number>) {
        out.collect([...values].length);
      },
    })
    .collect();
  assert.equal(counts.reduce((a, b) => a + b, 0), 10);
});

testAtParallelism("reduce / reduceGroup / combineGroup as plain functions and objects", async (env) => {
  const kvs = env.fromCollection(KVS);
  const add = (x: KV, y: KV): KV => [x[0], x[1] + y[1]];
  assertSameRecords(await kvs.groupBy(0).reduce(add).collect(), [["a", 4], ["b", 2]]);
  assertSameRecords(await kvs.groupBy(0).reduce({ reduce: add }).collect(), [["a", 4], ["b", 2]]);
  assertSameRecords(await kvs.reduce(add).map((r) => r[1]).collect(), [6]);
  const groupCount = (vs: Iterable<KV>, out: Collector<KV>): void => {
    const all = [...vs];
    out.collect([all[0]![0], all.length]);
  };
  assertSameRecords(await kvs.groupBy(0).reduceGroup(groupCount).collect(), [["a", 2], ["b", 1]]);
  assertSameRecords(await kvs.groupBy(0).reduceGroup({ reduce: groupCount }).collect(), [["a", 2], ["b", 1]]);
  // combineGroup is a partial combine: its results, summed again, give the totals.
  const partial = await kvs.groupBy(0).combineGroup({ combine: groupCount }).groupBy(0).sum(1).collect();
  assertSameRecords(partial, [["a", 2], ["b", 1]]);
  const partial2 = await kvs.groupBy(0).combineGroup(groupCount).groupBy(0).sum(1).collect();
  assertSameRecords(partial2, [["a", 2], ["b", 1]]);
});

testAtParallelism("join / coGroup / cross as plain functions and objects", async (env) => {
  const left = env.fromElements<KV>(["a", 1], ["b", 2]);
  const right = env.fromElements<KV>(["a", 10], ["c", 30]);
  assertSameRecords(await left.join(right).where(0).equalTo(0).with((l, r) => l[1] + r[1]).collect(), [11]);
  assertSameRecords(await left.join(right).where(0).equalTo(0).with({ join: (l: KV, r: KV) => l[1] * r[1] }).collect(), [10]);
  const cg = (ls: Iterable<KV>, rs: Iterable<KV>, out: Collector<string>): void => {
    out.collect(`${[...ls].length}-${[...rs].length}`);
  };
  assertSameRecords(await left.coGroup(right).where(0).equalTo(0).with(cg).collect(), ["1-1", "1-0", "0-1"]);
  assertSameRecords(await left.coGroup(right).where(0).equalTo(0).with({ coGroup: cg }).collect(), ["1-1", "1-0", "0-1"]);
  assertSameRecords(await left.cross(right).with((l, r) => l[0] + r[0]).collect(), ["aa", "ac", "ba", "bc"]);
  assertSameRecords(await left.cross(right).with({ cross: (l: KV, r: KV) => l[1] + r[1] }).collect(), [11, 31, 12, 32]);
});

testAtParallelism("a join function declared with three parameters is the flat form (inner and outer joins, every hint)", async (env) => {
  const left = env.fromElements<KV>(["a", 1], ["b", 2]);
  const right = env.fromElements<KV>(["a", 10], ["a", 20], ["c", 30]);
  const flat = (l: KV, r: KV, out: Collector<number>): void => { out.collect(l[1]); out.collect(r[1]); };
  for (const hint of [JoinHint.OPTIMIZER_CHOOSES, JoinHint.BROADCAST_HASH_FIRST, JoinHint.REPARTITION_SORT_MERGE]) {
    assertSameRecords(await left.join(right, hint).where(0).equalTo(0).with(flat).collect(), [1, 10, 1, 20], String(hint));
  }
  const obj = { join(l: KV, r: KV, out: Collector<string>): void { if (r[1] > 10) out.collect(`${l[0]}${r[1]}`); } };
  assertSameRecords(await left.join(right).where(0).equalTo(0).with(obj).collect(), ["a20"]);
  const outerFlat = (l: KV | null, r: KV | null, out: Collector<string>): void => {
    if (l === null) return; // emit nothing for right-only keys
    out.collect(`${l[0]}:${r === null ? "none" : r[1]}`);
  };
  assertSameRecords(await left.leftOuterJoin(right).where(0).equalTo(0).with(outerFlat).collect(), ["a:10", "a:20", "b:none"]);
  assertSameRecords(await left.fullOuterJoin(right).where(0).equalTo(0).with(outerFlat).collect(), ["a:10", "a:20", "b:none"]);
  const rightFlat = { join(l: KV | null, r: KV | null, out: Collector<number>): void { out.collect((l?.[1] ?? 0) + (r?.[1] ?? 0)); } };
  assertSameRecords(await left.rightOuterJoin(right).where(0).equalTo(0).with(rightFlat).collect(), [11, 21, 30]);
  // Two parameters: the plain JoinFunction; its return value is the record.
  assertSameRecords(
    await left
      .leftOuterJoin(right)
      .where(0)
      .equalTo(0)
      .with((l, r) => [l![0], r === null])
      .collect(),
    [
      ["a", false],
      ["a", false],
      ["b", true],
    ],
  );
});

testAtParallelism("a combinable group-reduce object's combine(values, out) runs before the shuffle", async (env, p) => {
  let combineCalls = 0;
  const reducer = {
    reduce(values: Iterable<KV>, out: Collector<KV>): void {
      let key = "";
      let sum = 0;
      for (const [k, v] of values) { key = k; sum += v; }
      out.collect([key, sum]);
    },
    combine(values: Iterable<KV>, out: Collector<KV>): void {
      combineCalls++;
      let key = "";
      let sum = 0;
      for (const [k, v] of values) { key = k; sum += v; }
      out.collect([key, sum]);
    },
  };
  const data = env.generateSequence(1, 200).map((i): KV => [`k${i % 3}`, i]);
  const result = await data.groupBy(0).reduceGroup(reducer).collect();
  assertSameRecords(result, [["k0", 6633], ["k1", 6700], ["k2", 6767]]);
  // At p=1 there is no shuffle to save; above it the combiner must run on the sending side.
  if (p > 1) assert.ok(combineCalls >= 3, `combine ran ${combineCalls} times`);
});

testAtParallelism("ownership: a function may mutate its input; other consumers of the same DataSet do not see it", async (env) => {
  const src = env.fromElements<[number, string]>([1, "a"], [2, "b"]).map((t) => t);
  const mutated = src.map((t) => { t[0] = t[0] * 100; return t; });
  const untouched = src.map((t) => t[0]);
  const [m, u] = await env.collectAll([mutated, untouched]) as [[number, string][], number[]];
  assertSameRecords(m, [[100, "a"], [200, "b"]]);
  assertSameRecords(u, [1, 2]);
});

testAtParallelism("ownership: mutating and re-emitting the same output object does not change earlier records", async (env) => {
  const out = await env.fromElements(3).flatMap<{ i: number }>((n, c) => {
    const reused = { i: 0 };
    for (let i = 0; i < n; i++) { reused.i = i; c.collect(reused); }
  }).collect();
  assertSameRecords(out, [{ i: 0 }, { i: 1 }, { i: 2 }]);
  const grouped = await env.fromElements<KV>(["a", 1], ["a", 2], ["b", 5]).groupBy(0).reduceGroup<KV>((vs, c) => {
    const reused: KV = ["", 0];
    for (const v of vs) { reused[0] = v[0]; reused[1] = v[1] * 2; c.collect(reused); }
  }).collect();
  assertSameRecords(grouped, [["a", 2], ["a", 4], ["b", 10]]);
});

testAtParallelism("class instances keep their prototype through every operator", async (env) => {
  class Point {
    constructor(public x: number, public y: number) {}
    norm1(): number { return Math.abs(this.x) + Math.abs(this.y); }
  }
  const pts = env.fromCollection([new Point(1, 2), new Point(-3, 4), new Point(1, 5)]);
  const mapped = pts.map((pt) => { assert.ok(pt instanceof Point); return pt; });
  const reduced = await mapped.groupBy("x").reduce((a, b) => new Point(a.x, a.y + b.y)).collect();
  assert.ok(reduced.every((pt) => pt instanceof Point));
  assertSameRecords(reduced.map((pt) => pt.norm1()), [8, 7]);
  const joined = await pts.join(pts).where("x").equalTo("x").with((a, b) => (a.y <= b.y ? a : b)).distinct("x", "y").collect();
  assert.ok(joined.every((pt) => pt instanceof Point));
  const crossed = await pts.cross(env.fromElements(1)).with((pt) => pt).first(10).collect();
  assert.ok(crossed.every((pt) => pt instanceof Point) && crossed.length === 3);
});

testAtParallelism("enableObjectReuse() keeps results right for functions that do not hold on to records", async (env) => {
  env.getConfig().enableObjectReuse();
  const out = await env.fromCollection(KVS).map((t): KV => [t[0], t[1] * 2]).groupBy(0).sum(1).collect();
  assertSameRecords(out, [["a", 8], ["b", 4]]);
});

test("user functions are synchronous: the value a map returns is the record", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const out = await env.fromElements(1).map((x) => ({ then: undefined, x })).collect();
  assert.deepEqual(out, [{ then: undefined, x: 1 }]);
});
