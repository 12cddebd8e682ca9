/**
 * A job with an iteration in threads mode: the operators around the iteration run in worker
 * threads, the supersteps in the coordinator (reading and writing the threads' encoded batches),
 * and accumulators from both sides are merged.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { isMainThread } from "node:worker_threads";
import { ExecutionEnvironment, ListAccumulator, RichMapFunction } from "../../src/index.js";

class Where extends RichMapFunction<number, number> {
  constructor(private readonly tag: string) {
    super();
  }
  override open(): void {
    const acc = new ListAccumulator<string>();
    this.getRuntimeContext().addAccumulator("where", acc);
    acc.add(`${this.tag}:${isMainThread ? "coordinator" : "worker"}`);
  }
  map(v: number): number {
    return v + 1;
  }
}

test("an iteration runs in threads mode: its supersteps in the coordinator, the rest in workers", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  env.getConfig().setExecutionMode("threads");
  const input = env.generateSequence(1, 1000).map(new Where("before"));
  const it = input.iterate(5);
  // The rebalance ends the iteration's task: what follows a shuffle runs in the workers again.
  const result = it.closeWith(it.map(new Where("step"))).rebalance().map(new Where("after"));
  const out = await result.collect();
  assert.deepEqual(out.sort((a, b) => a - b), Array.from({ length: 1000 }, (_, i) => i + 1 + 1 + 5 + 1));
  const where = new Set(env.getLastJobExecutionResult()!.getAccumulatorResult<string[]>("where"));
  assert.deepEqual([...where].sort(), ["after:worker", "before:worker", "step:coordinator"]);
});
