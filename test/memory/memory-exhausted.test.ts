/**
 * When spilling cannot help (one group, one key group, or a broadcast set larger than the whole budget),
 * the job fails with a JobExecutionException naming the operator and what to raise.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { JobExecutionException, RichMapFunction } from "../../src/index.js";
import { envWith, spillRoot, TINY_BUDGET } from "./spill-helpers.js";
import { readdirSync } from "node:fs";

const outOfMemory = (operator: RegExp) => (e: unknown): boolean => {
  assert.ok(e instanceof JobExecutionException, String(e));
  assert.match(e.message, operator);
  assert.match(e.message, /ran out of memory/);
  assert.match(e.message, /setMemoryBudget|SLUICE_MEMORY_BUDGET/);
  return true;
};

test("one group larger than the budget: JobExecutionException naming the group reduce", async () => {
  const root = spillRoot();
  const env = envWith(2, TINY_BUDGET, root);
  const data = Array.from({ length: 4000 }, (_, i) => [i % 2 === 0 ? 1 : 1, `value-${i}`] as [number, string]);
  const job = env.fromCollection(data).groupBy(0).reduceGroup((vs: Iterable<[number, string]>, out) => out.collect([...vs].length)).name("huge group").collect();
  await assert.rejects(job, outOfMemory(/huge group/));
  assert.deepEqual(readdirSync(root), []);
});

test("one key group of a coGroup's held side larger than the budget fails the same way", async () => {
  const root = spillRoot();
  const env = envWith(1, TINY_BUDGET, root);
  const a = env.fromCollection(Array.from({ length: 4000 }, (_, i) => [7, `a${i}`] as [number, string]));
  const b = env.fromElements<[number, string]>([7, "b"]);
  const job = a.coGroup(b).where(0).equalTo(0).with((xs: Iterable<unknown>, _ys: Iterable<unknown>, out) => out.collect([...xs].length)).name("big cogroup").collect();
  await assert.rejects(job, outOfMemory(/big cogroup/));
});

test("a broadcast set larger than the budget (it is handed over as one array) fails naming the operator", async () => {
  const root = spillRoot();
  const env = envWith(2, TINY_BUDGET, root);
  const big = env.fromCollection(Array.from({ length: 4000 }, (_, i) => `row-${i}`));
  class Sized extends RichMapFunction<number, number> {
    map(v: number): number {
      return v + this.getRuntimeContext().getBroadcastVariable<string>("big").length;
    }
  }
  await assert.rejects(env.fromElements(1, 2).map(new Sized()).withBroadcastSet(big, "big").name("broadcast user").collect(), outOfMemory(/broadcast user/));
  assert.deepEqual(readdirSync(root), []);
});
