import { test } from "node:test";
import assert from "node:assert/strict";
import { isMainThread } from "node:worker_threads";
import { ExecutionEnvironment } from "../../src/index.js";
import { assertSameRecords, canon } from "../helpers.js";

function threaded(p = 4): ExecutionEnvironment {
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  env.getConfig().setExecutionMode("threads");
  return env;
}

test("closures over local variables and imported helpers run in worker threads", async () => {
  const env = threaded();
  const factor = 3;
  const words = ["a", "b", "c", "a", "b", "a"];
  const out = await env
    .fromCollection(words)
    .map((w) => [canon(w), factor] as [string, number])
    .groupBy(0)
    .sum(1)
    .collect();
  assertSameRecords(out, [['"a"', 9], ['"b"', 6], ['"c"', 3]]);
  // The subtasks really ran in other threads.
  const threads = await env.generateSequence(1, 8).map(() => (isMainThread ? "main" : "worker")).distinct().collect();
  assert.deepEqual(threads, ["worker"]);
});

test("a program that builds its next job from a collected result takes the same path in the workers", async () => {
  const env = threaded();
  // The first job's result (16) sets the second plan's bounds: the workers get it from the coordinator.
  const [max] = await env.generateSequence(1, 50).map((x) => (x * 3) % 17).reduce((a, b) => Math.max(a, b)).collect();
  const next = await env.generateSequence(1, max!).map((x) => (isMainThread ? -x : x)).collect();
  assert.equal(max, 16);
  assert.deepEqual(next.sort((a, b) => a - b), Array.from({ length: 16 }, (_, i) => i + 1), "ran in the workers, with the same bounds");
});
