/** API.md "Groupings": UnsortedGrouping and SortedGrouping methods. */
import assert from "node:assert/strict";
import { Aggregations, InvalidProgramException, Order, SortedGrouping, UnsortedGrouping, type Collector } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

type R = [string, number, string];
const ROWS: R[] = [
  ["a", 3, "x"], ["b", 1, "y"], ["a", 1, "z"], ["a", 2, "w"], ["b", 5, "v"], ["c", 9, "u"], ["b", 3, "t"], ["a", 2, "s"],
];
const concat = (vs: Iterable<R>, out: Collector<string>): void => {
  let key = "";
  const parts: string[] = [];
  for (const v of vs) { key = v[0]; parts.push(`${v[1]}${v[2]}`); }
  out.collect(`${key}:${parts.join(",")}`);
};

testAtParallelism("UnsortedGrouping: reduce, reduceGroup, combineGroup", async (env) => {
  const g = env.fromCollection(ROWS).groupBy(0);
  assert.ok(g instanceof UnsortedGrouping);
  assertSameRecords(await g.reduce((a, b) => [a[0], a[1] + b[1], ""]).map((r) => [r[0], r[1]]).collect(), [["a", 8], ["b", 9], ["c", 9]]);
  assertSameRecords(
    await g
      .reduceGroup<[string, number]>((vs, out) => {
        const all = [...vs];
        out.collect([all[0]![0], all.length]);
      })
      .collect(),
    [
      ["a", 4],
      ["b", 3],
      ["c", 1],
    ],
  );
  const combined = await g.combineGroup<[string, number]>((vs, out) => { let k = ""; let n = 0; for (const v of vs) { k = v[0]; n++; } out.collect([k, n]); })
    .groupBy(0).sum(1).collect();
  assertSameRecords(combined, [["a", 4], ["b", 3], ["c", 1]]);
});

testAtParallelism("UnsortedGrouping: aggregate / sum / min / max with .and..., minBy, maxBy", async (env) => {
  const g = env.fromCollection(ROWS).groupBy(0);
  const pick = (rs: R[]): [string, number][] => rs.map((r) => [r[0], r[1]]);
  assertSameRecords(pick(await g.aggregate(Aggregations.SUM, 1).collect()), [["a", 8], ["b", 9], ["c", 9]]);
  assertSameRecords(pick(await g.min(1).collect()), [["a", 1], ["b", 1], ["c", 9]]);
  assertSameRecords(pick(await g.max(1).collect()), [["a", 3], ["b", 5], ["c", 9]]);
  const nums = env.fromElements<[string, number, number]>(["k", 1, 10], ["k", 4, 2], ["j", 7, 7]);
  assertSameRecords(await nums.groupBy(0).sum(1).and(Aggregations.MAX, 2).collect(), [["k", 5, 10], ["j", 7, 7]]);
  assertSameRecords(await nums.groupBy(0).max(1).andMin(2).collect(), [["k", 4, 2], ["j", 7, 7]]);
  assertSameRecords(await nums.groupBy(0).min(1).andSum(2).collect(), [["k", 1, 12], ["j", 7, 7]]);
  assertSameRecords(await nums.groupBy(0).min(2).andMax(1).collect(), [["k", 4, 2], ["j", 7, 7]]);
  assertSameRecords(await g.minBy(1, 2).collect(), [["a", 1, "z"], ["b", 1, "y"], ["c", 9, "u"]]);
  assertSameRecords(await g.maxBy(1, 2).collect(), [["a", 3, "x"], ["b", 5, "v"], ["c", 9, "u"]]);
  assertSameRecords(await g.minBy(1).map((r) => [r[0], r[1]]).collect(), [["a", 1], ["b", 1], ["c", 9]]);
});

testAtParallelism("UnsortedGrouping.first(n) gives up to n records of every group", async (env) => {
  const firsts = await env.fromCollection(ROWS).groupBy(0).first(2).collect();
  const perKey = new Map<string, number>();
  for (const r of firsts) perKey.set(r[0], (perKey.get(r[0]) ?? 0) + 1);
  assert.deepEqual([...perKey.entries()].sort(), [["a", 2], ["b", 2], ["c", 1]]);
});

testAtParallelism("sortGroup(key, Order) sorts each group for reduceGroup; sortGroup again adds a secondary order", async (env) => {
  const g = env.fromCollection(ROWS).groupBy(0);
  const sorted = g.sortGroup(1, Order.ASCENDING);
  assert.ok(sorted instanceof SortedGrouping);
  const numbersOnly = (await sorted.reduceGroup(concat).collect()).map((s) => s.replace(/[a-z](?=,|$)/g, ""));
  assertSameRecords(numbersOnly, ["a:1,2,2,3", "b:1,3,5", "c:9"]);
  const twice = sorted.sortGroup(2, Order.DESCENDING);
  assert.ok(twice instanceof SortedGrouping);
  assertSameRecords(await twice.reduceGroup(concat).collect(), ["a:1z,2w,2s,3x", "b:1y,3t,5v", "c:9u"]);
  const desc = await env.fromCollection(ROWS).groupBy("f0").sortGroup("f1", Order.DESCENDING).sortGroup("f2", Order.ASCENDING).reduceGroup(concat).collect();
  assertSameRecords(desc, ["a:3x,2s,2w,1z", "b:5v,3t,1y", "c:9u"]);
});

testAtParallelism("SortedGrouping.first(n) takes the first n in the group order", async (env) => {
  const top = await env.fromCollection(ROWS).groupBy(0).sortGroup(1, Order.DESCENDING).first(2).collect();
  assertSameRecords(top.map((r) => [r[0], r[1]]), [["a", 3], ["a", 2], ["b", 5], ["b", 3], ["c", 9]]);
  const bottom = await env.fromCollection(ROWS).groupBy(0).sortGroup(1, Order.ASCENDING).sortGroup(2, Order.ASCENDING).first(1).collect();
  assertSameRecords(bottom, [["a", 1, "z"], ["b", 1, "y"], ["c", 9, "u"]]);
});

testAtParallelism("SortedGrouping.combineGroup sees each partial group in the group order", async (env) => {
  const partial = await env.fromCollection(ROWS).groupBy(0).sortGroup(1, Order.ASCENDING).combineGroup<[string, number[]]>((vs, out) => {
    let k = "";
    const ns: number[] = [];
    for (const v of vs) { k = v[0]; ns.push(v[1]); }
    out.collect([k, ns]);
  }).collect();
  for (const [, ns] of partial) assert.deepEqual(ns, [...ns].sort((a, b) => a - b));
  assertSameRecords(partial.flatMap(([k, ns]) => ns.map((n) => [k, n])), ROWS.map((r) => [r[0], r[1]]));
});

testAtParallelism("a selector grouping sorts by a selector (as Flink); an object grouping sorts by expressions", async (env) => {
  const bySel = await env.fromCollection(ROWS).groupBy((r) => r[0]).sortGroup((r: R) => r[1], Order.DESCENDING).first(1).collect();
  assert.throws(() => env.fromCollection(ROWS).groupBy((r) => r[0]).sortGroup(1, Order.DESCENDING), InvalidProgramException);
  assertSameRecords(bySel.map((r) => [r[0], r[1]]), [["a", 3], ["b", 5], ["c", 9]]);
  const objs = ROWS.map(([k, n, s]) => ({ k, n, s }));
  const firstObjs = await env.fromCollection(objs).groupBy("k").sortGroup("n", Order.ASCENDING).sortGroup("s", Order.ASCENDING).first(1).collect();
  assertSameRecords(firstObjs, [{ k: "a", n: 1, s: "z" }, { k: "b", n: 1, s: "y" }, { k: "c", n: 9, s: "u" }]);
});
