import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, RichMapPartitionFunction, type Collector } from "../../src/index.js";
import { assertSameRecords } from "../helpers.js";

test("a grouped reduce combines before the hash exchange: at most keys x p records cross it", async () => {
  const p = 4;
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  const data = Array.from({ length: 20000 }, (_, i) => [`k${i % 5}`, 1] as [string, number]);
  env.fromCollection(data).rebalance().groupBy(0).reduce((a, b) => [a[0], a[1] + b[1]]).name("count words")
    .output({ open() {}, writeRecord() {}, close() {} });
  const result = await env.execute();
  const hash = result.getChannelMetrics().filter((c) => c.ship.startsWith("Hash Partition"));
  assert.equal(hash.length, 1);
  assert.ok(hash[0]!.records <= 5 * p, `${hash[0]!.records} records crossed the hash exchange`);
  assert.equal(hash[0]!.target, "count words");
});

test("sum and distinct combine before the shuffle too", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const data = Array.from({ length: 8000 }, (_, i) => [i % 3, 1] as [number, number]);
  const sums = env.fromCollection(data).rebalance().groupBy(0).sum(1);
  const distinct = env.fromCollection(data).rebalance().distinct(0);
  const [s, d] = await env.collectAll([sums, distinct]);
  assertSameRecords(s!, [[0, 2667], [1, 2667], [2, 2666]]);
  assert.equal(d!.length, 3);
  const r = env.getLastJobExecutionResult()!;
  for (const c of r.getChannelMetrics().filter((m) => m.ship.startsWith("Hash"))) assert.ok(c.records <= 12, `${c.target}: ${c.records}`);
});

test("a DataSet consumed by two operators runs its source once", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const source = env.generateSequence(1, 10).mapPartition(new (class extends RichMapPartitionFunction<number, number> {
    mapPartition(vals: Iterable<number>, o: Collector<number>): void {
      this.getRuntimeContext().getIntCounter("reads").add(1);
      for (const v of vals) o.collect(v);
    }
  })());
  const evens = source.filter((x) => x % 2 === 0);
  const odds = source.filter((x) => x % 2 === 1).map((x) => -x);
  const [e, o] = await env.collectAll([evens, odds]);
  assertSameRecords(e!, [2, 4, 6, 8, 10]);
  assertSameRecords(o!, [-1, -3, -5, -7, -9]);
  const reads = env.getLastJobExecutionResult()!.getAccumulatorResult<number>("reads");
  assert.equal(reads, 2, "one mapPartition call per subtask, shared by both consumers");
});

test("actions run every sink defined so far", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const written: number[] = [];
  env.fromElements(1, 2).output({ open() {}, writeRecord(r: number) { written.push(r); }, close() {} });
  assert.deepEqual(await env.fromElements(9).collect(), [9]);
  assert.deepEqual(written, [1, 2]);
});

test("async output formats are awaited in order", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const written: number[] = [];
  let closed = false;
  env.generateSequence(1, 3000).output({
    async open() {},
    async writeRecord(r: number) { await new Promise((res) => setImmediate(res)); written.push(r); },
    async close() { closed = true; },
  });
  await env.execute();
  assert.equal(written.length, 3000);
  assert.ok(written.every((v, i) => v === i + 1));
  assert.ok(closed);
});
