/**
 * "auto" in process (issue 17): a plan whose parallelism nothing observes runs at parallelism 1,
 * and the plan JSON says so; a file sink keeps its parallelism (a directory of two files, fed from
 * parallelism 1); a Rich function or a mapPartition keeps the parallelism runJob gave (two subtask indexes).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runJob } from "../../src/index.js";
import type { Explained } from "../jobs/auto-parallelism.job.js";

interface Got {
  plain: Explained; fileSink: Explained; rich: Explained; partition: Explained;
  sums: string[]; subtaskIndexes: number[]; csvIsDirectory: boolean; csvLines: string[];
}

test("auto in process: parallelism 1 where nothing observes it, the given parallelism where something does", async () => {
  const out = mkdtempSync(join(tmpdir(), "sluice-auto-p-"));
  try {
    const got = await runJob<Got>(new URL("../jobs/auto-parallelism.job.ts", import.meta.url), { out }, { parallelism: 2, mode: "auto" });
    assert.equal(got.plain.execution.mode, "in-process");
    assert.equal(got.plain.execution.parallelism, 1, got.plain.execution.reason);
    assert.match(got.plain.execution.reason, /at parallelism 1: nothing in the plan observes parallelism 2/);
    assert.deepEqual([...new Set(got.plain.parallelisms)], [1]);
    assert.equal(got.fileSink.execution.parallelism, 1, got.fileSink.execution.reason);
    assert.equal(got.fileSink.execution.outputParallelism, 2);
    assert.match(got.fileSink.execution.reason, /output-format sinks keep parallelism 2/);
    assert.deepEqual(got.fileSink.parallelisms, got.fileSink.parallelisms.map((_, i, all) => (i === all.length - 1 ? 2 : 1)));
    for (const [kept, what] of [[got.rich, /function object/], [got.partition, /mapPartition/]] as const) {
      assert.equal(kept.execution.mode, "in-process");
      assert.equal(kept.execution.parallelism, undefined);
      assert.match(kept.execution.reason, /keeps parallelism 2/);
      assert.match(kept.execution.reason, what);
      assert.ok(kept.parallelisms.includes(2));
    }
    const expected = Array.from({ length: 7 }, (_, k) => `${k}:${Array.from({ length: 100 }, (_, i) => i).filter((i) => i % 7 === k).reduce((a, b) => a + b, 0)}`).sort();
    assert.deepEqual(got.sums, expected);
    assert.deepEqual(got.subtaskIndexes, [0, 1]);
    assert.equal(got.csvIsDirectory, true);
    assert.deepEqual(got.csvLines, expected);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
