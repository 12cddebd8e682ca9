/**
 * The job-module pass: representative job modules (test/jobs/*.job.ts: every operator family,
 * iterations, file and print sinks, actions that feed later jobs) run in process, in worker threads
 * and in child processes; each mode must give the in-process result. One pool per mode serves
 * every module (the pools are long-lived).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runJob, type JobMode } from "../../src/index.js";
import { captureStdout } from "../helpers.js";
import type { Watched } from "../jobs/progress.job.js";

const job = (name: string): URL => new URL(`../jobs/${name}.job.ts`, import.meta.url);
const MODES: JobMode[] = ["threads", "processes"];
const P = 3;

async function inEveryMode(name: string, args: unknown): Promise<void> {
  const expected = await runJob(job(name), args, { parallelism: P, mode: "in-process" });
  for (const mode of MODES) {
    assert.deepEqual(await runJob(job(name), args, { parallelism: P, mode }), expected, `${name} in ${mode}`);
  }
}

test("every operator family gives the in-process result in threads and processes", { timeout: 180_000 }, () => inEveryMode("operators", { n: 200 }));

test("bulk and delta iterations give the in-process result in threads and processes", { timeout: 120_000 }, () => inEveryMode("iterations", {}));

test("file sinks and print sinks: same files, same printed lines, in every mode", { timeout: 120_000 }, async () => {
  const printed: string[] = [];
  const files: unknown[] = [];
  for (const mode of ["in-process", ...MODES] as JobMode[]) {
    const dir = mkdtempSync(join(tmpdir(), "sluice-sinks-job-"));
    try {
      printed.push((await captureStdout(async () => { files.push(await runJob(job("sinks"), { dir }, { parallelism: P, mode })); })).split("\n").sort().join("\n"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  assert.match(printed[0]!, /^zero:\d> \(0,v5\)$/m);
  assert.deepEqual(printed.slice(1), [printed[0], printed[0]]);
  assert.deepEqual(files.slice(1), [files[0], files[0]]);
});

test("actions that feed later jobs return the coordinator's results in the workers; subtasks run there", { timeout: 120_000 }, async () => {
  const expected = await runJob<{ where: string[] }>(job("actions"), {}, { parallelism: P, mode: "in-process" });
  assert.deepEqual(expected.where, ["coordinator"]);
  for (const mode of MODES) {
    const got = await runJob<{ where: string[] }>(job("actions"), {}, { parallelism: P, mode });
    assert.deepEqual({ ...got, where: [] }, { ...expected, where: [] }, mode);
    assert.ok(got.where.length >= 1 && got.where.every((w) => w.startsWith("worker")), `${mode}: ${got.where.join(", ")}`);
    if (mode === "processes") assert.ok(!got.where.includes(`worker ${process.pid}`), "ran in other processes");
  }
});

test("progress and job listeners: the workers' counters reach the coordinator's listener while the job runs", { timeout: 120_000 }, async () => {
  process.env.SLUICE_PROGRESS_INTERVAL_MS = "20";
  try {
    const n = 300_000;
    const expected = await runJob<Watched>(job("progress"), { n }, { parallelism: 2, mode: "in-process" });
    assert.equal(expected.executed, "progress");
    assert.deepEqual(expected.final.map((o) => [o.recordsIn, o.state]), [[n, "finished"]]);
    for (const mode of MODES) {
      const got = await runJob<Watched>(job("progress"), { n }, { parallelism: 2, mode });
      assert.deepEqual({ ...got, running: [] }, { ...expected, running: [] }, mode);
      assert.ok(got.running.some((r) => r > 0 && r < n), `${mode}: a snapshot while running counted some records: ${got.running.join(", ")}`);
    }
  } finally {
    delete process.env.SLUICE_PROGRESS_INTERVAL_MS;
  }
});

// Every plan counted (SLUICE_AUTO_MIN_FILE_BYTES=0): these small jobs run their subtasks mostly in the
// coordinator (free first), through its views of the exchanges; auto-coordinator.test.ts has a worker claim splits.
test("auto with the coordinator beside a worker, every plan counted, gives the in-process result", { timeout: 240_000 }, async () => {
  process.env.SLUICE_AUTO_MIN_FILE_BYTES = "0";
  try {
    for (const [name, args] of [["operators", { n: 200 }], ["iterations", {}], ["actions", {}]] as const) {
      const expected = await runJob<Record<string, unknown>>(job(name), args, { parallelism: P, mode: "in-process" });
      const got = await runJob<Record<string, unknown>>(job(name), args, { parallelism: P, mode: "auto" });
      // "actions" says where its subtasks ran: here both the coordinator and workers may have.
      assert.deepEqual({ ...got, where: undefined }, { ...expected, where: undefined }, `${name} with the coordinator beside a worker`);
    }
    const dir = mkdtempSync(join(tmpdir(), "sluice-sinks-job-"));
    const dir2 = mkdtempSync(join(tmpdir(), "sluice-sinks-job-"));
    try {
      // print()'s prefix names the subtask that printed: the coordinator and a worker claim the
      // sequence's ranges as they read them (as Flink's split assigner hands them out), so which
      // subtask prints a record may differ from in process; what is printed may not.
      const lines = (out: string): string[] => out.split("\n").filter((l) => !l.startsWith("[sluice]")).map((l) => l.replace(/^(\w+):\d+>/, "$1:n>")).sort();
      const here = lines(await captureStdout(async () => void await runJob(job("sinks"), { dir }, { parallelism: P, mode: "in-process" })));
      const beside = lines(await captureStdout(async () => void await runJob(job("sinks"), { dir: dir2 }, { parallelism: P, mode: "auto" })));
      assert.deepEqual(beside, here);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(dir2, { recursive: true, force: true });
    }
  } finally {
    delete process.env.SLUICE_AUTO_MIN_FILE_BYTES;
  }
});
