import assert from "node:assert/strict";
import { Order, RichMapPartitionFunction, type Collector } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

/** Tags every record with the subtask that holds it: [subtask, record]. */
class TagPartition<T> extends RichMapPartitionFunction<T, [number, T]> {
  mapPartition(values: Iterable<T>, out: Collector<[number, T]>): void {
    const i = this.getRuntimeContext().getIndexOfThisSubtask();
    for (const v of values) out.collect([i, v]);
  }
}

function byPartition<T>(tagged: [number, T][]): Map<number, T[]> {
  const m = new Map<number, T[]>();
  for (const [i, v] of tagged) m.set(i, [...(m.get(i) ?? []), v]);
  return m;
}

testAtParallelism("mapPartition is called once per subtask with indices 0..p-1", async (env, p) => {
  const out = await env.generateSequence(1, 100).mapPartition(new (class extends RichMapPartitionFunction<number, [number, number, number]> {
    mapPartition(values: Iterable<number>, o: Collector<[number, number, number]>): void {
      const ctx = this.getRuntimeContext();
      o.collect([ctx.getIndexOfThisSubtask(), ctx.getNumberOfParallelSubtasks(), [...values].length]);
    }
  })()).collect();
  assert.equal(out.length, p);
  assert.deepEqual(out.map((r) => r[0]).sort(), Array.from({ length: p }, (_, i) => i));
  assert.ok(out.every((r) => r[1] === p));
  assert.equal(out.reduce((n, r) => n + r[2], 0), 100);
});

testAtParallelism("partitionByHash puts all records of a key into one partition", async (env) => {
  const data = Array.from({ length: 200 }, (_, i) => [i % 7, i] as [number, number]);
  const tagged = await env.fromCollection(data).partitionByHash(0).mapPartition(new TagPartition<[number, number]>()).collect();
  assert.equal(tagged.length, 200);
  const partitionsOfKey = new Map<number, Set<number>>();
  for (const [i, [k]] of tagged) partitionsOfKey.set(k, (partitionsOfKey.get(k) ?? new Set()).add(i));
  for (const [k, parts] of partitionsOfKey) assert.equal(parts.size, 1, `key ${k} in partitions ${[...parts]}`);
});

testAtParallelism("partitionByRange makes globally ordered partitions", async (env, p) => {
  const data = Array.from({ length: 1000 }, (_, i) => [(i * 7919) % 1000, "v"] as [number, string]);
  const tagged = await env.fromCollection(data).partitionByRange(0).mapPartition(new TagPartition<[number, string]>()).collect();
  const parts = byPartition(tagged);
  const ranges = [...parts.entries()].sort((a, b) => a[0] - b[0]).map(([, rs]) => [Math.min(...rs.map((r) => r[0])), Math.max(...rs.map((r) => r[0]))]);
  for (let i = 1; i < ranges.length; i++) assert.ok(ranges[i - 1]![1] < ranges[i]![0], `partition ${i - 1} ${ranges[i - 1]} overlaps ${ranges[i]}`);
  if (p > 1) assert.ok(parts.size > 1, "range partitioning should use several partitions");
  assert.equal(tagged.length, 1000);
});

testAtParallelism("partitionCustom routes by the user's partitioner", async (env, p) => {
  const tagged = await env
    .generateSequence(0, 99)
    .partitionCustom(
      (k: number, n: number) => k % n,
      (x: number) => x,
    )
    .mapPartition(new TagPartition<number>())
    .collect();
  for (const [i, v] of tagged) assert.equal(i, v % p);
});

testAtParallelism("rebalance spreads records evenly", async (env, p) => {
  const tagged = await env.fromCollection(Array.from({ length: 400 }, (_, i) => i)).rebalance().mapPartition(new TagPartition<number>()).collect();
  const sizes = [...byPartition(tagged).values()].map((v) => v.length);
  assert.equal(sizes.length, p);
  assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `sizes ${sizes}`);
});

testAtParallelism("sortPartition orders each partition, chained keys break ties", async (env) => {
  const data = Array.from({ length: 300 }, (_, i) => [(i * 37) % 10, (i * 13) % 100] as [number, number]);
  const tagged = await env
    .fromCollection(data)
    .rebalance()
    .sortPartition(0, Order.ASCENDING)
    .sortPartition(1, Order.DESCENDING)
    .mapPartition(new TagPartition<[number, number]>())
    .collect();
  for (const rs of byPartition(tagged).values()) {
    for (let i = 1; i < rs.length; i++) {
      const [a, b] = [rs[i - 1]!, rs[i]!];
      assert.ok(a[0] < b[0] || (a[0] === b[0] && a[1] >= b[1]), `${a} before ${b}`);
    }
  }
  assert.equal(tagged.length, 300);
});

testAtParallelism("union merges inputs of different parallelism", async (env) => {
  const a = env.fromElements("a", "b");
  const b = env.generateSequence(1, 3).map((x) => `n${x}`).setParallelism(2);
  const c = env.fromElements("z");
  assertSameRecords(await a.union(b).union(c).collect(), ["a", "b", "n1", "n2", "n3", "z"]);
  assertSameRecords(await a.union(b, c).map((s) => s.toUpperCase()).collect(), ["A", "B", "N1", "N2", "N3", "Z"]);
});
