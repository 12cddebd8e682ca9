/**
 * partitionByRange over a union (issue 13, item 4): the boundaries are computed once for the
 * exchange, over every channel that feeds the partitioner, so each key lands in exactly one
 * partition and the partitions hold ordered ranges.
 */
import assert from "node:assert/strict";
import { Order, RichMapPartitionFunction, type Collector, type DataSet } from "../../src/index.js";
import { testAtParallelism } from "../helpers.js";

type KV = [number, string];

/** Emits [subtask, keys of the partition]. */
class Keys extends RichMapPartitionFunction<KV, [number, number[]]> {
  mapPartition(values: Iterable<KV>, out: Collector<[number, number[]]>): void {
    out.collect([this.getRuntimeContext().getIndexOfThisSubtask(), [...values].map((v) => v[0])]);
  }
}

/** Asserts each key is in one partition and every key of partition i is <= every key of partition i+1. */
async function assertRanges(ds: DataSet<KV>): Promise<void> {
  const parts = (await ds.mapPartition(new Keys()).collect()).sort((a, b) => a[0] - b[0]);
  const owner = new Map<number, number>();
  for (const [i, keys] of parts) {
    for (const k of keys) {
      assert.equal(owner.get(k) ?? i, i, `key ${k} in partitions ${owner.get(k)} and ${i}`);
      owner.set(k, i);
    }
  }
  const ranges = parts.filter(([, keys]) => keys.length > 0).map(([, keys]) => [Math.min(...keys), Math.max(...keys)] as const);
  for (let i = 1; i < ranges.length; i++) {
    assert.ok(ranges[i - 1]![1] < ranges[i]![0], `ranges out of order: ${JSON.stringify(ranges)}`);
  }
}

testAtParallelism("partitionByRange over a union keeps each key in one partition (issue example)", async (env) => {
  const a = env.fromCollection<KV>([[1, "a"], [0, "b"]]);
  const b = env.fromCollection<KV>([[1, "c"]]);
  await assertRanges(a.union(b).partitionByRange(0));
});

testAtParallelism("partitionByRange over a union of three inputs of different sizes and parallelism", async (env) => {
  const make = (from: number, n: number, step: number, tag: string): DataSet<KV> =>
    env.fromCollection(Array.from({ length: n }, (_, i): KV => [from + ((i * step) % 97), tag]));
  const u = make(0, 500, 7, "x").union(make(40, 50, 3, "y").setParallelism(1)).union(make(90, 300, 11, "z").map((r) => r));
  await assertRanges(u.partitionByRange(0));
  await assertRanges(u.partitionByRange((r) => r[0]));
  // sortPartition after the range partitioning gives a total order when partitions are concatenated.
  const sorted = (await u.partitionByRange(0).sortPartition(0, Order.ASCENDING).mapPartition(new Keys()).collect()).sort((x, y) => x[0] - y[0]);
  const all = sorted.flatMap(([, keys]) => keys);
  assert.deepEqual(all, [...all].sort((x, y) => x - y));
  assert.equal(all.length, 850);
});
