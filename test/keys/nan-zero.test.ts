/**
 * NaN and -0 as keys (issue 13, item 2): doubles compare as Java's Double.compare (NaN equals NaN
 * and sorts above +Infinity; -0 and 0 are different keys, -0 first), and every strategy that
 * hashes or sorts keys agrees.
 */
import assert from "node:assert/strict";
import { Aggregations, JoinHint, Order, RichMapPartitionFunction, type Collector } from "../../src/index.js";
import { testAtParallelism } from "../helpers.js";
import { tempFile } from "../io/tmp.js";

type KV = [number, string];

/** A text for a number that keeps -0 and NaN apart from 0 (JSON turns both into other values). */
const label = (x: unknown): string => (Object.is(x, -0) ? "-0" : String(x));
const labels = (rows: readonly unknown[][]): string[] => rows.map((r) => r.map(label).join("|")).sort();

const KEYS = [NaN, -0, 0, 1, Infinity, -Infinity, NaN, 0, -0, 0];
const records = (): KV[] => KEYS.map((k, i) => [k, `v${i}`]);
/** Records per key: NaN 2, -0 2, 0 3, 1, Infinity, -Infinity one each. */
const COUNTS = ["-0|2", "-Infinity|1", "0|3", "1|1", "Infinity|1", "NaN|2"];
const SORTED = ["-Infinity", "-0", "-0", "0", "0", "0", "1", "Infinity", "NaN", "NaN"];

testAtParallelism("groupBy on NaN and -0: reduce, reduceGroup, aggregate, combinable groupReduce, distinct", async (env) => {
  const data = env.fromCollection(records()).map((r): [number, number] => [r[0], 1]);
  assert.deepEqual(labels(await data.groupBy(0).reduce((a, b) => [a[0], a[1] + b[1]]).collect()), COUNTS);
  const grouped = await data.groupBy(0).reduceGroup((vs: Iterable<[number, number]>, out: Collector<[number, number]>) => {
    let k = 0;
    let n = 0;
    for (const v of vs) { k = v[0]; n++; }
    out.collect([k, n]);
  }).collect();
  assert.deepEqual(labels(grouped), COUNTS);
  assert.deepEqual(labels(await data.groupBy(0).aggregate(Aggregations.SUM, 1).collect()), COUNTS);
  assert.deepEqual(labels(await data.groupBy(0).sum(1).collect()), COUNTS);
  const selector = await data.groupBy((r) => r[0]).reduce((a, b) => [a[0], a[1] + b[1]]).collect();
  assert.deepEqual(labels(selector), COUNTS);
  const composite = await data.map((r): [number, number, number] => [r[0], 7, r[1]]).groupBy(0, 1).sum(2).collect();
  assert.deepEqual(labels(composite.map((r) => [r[0], r[2]])), COUNTS);
  assert.deepEqual(labels((await data.distinct(0).collect()).map((r) => [r[0]])), ["-0", "-Infinity", "0", "1", "Infinity", "NaN"]);
  assert.deepEqual(labels((await data.distinct().collect()).map((r) => [r[0]])), ["-0", "-Infinity", "0", "1", "Infinity", "NaN"]);
});

testAtParallelism("joins and coGroup on NaN and -0 agree for every strategy", async (env) => {
  const left = env.fromCollection<KV>([[NaN, "a"], [-0, "b"], [0, "c"], [2, "d"]]);
  const right = env.fromCollection<KV>([[NaN, "x"], [-0, "y"], [0, "z"], [3, "w"]]);
  const expected = ["-0|b|-0|y", "0|c|0|z", "NaN|a|NaN|x"];
  for (const hint of Object.values(JoinHint)) {
    const pairs = await left.join(right, hint).where(0).equalTo(0).with((a: KV, b: KV) => [a[0], a[1], b[0], b[1]]).collect();
    assert.deepEqual(labels(pairs), expected, hint);
    const composite = await left.join(right, hint).where((r) => [r[0], 1]).equalTo((r) => [r[0], 1]).with((a: KV, b: KV) => [a[0], a[1], b[0], b[1]]).collect();
    assert.deepEqual(labels(composite), expected, `${hint}, composite`);
  }
  const outer = await left.fullOuterJoin(right).where(0).equalTo(0).with((a: KV | null, b: KV | null) => [a?.[1] ?? "-", b?.[1] ?? "-"]).collect();
  assert.deepEqual(labels(outer), ["-|w", "a|x", "b|y", "c|z", "d|-"]);
  const groups = await left.coGroup(right).where(0).equalTo(0).with((as: Iterable<KV>, bs: Iterable<KV>, out: Collector<string[]>) => {
    out.collect([[...as].map((r) => r[1]).join(""), [...bs].map((r) => r[1]).join("")]);
  }).collect();
  assert.deepEqual(labels(groups), ["|w", "a|x", "b|y", "c|z", "d|"].sort());
});

testAtParallelism("sortPartition and sortGroup order NaN last and -0 before 0", async (env, p) => {
  const data = env.fromCollection(records());
  const sorted = await data.sortPartition(0, Order.ASCENDING).setParallelism(1).collect();
  assert.deepEqual(sorted.map((r) => label(r[0])), SORTED);
  const desc = await data.sortPartition(0, Order.DESCENDING).setParallelism(1).collect();
  assert.deepEqual(desc.map((r) => label(r[0])), [...SORTED].reverse());
  const bySelector = await data.sortPartition((r) => r[0], Order.ASCENDING).setParallelism(1).collect();
  assert.deepEqual(bySelector.map((r) => label(r[0])), SORTED);
  const inGroup = await data.map((r): [number, number] => [1, r[0]]).groupBy(0).sortGroup(1, Order.ASCENDING)
    .reduceGroup((vs: Iterable<[number, number]>, out: Collector<string>) => out.collect([...vs].map((v) => label(v[1])).join(","))).collect();
  assert.deepEqual(inGroup, [SORTED.join(",")]);
  // Partitioned and sorted per partition: each partition is sorted.
  const parts = await data.partitionByHash(0).sortPartition(0, Order.ASCENDING).mapPartition(new PartitionKeys()).collect();
  for (const [, keys] of parts) assert.deepEqual(keys, [...keys].sort((a, b) => SORTED.indexOf(a) - SORTED.indexOf(b)));
  assert.equal(parts.length, p);
});

/** Emits [subtask, the partition's keys as labels]. */
class PartitionKeys extends RichMapPartitionFunction<KV, [number, string[]]> {
  mapPartition(values: Iterable<KV>, out: Collector<[number, string[]]>): void {
    out.collect([this.getRuntimeContext().getIndexOfThisSubtask(), [...values].map((v) => label(v[0]))]);
  }
}

testAtParallelism("partitionByHash and partitionByRange keep each of NaN, -0, 0 in one partition, ranges ordered", async (env) => {
  const data = env.fromCollection(records());
  for (const partitioned of [data.partitionByHash(0), data.partitionByRange(0)]) {
    const parts = (await partitioned.mapPartition(new PartitionKeys()).collect()).sort((a, b) => a[0] - b[0]);
    const owner = new Map<string, number>();
    for (const [i, keys] of parts) {
      for (const k of keys) {
        assert.equal(owner.get(k) ?? i, i, `key ${k} in partitions ${owner.get(k)} and ${i}`);
        owner.set(k, i);
      }
    }
    assert.equal(owner.size, 6);
  }
  const ranged = (await data.partitionByRange(0).mapPartition(new PartitionKeys()).collect()).sort((a, b) => a[0] - b[0]);
  const order = ranged.flatMap(([, keys]) => [...keys].sort((a, b) => SORTED.indexOf(a) - SORTED.indexOf(b)));
  assert.deepEqual(order, SORTED);
});

testAtParallelism("NaN read from a CSV file is one key, above +Infinity", async (env) => {
  const file = tempFile("nan.csv", "NaN,a\n1,b\nNaN,c\nInfinity,d\n-0,e\n0,f\n");
  const rows = env.readCsvFile(file).types("number", "string");
  const counts = await rows.map((r): [number, number] => [r[0], 1]).groupBy(0).sum(1).collect();
  assert.deepEqual(labels(counts), ["-0|1", "0|1", "1|1", "Infinity|1", "NaN|2"]);
  const sorted = await rows.sortPartition(0, Order.ASCENDING).setParallelism(1).collect();
  assert.deepEqual(sorted.map((r) => label(r[0])), ["-0", "0", "1", "Infinity", "NaN", "NaN"]);
});
