/**
 * API.md "Enums and errors" and "DataSet<T>" sinks on inputs large enough (>= 100k known records, p > 1) for the
 * engine's "auto" execution mode to move subtasks into worker threads. The contract does not depend on size.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ExecutionEnvironment, JobExecutionException } from "../../src/index.js";
import { outputLines, tempDir } from "./tmp.js";

const N = 100_000;

test("a failed run's cause is the very value the user code threw, whatever the input size",
  { timeout: 20_000 },
  async () => {
    const env = ExecutionEnvironment.createLocalEnvironment(4);
    const boom = new Error("boom");
    await assert.rejects(env.generateSequence(1, N).map((i) => { if (i === N - 1) throw boom; return i; }).name("late-failure").collect(), (e: unknown) => {
      assert.ok(e instanceof JobExecutionException);
      assert.match(e.message, /late-failure/);
      assert.ok(e.cause === boom);
      return true;
    });
  });

test("a large job may write under a fresh temporary directory (a path built at run time)",
  { timeout: 20_000 },
  async () => {
    const env = ExecutionEnvironment.createLocalEnvironment(4);
    const path = join(tempDir(), "out");
    env.generateSequence(1, N).writeAsText(path);
    await env.execute();
    assert.equal(outputLines(path).length, N);
  });
