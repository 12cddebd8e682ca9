/**
 * "auto" (issue 17): a pipeline over a sequence of 300,000 records runs on every core; the same
 * pipeline over a collection of 300,000 records runs in process, since a collection is one
 * subtask's input shipped from the coordinator's memory. A 64 MB file whose lines the workers read
 * and combine themselves runs on every core; the same file rebalanced right after its source (every
 * line would cross the coordinator) and a 1 MB file run in process. The reason says so. A 32 MB
 * file runs in process while no worker thread is up, and on every core once one is.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { truncateSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { tempDirs } from "../temp-dirs.js";

const temp = tempDirs("sluice-auto-choice-");
import { runJob } from "../../src/index.js";

type Execution = { mode: string; workers?: number; coordinator?: string; reason: string };

test("auto: parallel sources over the threshold use threads, collections stay in process", async () => {
  const file = join(temp.dir(), "big.txt");
  const smallFile = join(temp.dir(), "small.txt");
  // Sparse files: only their sizes are read (the plans are explained, not run).
  writeFileSync(file, "");
  truncateSync(file, 64 * 2 ** 20);
  writeFileSync(smallFile, "");
  truncateSync(smallFile, 2 ** 20);
  type Got = Record<"collection" | "sequence" | "file" | "fileCrossing" | "smallFile", Execution>;
  // mode "auto" given: the test pass that forces threads (SLUICE_EXECUTION_MODE) checks the choice too.
  const got = await runJob<Got>(new URL("../jobs/auto-choice.job.ts", import.meta.url), { n: 300_000, file, smallFile }, { parallelism: 2, mode: "auto" });
  assert.equal(got.collection.mode, "in-process");
  assert.match(got.collection.reason, /300,000 collection records, not counted/);
  assert.equal(got.fileCrossing.mode, "in-process", got.fileCrossing.reason);
  assert.match(got.fileCrossing.reason, /67,108,864 input bytes from files whose records all cross the coordinator, not counted/);
  assert.equal(got.smallFile.mode, "in-process", got.smallFile.reason);
  assert.match(got.smallFile.reason, /small parallel input \(0 known input records from parallel sources, 1,048,576 input bytes from files combined or written in the workers/);
  if (availableParallelism() > 1) {
    assert.equal(got.sequence.mode, "threads", got.sequence.reason);
    assert.match(got.sequence.reason, /300,000 known input records from parallel sources/);
    assert.equal(got.file.mode, "threads", got.file.reason);
    // The first job of this process: no worker thread is up, the threshold is the cold one.
    assert.match(got.file.reason, /67,108,864 input bytes from files combined or written in the workers \(>= 67,108,864 file bytes: no worker thread up yet\)/);
    // Files and sequences: the coordinator reads beside the workers (one core less to start), the
    // splits (file splits, sequence ranges) claimed as read.
    for (const source of [got.file, got.sequence]) {
      assert.equal(source.coordinator, "runs subtasks beside the workers; a task reading under 100000 records through exchanges runs there whole");
      assert.equal(source.workers, 1);
      assert.match(source.reason, /the coordinator runs subtasks beside 1 worker thread, splits claimed as the subtasks read them/);
    }
  } else {
    assert.match(got.sequence.reason, /one core/);
    assert.match(got.file.reason, /one core/);
  }
});

test("auto: files count from 64 MiB while no worker thread is up, from 16 MiB once one is", async () => {
  if (availableParallelism() < 2) return;
  const midFile = join(temp.dir(), "mid.txt");
  writeFileSync(midFile, "");
  truncateSync(midFile, 32 * 2 ** 20);
  const choice = async (): Promise<Execution> =>
    (await runJob<{ smallFile: Execution }>(new URL("../jobs/auto-choice.job.ts", import.meta.url), { n: 10, smallFile: midFile }, { parallelism: 2, mode: "auto" })).smallFile;
  const cold = await choice();
  assert.equal(cold.mode, "in-process", cold.reason);
  assert.match(cold.reason, /small parallel input \(.*33,554,432 input bytes from files combined or written in the workers; threads from 200,000 records or 67,108,864 file bytes: no worker thread up yet\)/);
  // A job in threads starts the process's pool (its workers stay up, idle).
  await runJob(new URL("../jobs/sum-of-squares.job.ts", import.meta.url), { n: 10 }, { parallelism: 2, mode: "threads" });
  const warm = await choice();
  assert.equal(warm.mode, "threads", warm.reason);
  assert.match(warm.reason, /\(>= 16,777,216 file bytes: worker threads up\).*the coordinator runs subtasks beside 1 worker thread/);
});
