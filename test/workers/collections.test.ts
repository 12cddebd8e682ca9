/**
 * Collection sources ship once (issue 17): a worker's copy of the entry takes only the first 1,000
 * elements of a collection (they decide its shape) and never iterates further; the subtask that
 * reads the collection gets the coordinator's elements. Results equal the in-process run.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runJob, type JobMode } from "../../src/index.js";

const job = new URL("../jobs/collections.job.ts", import.meta.url);
const N = 5000;

test("collection sources: workers iterate only a sample, the coordinator's elements reach the subtasks", { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-collections-"));
  try {
    const expected = await runJob(job, { log: join(dir, "in-process.log"), n: N }, { parallelism: 2, mode: "in-process" });
    assert.deepEqual(readFileSync(join(dir, "in-process.log"), "utf8").trim().split("\n").map((l) => l.split(" ")[2]), [String(N)]);
    for (const mode of ["threads", "processes"] as JobMode[]) {
      const log = join(dir, `${mode}.log`);
      assert.deepEqual(await runJob(job, { log, n: N }, { parallelism: 2, mode }), expected, mode);
      const lines = readFileSync(log, "utf8").trim().split("\n").map((l) => l.split(" "));
      const coordinator = lines.filter(([w]) => w === "coordinator").map((l) => Number(l[2]));
      const workers = lines.filter(([w]) => w === "worker").map((l) => Number(l[2]));
      assert.deepEqual(coordinator, [N], `${mode}: the coordinator iterates the generator once, fully`);
      assert.ok(workers.length >= 1, `${mode}: the entry ran in the workers`);
      assert.ok(workers.every((k) => k === 1000), `${mode}: workers iterated ${workers.join(", ")} elements (a 1,000 sample)`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
