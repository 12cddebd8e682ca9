/**
 * The job-module pass of spilling: test/jobs/spilling.job.ts (every record-holding operator on every
 * record kind) under a tiny budget, in worker threads and in child processes, gives what it gives
 * in process with plenty of memory.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

test("joins of typed CSV rows give the in-process result in threads and processes, spilling or not", { timeout: 200_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-typed-join-"));
  try {
    const rows = (n: number, width: number): string =>
      Array.from({ length: n }, (_, i) => [i % 97 === 0 ? (i % 2 ? "NaN" : "-0") : String((i * 7919) % 3001), ...Array.from({ length: width - 1 }, (_, f) => String(i + f / 4))].join(",")).join("\n") + "\n";
    const args = { left: join(dir, "left.csv"), right: join(dir, "right.csv") };
    writeFileSync(args.left, rows(6000, 2));
    writeFileSync(args.right, rows(4000, 3));
    const typedJob = new URL("../jobs/typed-csv-join.job.ts", import.meta.url);
    const expected = await runJob(typedJob, args, { parallelism: 3, mode: "in-process" });
    assert.deepEqual(await runJob(typedJob, { ...args, budget: 32 * 1024 }, { parallelism: 3, mode: "in-process" }), expected, "in process, tiny budget");
    for (const mode of ["threads", "processes"] as JobMode[]) {
      assert.deepEqual(await runJob(typedJob, { ...args, budget: 32 * 1024 }, { parallelism: 3, mode }), expected, mode);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
