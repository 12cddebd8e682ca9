/**
 * The job-module pass of spilling: test/jobs/spilling.job.ts (every record-holding operator on every
 * record kind) under a tiny budget, in worker threads and in child processes, gives what it gives
 * in process with plenty of memory.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { runJob, type JobMode } from "../../src/index.js";

const job = new URL("../jobs/spilling.job.ts", import.meta.url);

test("every operator spilling in threads and processes gives the unspilled in-process result", { timeout: 400_000 }, async () => {
  const expected = await runJob(job, { n: 3000 }, { parallelism: 3, mode: "in-process" });
  const tinyHere = await runJob(job, { n: 3000, budget: 32 * 1024 }, { parallelism: 3, mode: "in-process" });
  assert.deepEqual(tinyHere, expected, "in process, tiny budget");
  for (const mode of ["threads", "processes"] as JobMode[]) {
    assert.deepEqual(await runJob(job, { n: 3000, budget: 32 * 1024 }, { parallelism: 3, mode }), expected, mode);
  }
});
