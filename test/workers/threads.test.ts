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
