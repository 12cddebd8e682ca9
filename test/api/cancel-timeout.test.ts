/**
 * DataSet jobs can be cancelled and given a timeout (issue 13): executeAsync() returns a JobClient;
 * cancel() and the job timeout fail the job with a JobExecutionException saying why, its output
 * hooks clean up, and it leaves no output. On workers a function that never returns is terminated
 * (test/workers/failures.test.ts).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ExecutionEnvironment, InvalidProgramException, JobExecutionException, WriteMode } from "../../src/index.js";
import { testAtParallelism } from "../helpers.js";
import { readOutput, tempDir } from "../io/tmp.js";

/** A job that runs for minutes unless stopped: 10^8 records through a map into a file sink. */
function longJob(env: ExecutionEnvironment, out: string): void {
  env.generateSequence(1, 100_000_000).map((x) => x * 2).writeAsText(out);
}

const T = { timeout: 120_000 };

testAtParallelism("executeAsync returns a JobClient whose result is the job's", async (env) => {
  const dir = tempDir();
  env.generateSequence(1, 1000).writeAsText(join(dir, "out"), WriteMode.NO_OVERWRITE);
  const client = await env.executeAsync("async job");
  assert.match(client.getJobID(), /^[0-9a-f]{32}$/);
  const result = await client.getJobExecutionResult();
  assert.equal(result.getJobName(), "async job");
  assert.equal(await client.getJobStatus(), "FINISHED");
  assert.equal(env.getLastJobExecutionResult(), result);
  assert.equal(readOutput(join(dir, "out")).split("\n").length, 1001);
  await client.cancel(); // a finished job stays finished
  assert.equal(await client.getJobStatus(), "FINISHED");
});

for (const p of [1, 4]) {
  test(`cancel() stops a running job, which fails saying so and leaves no output [p=${p}]`, T, async () => {
    const env = ExecutionEnvironment.createLocalEnvironment(p);
    const dir = tempDir();
    longJob(env, join(dir, "out"));
    const client = await env.executeAsync("to cancel");
    await sleep(300);
    assert.equal(await client.getJobStatus(), "RUNNING");
    const started = Date.now();
    await client.cancel();
    assert.ok(Date.now() - started < 30_000, "cancel() returned once the job had stopped");
    assert.equal(await client.getJobStatus(), "CANCELED");
    await assert.rejects(client.getJobExecutionResult(), (e: unknown) => e instanceof JobExecutionException && /Job 'to cancel' was cancelled/.test(e.message));
    assert.deepEqual(readdirSync(dir), []);
  });

  test(`a job running longer than the job timeout fails saying so and leaves no output [p=${p}]`, T, async () => {
    const env = ExecutionEnvironment.createLocalEnvironment(p);
    env.getConfig().setJobTimeout(400);
    const dir = tempDir();
    longJob(env, join(dir, "out"));
    await assert.rejects(env.execute("slow"), (e: unknown) => e instanceof JobExecutionException && /Job 'slow' timed out after 400 ms/.test(e.message));
    assert.deepEqual(readdirSync(dir), []);
    // collect() is bounded too.
    await assert.rejects(env.generateSequence(1, 100_000_000).map((x) => x + 1).count(), /Job 'collect' timed out after 400 ms/);
  });
}

test("a job that ends within the timeout is not affected", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  env.getConfig().setJobTimeout(60_000);
  assert.equal(env.getConfig().getJobTimeout(), 60_000);
  assert.equal(await env.generateSequence(1, 10).count(), 10);
  assert.throws(() => env.getConfig().setJobTimeout(-1), InvalidProgramException);
});
