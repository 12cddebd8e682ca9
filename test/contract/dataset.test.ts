/** API.md "DataSet<T>" transformations and the operator methods every transformation has. */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  Aggregations, AggregateDataSet, DataSet, ExecutionEnvironment, Order, RichMapFunction, RichMapPartitionFunction,
  UnsortedGrouping, type Collector,
} from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

type T3 = [string, number, number];
const ROWS: T3[] = [["a", 1, 5], ["b", 2, 4], ["a", 3, 3], ["c", 4, 2], ["b", 5, 1], ["a", 6, 0]];

/** [subtask, record] for every record, to inspect partitioning. */
class Tag<T> extends RichMapPartitionFunction<T, [number, T]> {
  mapPartition(values: Iterable<T>, out: Collector<[number, T]>): void {
    const i = this.getRuntimeContext().getIndexOfThisSubtask();
    for (const v of values) out.collect([i, v]);
  }
}

function partitions<T>(tagged: [number, T][]): Map<number, T[]> {
  const m = new Map<number, T[]>();
  for (const [i, v] of tagged) m.set(i, [...(m.get(i) ?? []), v]);
  return m;
}

testAtParallelism("project(...positions) picks and reorders tuple fields", async (env) => {
  const rows = env.fromCollection(ROWS);
  assertSameRecords(await rows.project(2, 0).collect(), ROWS.map((r) => [r[2], r[0]]));
  assertSameRecords(await rows.project(1).collect(), ROWS.map((r) => [r[1]]));
  assertSameRecords(await rows.project(0, 0).first(1).map((r) => r.length).collect(), [2]);
});

testAtParallelism("distinct() on whole records (by value), on positions, expressions and a selector", async (env) => {
  const dupTuples = env.fromElements<[number, string]>([1, "a"], [1, "a"], [1, "b"], [2, "a"]);
  assertSameRecords(await dupTuples.distinct().collect(), [[1, "a"], [1, "b"], [2, "a"]]);
  assertSameRecords(
    await env
      .fromElements({ x: 1, y: [1, 2] }, { x: 1, y: [1, 2] }, { x: 2, y: [1] })
      .distinct()
      .collect(),
    [
      { x: 1, y: [1, 2] },
      { x: 2, y: [1] },
    ],
  );
  assertSameRecords(await env.fromElements(5, 3, 5, 5, 3).distinct().collect(), [5, 3]);
  assert.equal((await dupTuples.distinct(0).collect()).length, 2);
  assert.equal((await dupTuples.distinct("f1").collect()).length, 2);
  assert.deepEqual((await dupTuples.distinct((t) => t[0] + t[1].length).collect()).map((t) => t[0]).sort(), [1, 2]);
});

testAtParallelism("first(n) returns n records (all if fewer)", async (env) => {
  assert.equal((await env.generateSequence(1, 100).first(7).collect()).length, 7);
  assert.equal(await env.generateSequence(1, 3).first(10).count(), 3);
  const firsts = await env.generateSequence(1, 100).first(5).collect();
  assert.ok(firsts.every((x) => x >= 1 && x <= 100) && new Set(firsts).size === 5);
});

testAtParallelism("union(other) is a bag union, duplicates kept", async (env) => {
  const a = env.fromElements(1, 2, 2);
  const b = env.generateSequence(2, 4);
  assertSameRecords(await a.union(b).collect(), [1, 2, 2, 2, 3, 4]);
  assertSameRecords(await a.union(a).collect(), [1, 1, 2, 2, 2, 2]);
});

testAtParallelism("rebalance() spreads a non-parallel source evenly over the subtasks", async (env, p) => {
  const tagged = await env.fromCollection(Array.from({ length: 40 }, (_, i) => i)).rebalance().mapPartition(new Tag<number>()).collect();
  const parts = partitions(tagged);
  assert.equal(parts.size, p);
  for (const vs of parts.values()) assert.equal(vs.length, 40 / p);
});

testAtParallelism("partitionByHash puts every key in exactly one partition", async (env) => {
  const tagged = await env.fromCollection(ROWS).partitionByHash(0).mapPartition(new Tag<T3>()).collect();
  const where = new Map<string, Set<number>>();
  for (const [i, r] of tagged) where.set(r[0], (where.get(r[0]) ?? new Set()).add(i));
  assert.equal(tagged.length, ROWS.length);
  for (const s of where.values()) assert.equal(s.size, 1);
  const bySel = await env.fromCollection(ROWS).partitionByHash((r) => r[0]).mapPartition(new Tag<T3>()).collect();
  assert.equal(bySel.length, ROWS.length);
});

testAtParallelism("partitionByRange gives ordered, non-overlapping key ranges", async (env, p) => {
  const tagged = await env
    .generateSequence(1, 200)
    .map((x): [number, string] => [(x * 37) % 200, "v"])
    .partitionByRange(0)
    .mapPartition(new Tag<[number, string]>())
    .collect();
  assert.equal(tagged.length, 200);
  const parts = [...partitions(tagged).entries()].sort((x, y) => x[0] - y[0]).map(([, vs]) => vs.map((v) => v[0]));
  for (let i = 1; i < parts.length; i++) assert.ok(Math.max(...parts[i - 1]!) < Math.min(...parts[i]!), "ranges ordered by subtask");
  if (p > 1) assert.ok(parts.length > 1, "the range is split");
});

testAtParallelism("partitionCustom(partitioner, key): function or { partition } object; key by position, expression or selector", async (env, p) => {
  const data = env.generateSequence(0, 19).map((x): [number, string] => [x, `v${x}`]);
  for (const [partitioner, key] of [
    [(k: number, n: number) => k % n, 0],
    [{ partition: (k: number, n: number) => k % n }, "f0"],
    [(k: number, n: number) => k % n, (t: [number, string]) => t[0]],
  ] as const) {
    const tagged = await data.partitionCustom(partitioner, key as never).mapPartition(new Tag<[number, string]>()).collect();
    assert.equal(tagged.length, 20);
    for (const [i, r] of tagged) assert.equal(i, r[0] % p);
  }
});

testAtParallelism("sortPartition(key, Order) sorts each partition; .sortPartition chains a secondary order", async (env, p) => {
  const sorted = await env.fromCollection(ROWS).sortPartition(0, Order.ASCENDING).sortPartition(1, Order.DESCENDING).setParallelism(1).collect();
  assert.deepEqual(sorted.map((r) => `${r[0]}${r[1]}`), ["a6", "a3", "a1", "b5", "b2", "c4"]);
  const tagged = await env.generateSequence(1, 50).sortPartition((x) => x, Order.DESCENDING).mapPartition(new Tag<number>()).collect();
  for (const vs of partitions(tagged).values()) assert.deepEqual(vs, [...vs].sort((a, b) => b - a));
  const byExpr = await env.fromElements({ n: 2 }, { n: 3 }, { n: 1 }).sortPartition("n", Order.ASCENDING).setParallelism(1).collect();
  assert.deepEqual(byExpr.map((r) => r.n), [1, 2, 3]);
  const parts = partitions(await env.fromCollection(ROWS).sortPartition(1, Order.ASCENDING).mapPartition(new Tag<T3>()).collect());
  assert.ok(parts.size <= p);
  for (const vs of parts.values()) assert.deepEqual(vs.map((r) => r[1]), vs.map((r) => r[1]).sort((a, b) => a - b));
});

testAtParallelism("reduce / reduceGroup / combineGroup over the whole DataSet", async (env) => {
  const nums = env.generateSequence(1, 100);
  assert.deepEqual(await nums.reduce((a, b) => a + b).collect(), [5050]);
  assert.deepEqual(await nums.reduceGroup<number>((vs, out) => { let n = 0; for (const _ of vs) n++; out.collect(n); }).collect(), [100]);
  const partial = await nums.combineGroup<number>((vs, out) => { let s = 0; for (const v of vs) s += v; out.collect(s); }).collect();
  assert.equal(partial.reduce((a, b) => a + b, 0), 5050);
});

testAtParallelism("aggregate(SUM|MIN|MAX, field) with .and / .andSum / .andMin / .andMax, and sum / min / max", async (env) => {
  const rows = env.fromCollection(ROWS);
  const [all] = await rows.aggregate(Aggregations.SUM, 1).and(Aggregations.MIN, 2).collect();
  assert.deepEqual([all![1], all![2]], [21, 0]);
  const agg = rows.groupBy(0).aggregate(Aggregations.MAX, 1);
  assert.ok(agg instanceof AggregateDataSet);
  assertSameRecords((await agg.andMin(2).collect()).map((r) => [r[0], r[1], r[2]]), [["a", 6, 0], ["b", 5, 1], ["c", 4, 2]]);
  assertSameRecords((await rows.groupBy(0).sum(1).andMax(2).collect()).map((r) => [r[0], r[1], r[2]]), [["a", 10, 5], ["b", 7, 4], ["c", 4, 2]]);
  assertSameRecords((await rows.groupBy(0).min(1).andSum(2).collect()).map((r) => [r[0], r[1], r[2]]), [["a", 1, 8], ["b", 2, 5], ["c", 4, 2]]);
  assert.deepEqual((await rows.sum(2).collect()).map((r) => r[2]), [15]);
  assert.deepEqual((await rows.min(1).collect()).map((r) => r[1]), [1]);
  assert.deepEqual((await rows.max(2).collect()).map((r) => r[2]), [5]);
  assert.deepEqual((await env.fromElements({ k: "x", v: 2 }, { k: "x", v: 5 }).groupBy("k").sum("v").collect()).map((r) => r.v), [7]);
});

testAtParallelism("minBy / maxBy return whole records; later fields break ties", async (env) => {
  const rows = env.fromElements<[number, number, string]>([1, 9, "a"], [1, 3, "b"], [4, 1, "c"], [4, 7, "d"]);
  assert.deepEqual(await rows.minBy(0).map((r) => r[0]).collect(), [1]);
  assert.deepEqual(await rows.minBy(0, 1).collect(), [[1, 3, "b"]]);
  assert.deepEqual(await rows.maxBy(0, 1).collect(), [[4, 7, "d"]]);
  assertSameRecords(await rows.groupBy(0).maxBy(1).collect(), [[1, 9, "a"], [4, 7, "d"]]);
  assertSameRecords(await rows.groupBy(0).minBy(1).collect(), [[1, 3, "b"], [4, 1, "c"]]);
});

testAtParallelism("groupBy returns an UnsortedGrouping", (env) => {
  assert.ok(env.fromCollection(ROWS).groupBy(0) instanceof UnsortedGrouping);
});

testAtParallelism("runOperation(op) uses setInput(ds) then createResult()", async (env) => {
  class Doubler {
    private input: DataSet<number> | undefined;
    setInput(ds: DataSet<number>): void { this.input = ds; }
    createResult(): DataSet<number> { return this.input!.map((x) => x * 2); }
  }
  assertSameRecords(await env.fromElements(1, 2, 3).runOperation(new Doubler()).collect(), [2, 4, 6]);
});

testAtParallelism("operator methods: name, setParallelism, withBroadcastSet, withParameters, returns all chain", async (env) => {
  class Info extends RichMapFunction<number, string> {
    private offset = 0;
    override open(parameters: { getInteger(k: string, d: number): number }): void { this.offset = parameters.getInteger("offset", 0); }
    map(v: number): string {
      const ctx = this.getRuntimeContext();
      const bc = ctx.getBroadcastVariable<number>("b");
      return `${v + this.offset + bc.length}|${ctx.getNumberOfParallelSubtasks()}|${ctx.getTaskName()}`;
    }
  }
  const op = env.generateSequence(1, 4).map(new Info());
  const chained = op.name("info-op").setParallelism(3).withBroadcastSet(env.fromElements(0, 0), "b").withParameters({ offset: 10 }).returns("string");
  assert.equal(chained, op);
  const out = await chained.collect();
  assertSameRecords(out.map((s) => s.split("|")[0]), ["13", "14", "15", "16"]);
  assert.ok(out.every((s) => s.split("|")[1] === "3" && s.includes("info-op")), out.join("; "));
});

test("withForwardedFields lets a later grouping reuse the partitioning (visible in the plan)", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const base = env.generateSequence(1, 20).map((x): [number, number] => [x % 3, x]).partitionByHash(0);
  const forwarded = base.map((t): [number, number] => [t[0], t[1] * 2]).withForwardedFields("f0");
  forwarded.groupBy(0).sum(1).output({ open() {}, writeRecord() {}, close() {} });
  const plan = JSON.parse(env.getExecutionPlan()) as { nodes: { predecessors?: { ship_strategy: string }[] }[] };
  const hashShips = plan.nodes.flatMap((n) => n.predecessors ?? []).filter((e) => /hash/i.test(e.ship_strategy));
  assert.equal(hashShips.length, 1, "only the explicit partitionByHash ships by hash");
  const result = await env.generateSequence(1, 6).map((x): [number, number] => [x % 2, x]).partitionByHash(0)
    .map((t): [number, number] => [t[0], t[1]]).withForwardedFields("f0").groupBy(0).sum(1).collect();
  assertSameRecords(result, [[0, 12], [1, 9]]);
});

test("collection sources are non-parallel (parallelism 1)", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  env.fromElements(1, 2).union(env.fromCollection([3])).output({ open() {}, writeRecord() {}, close() {} });
  const plan = JSON.parse(env.getExecutionPlan()) as { nodes: { type: string; parallelism: string }[] };
  const sources = plan.nodes.filter((n) => n.type === "source");
  assert.equal(sources.length, 2);
  assert.ok(sources.every((s) => s.parallelism === "1"));
});
