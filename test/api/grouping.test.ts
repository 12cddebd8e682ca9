import { test } from "node:test";
import assert from "node:assert/strict";
import { Aggregations, ExecutionEnvironment, Order, RichGroupReduceFunction, type Collector } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

// The 21-tuple data set of Flink's CollectionDataSets.get3TupleDataSet, written out here.
type T3 = [number, number, string];
export function tuples3(): T3[] {
  const texts = ["Hi", "Hello", "Hello world", "Hello world, how are you?", "I am fine.", "Luke Skywalker",
    "Comment#1", "Comment#2", "Comment#3", "Comment#4", "Comment#5", "Comment#6", "Comment#7", "Comment#8",
    "Comment#9", "Comment#10", "Comment#11", "Comment#12", "Comment#13", "Comment#14", "Comment#15"];
  const groups = [1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6];
  return texts.map((t, i) => [i + 1, groups[i]!, t]);
}

testAtParallelism("groupBy position + reduce sums per key", async (env) => {
  const out = await env.fromCollection(tuples3()).groupBy(1)
    .reduce((a, b) => [a[0] + b[0], a[1], "x"]).map((t) => [t[1], t[0]]).collect();
  assertSameRecords(out, [[1, 1], [2, 5], [3, 15], [4, 34], [5, 65], [6, 111]]);
});

testAtParallelism("groupBy key selector + reduceGroup counts", async (env) => {
  const out = await env.fromCollection(tuples3()).groupBy((t: T3) => t[1])
    .reduceGroup((vals: Iterable<T3>, o: Collector<[number, number]>) => {
      let n = 0;
      let k = 0;
      for (const v of vals) { n++; k = v[1]; }
      o.collect([k, n]);
    }).collect();
  assertSameRecords(out, [[1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6]]);
});

testAtParallelism("groupBy expressions on objects", async (env) => {
  const people = [{ name: "a", city: "x", age: 3 }, { name: "b", city: "y", age: 5 }, { name: "c", city: "x", age: 7 }];
  const out = await env.fromCollection(people).groupBy("city").reduce((a, b) => ({ ...a, age: a.age + b.age })).map((p) => [p.city, p.age]).collect();
  assertSameRecords(out, [["x", 10], ["y", 5]]);
});

testAtParallelism("composite keys group by value", async (env) => {
  const data: [number, string, number][] = [[1, "a", 1], [1, "a", 2], [1, "b", 3], [2, "a", 4]];
  const out = await env.fromCollection(data).groupBy(0, 1).sum(2).collect();
  assertSameRecords(out, [[1, "a", 3], [1, "b", 3], [2, "a", 4]]);
});

testAtParallelism("keys by value: bigints, booleans, dates and arrays", async (env) => {
  const d1 = new Date(1000);
  const data = [[10n, true, new Date(1000), [1, 2], 1], [10n, true, d1, [1, 2], 2], [11n, false, new Date(2000), [1, 3], 4]] as const;
  const out = await env
    .fromCollection(data.map((r) => [...r] as unknown[]))
    .groupBy(0, 1, 2, 3)
    .reduce((a, b) => {
      a[4] = (a[4] as number) + (b[4] as number);
      return a;
    })
    .map((r) => r[4])
    .collect();
  assertSameRecords(out, [3, 4]);
  const viaSelector = await env.fromElements({ d: new Date(5) }, { d: new Date(5) }, { d: new Date(6) }).distinct((r: { d: Date }) => r.d).count();
  assert.equal(viaSelector, 2);
});

testAtParallelism("aggregate SUM/MIN/MAX with and()", async (env) => {
  const out = await env.fromCollection(tuples3()).groupBy(1).aggregate(Aggregations.SUM, 0).andMax(2).map((t) => [t[1], t[0], t[2]]).collect();
  assertSameRecords(out, [[1, 1, "Hi"], [2, 5, "Hello world"], [3, 15, "Luke Skywalker"], [4, 34, "Comment#4"], [5, 65, "Comment#9"], [6, 111, "Comment#15"]]);
  const all = await env.fromCollection(tuples3()).sum(0).andMin(1).collect();
  assert.equal(all.length, 1);
  assert.equal(all[0]![0], 231);
  assert.equal(all[0]![1], 1);
  const mx = await env.fromCollection(tuples3()).max(0).collect();
  assert.equal(mx[0]![0], 21);
  const mn = await env.fromCollection(tuples3()).groupBy(1).min(0).map((t) => t[0]).collect();
  assertSameRecords(mn, [1, 2, 4, 7, 11, 16]);
});

testAtParallelism("minBy / maxBy keep whole records, first wins ties", async (env) => {
  const data: [number, number, string][] = [[1, 5, "a"], [1, 5, "b"], [1, 3, "c"], [2, 9, "d"], [2, 9, "e"]];
  const min = await env.fromCollection(data).groupBy(0).minBy(1).collect();
  assertSameRecords(min, [[1, 3, "c"], [2, 9, "d"]]);
  const max = await env.fromCollection(data).groupBy(0).maxBy(1, 2).collect();
  assertSameRecords(max, [[1, 5, "b"], [2, 9, "e"]]);
  const globalMax = await env.fromCollection(data).maxBy(1).collect();
  assert.deepEqual(globalMax, [[2, 9, "d"]]);
});

testAtParallelism("sortGroup orders values in each group; first(n) per sorted group", async (env) => {
  const out = await env.fromCollection(tuples3()).groupBy(1).sortGroup(0, Order.DESCENDING)
    .reduceGroup((vals: Iterable<T3>, o: Collector<string>) => { o.collect([...vals].map((v) => v[0]).join("-")); }).collect();
  assertSameRecords(out, ["1", "3-2", "6-5-4", "10-9-8-7", "15-14-13-12-11", "21-20-19-18-17-16"]);
  const firsts = await env.fromCollection(tuples3()).groupBy(1).sortGroup(0, Order.ASCENDING).first(2).map((t) => t[0]).collect();
  assertSameRecords(firsts, [1, 2, 3, 4, 5, 7, 8, 11, 12, 16, 17]);
  const twoKeys = await env
    .fromCollection(tuples3())
    .groupBy(1)
    .sortGroup(2, Order.ASCENDING)
    .sortGroup(0, Order.DESCENDING)
    .first(1)
    .map((t) => t[2])
    .collect();
  assertSameRecords(twoKeys, ["Hi", "Hello", "Hello world, how are you?", "Comment#1", "Comment#5", "Comment#10"]);
});

testAtParallelism("first(n) plain and grouped", async (env) => {
  assert.equal((await env.fromCollection(tuples3()).first(5).collect()).length, 5);
  assert.equal((await env.fromCollection(tuples3()).first(50).collect()).length, 21);
  const grouped = await env.fromCollection(tuples3()).groupBy(1).first(2).collect();
  assert.equal(grouped.length, 1 + 2 + 2 + 2 + 2 + 2);
});

testAtParallelism("combineGroup combines locally, then reduceGroup finishes", async (env) => {
  const words = env.fromElements("a", "b", "a", "c", "a", "b").rebalance();
  const partial = words.map((w) => [w, 1] as [string, number]).groupBy(0)
    .combineGroup((vals: Iterable<[string, number]>, o: Collector<[string, number]>) => {
      let k = "";
      let n = 0;
      for (const v of vals) { k = v[0]; n += v[1]; }
      o.collect([k, n]);
    });
  const out = await partial.groupBy(0).sum(1).collect();
  assertSameRecords(out, [["a", 3], ["b", 2], ["c", 1]]);
});

test("a combinable group reduce object runs its combine before the shuffle", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  class Counter extends RichGroupReduceFunction<[string, number], [string, number]> {
    override open(): void {
      this.getRuntimeContext().getIntCounter("combines"); // registered in every subtask, so the result exists
    }
    reduce(vals: Iterable<[string, number]>, o: Collector<[string, number]>): void {
      let k = "";
      let n = 0;
      for (const v of vals) { k = v[0]; n += v[1]; }
      o.collect([k, n]);
    }
    combine(vals: Iterable<[string, number]>, o: Collector<[string, number]>): void {
      this.getRuntimeContext().getIntCounter("combines").add(1);
      this.reduce(vals, o);
    }
  }
  const data = Array.from({ length: 400 }, (_, i) => [`k${i % 3}`, 1] as [string, number]);
  const out = await env.fromCollection(data).rebalance().groupBy(0).reduceGroup(new Counter()).collect();
  assertSameRecords(out, [["k0", 134], ["k1", 133], ["k2", 133]]);
  const combines = env.getLastJobExecutionResult()!.getAccumulatorResult<number>("combines")!;
  assert.ok(combines >= 3, `combine ran ${combines} times`);
});

testAtParallelism("non-grouped reduce and reduceGroup see the whole DataSet", async (env) => {
  const s = await env.generateSequence(1, 100).reduce((a, b) => a + b).collect();
  assert.deepEqual(s, [5050]);
  const g = await env.generateSequence(1, 10).reduceGroup((vals: Iterable<number>, o: Collector<number>) => { o.collect([...vals].length); }).collect();
  assert.deepEqual(g, [10]);
  const empty = await env.generateSequence(1, 10).filter(() => false).reduce((a, b) => a + b).collect();
  assert.deepEqual(empty, []);
});

testAtParallelism("sum alone on objects, bigints and large integral keys", async (env) => {
  const objs = Array.from({ length: 300 }, (_, i) => ({ k: (i % 3) * 4294967296, v: 1, note: "x" }));
  const out = await env.fromCollection(objs).rebalance().groupBy("k").sum("v").collect();
  assertSameRecords(out, [{ k: 0, v: 100, note: "x" }, { k: 4294967296, v: 100, note: "x" }, { k: 8589934592, v: 100, note: "x" }]);
  const big = await env.fromElements<[string, bigint]>(["a", 1n], ["a", 2n], ["b", 5n]).groupBy(0).sum(1).collect();
  assertSameRecords(big, [["a", 3n], ["b", 5n]]);
  const fieldNamedF1 = await env.fromElements({ f1: 2, g: "a" }, { f1: 3, g: "a" }).groupBy("g").sum("f1").collect();
  assertSameRecords(fieldNamedF1, [{ f1: 5, g: "a" }]);
});
