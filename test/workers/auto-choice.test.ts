/**
 * "auto" (issue 17): a pipeline over a sequence of 300,000 records runs on every core; the same
 * pipeline over a collection of 300,000 records runs in process, since a collection is one
 * subtask's input shipped from the coordinator's memory. The reason says so.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { availableParallelism } from "node:os";
import { runJob } from "../../src/index.js";

type Execution = { mode: string; workers?: number; reason: string };

test("auto: parallel sources over the threshold use threads, collections stay in process", async () => {
  const got = await runJob<{ collection: Execution; sequence: Execution }>(new URL("../jobs/auto-choice.job.ts", import.meta.url), { n: 300_000 }, { parallelism: 2 });
  assert.equal(got.collection.mode, "in-process");
  assert.match(got.collection.reason, /300,000 collection records, not counted/);
  if (availableParallelism() > 1) {
    assert.equal(got.sequence.mode, "threads", got.sequence.reason);
    assert.match(got.sequence.reason, /300,000 known input records from parallel sources/);
  } else {
    assert.match(got.sequence.reason, /one core/);
  }
});
