/**
 * "auto" (issue 17): a pipeline over a sequence of 300,000 records runs on every core; the same
 * pipeline over a collection of 300,000 records runs in process, since a collection is one
 * subtask's input shipped from the coordinator's memory; so does a pipeline over a 64 MB file (file
 * jobs were measured slower in threads). The reason says so.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { truncateSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { tempDirs } from "../temp-dirs.js";

const temp = tempDirs("sluice-auto-choice-");
import { runJob } from "../../src/index.js";

type Execution = { mode: string; workers?: number; reason: string };

test("auto: parallel sources over the threshold use threads, collections stay in process", async () => {
  const file = join(temp.dir(), "big.txt");
  writeFileSync(file, "");
  truncateSync(file, 64 * 2 ** 20); // a sparse 64 MB file: only its size is read (the plan is explained, not run)
  const got = await runJob<{ collection: Execution; sequence: Execution; file: Execution }>(
    new URL("../jobs/auto-choice.job.ts", import.meta.url), { n: 300_000, file }, { parallelism: 2 });
  assert.equal(got.file.mode, "in-process", got.file.reason);
  assert.match(got.file.reason, /67,108,864 input bytes from files, not counted/);
  assert.equal(got.collection.mode, "in-process");
  assert.match(got.collection.reason, /300,000 collection records, not counted/);
  if (availableParallelism() > 1) {
    assert.equal(got.sequence.mode, "threads", got.sequence.reason);
    assert.match(got.sequence.reason, /300,000 known input records from parallel sources/);
  } else {
    assert.match(got.sequence.reason, /one core/);
  }
});
