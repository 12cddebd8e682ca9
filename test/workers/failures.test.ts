/**
 * Failures on workers, in threads and in child processes: a throwing function, process.exit in a
 * function, a worker out of memory, a function stuck past the run's timeout. Each fails the job
 * with a JobExecutionException naming the operator and the subtask, leaves no output, and the next
 * job runs. Also: a plan that comes out differently in a worker is caught by its fingerprint.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InvalidProgramException, JobExecutionException, runJob, type JobMode } from "../../src/index.js";
import type { Failure } from "../jobs/failing.job.js";

// Small worker heaps, so running out of memory is quick (read when the pools start).
process.env.SLUICE_WORKER_HEAP_MB = "128";

const FAILING = new URL("../jobs/failing.job.ts", import.meta.url);
const SUM = new URL("../jobs/sum-of-squares.job.ts", import.meta.url);
const DIVERGING = new URL("../jobs/diverging.job.ts", import.meta.url);

const CASES: { kind: Failure; message: RegExp; timeout?: number; jobTimeout?: number }[] = [
  { kind: "throw", message: /threw RangeError: bad record 900/ },
  { kind: "exit", message: /exited with code 3.*process\.exit\(\)/ },
  { kind: "oom", message: /ran out of memory/ },
  { kind: "stuck", message: /TimeoutError|timed out|aborted/i, timeout: 3_000 },
  { kind: "stuck", message: /^Job 'failing' timed out after 5000 ms; operator '.*Checker.*' \(subtask 4\/4\) was running$/, jobTimeout: 5_000 },
];

function describe(c: (typeof CASES)[number]): string {
  if (c.jobTimeout) return "is stuck past the job timeout (setJobTimeout)";
  return c.kind === "throw" ? "throws" : c.kind === "exit" ? "calls process.exit" : c.kind === "oom" ? "runs out of memory" : "is stuck past the run's signal";
}

for (const mode of ["threads", "processes"] as JobMode[]) {
  for (const c of CASES) {
    const name = `${mode}: a function that ${describe(c)} fails the job naming operator and subtask; no output; the next job runs`;
    test(name, { timeout: 120_000 }, async () => {
      const dir = mkdtempSync(join(tmpdir(), "sluice-fail-"));
      try {
        const signal = c.timeout ? AbortSignal.timeout(c.timeout) : undefined;
        await assert.rejects(runJob(FAILING, { kind: c.kind, dir, jobTimeout: c.jobTimeout }, { parallelism: 4, mode, signal }), (e: unknown) => {
          assert.ok(e instanceof JobExecutionException, String(e));
          assert.match(e.message, /operator 'DataSource \(generateSequence\) -> Checker|operator '.*Checker.*' \(subtask 4\/4\)/);
          assert.match(e.message, c.message);
          return true;
        });
        assert.ok(!existsSync(join(dir, "out")) || readdirSync(join(dir, "out")).length === 0, "no output left");
        assert.deepEqual(await runJob(SUM, { n: 3 }, { parallelism: 4, mode }), [[0, 4], [1, 10]]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
}

test("a thrown error keeps its class, message and fields across workers", { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-fail-"));
  try {
    await assert.rejects(runJob(FAILING, { kind: "throw", dir }, { parallelism: 2, mode: "threads" }), (e: unknown) => {
      assert.ok((e as Error).cause instanceof RangeError);
      assert.equal(((e as Error).cause as Error).message, "bad record 900");
      return true;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a plan that comes out differently in a worker is detected and explained", { timeout: 60_000 }, async () => {
  await assert.rejects(runJob(DIVERGING, {}, { parallelism: 2, mode: "threads" }), (e: unknown) => {
    assert.ok(e instanceof InvalidProgramException, String(e));
    assert.match(e.message, /built a different plan than the coordinator \(the data in the plan differs/);
    assert.match(e.message, /randomness/);
    return true;
  });
});
