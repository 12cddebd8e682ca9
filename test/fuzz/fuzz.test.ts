/**
 * The differential fuzzer at a fixed seed: random programs over every DataSet operator, at
 * parallelism 1 and 4, checked against the naive model (test/fuzz/model.ts). In process, then a
 * smaller run at p=4 as a job module (program.job.ts) in worker threads, in child processes and in
 * the default mode (in process at parallelism 1 where nothing in the plan observes it).
 * Long campaigns: `npm run fuzz`.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_FLAGS } from "./ast.js";
import { fuzz } from "./fuzz.js";
import type { Mode } from "./runner.js";

const RUNS: Record<Mode, number> = { "in-process": 300, threads: 40, processes: 40, auto: 100 };

for (const mode of Object.keys(RUNS) as Mode[]) {
  const runs = RUNS[mode];
  const parallelism = mode === "in-process" ? undefined : 4;
  test(`the fuzzer's programs agree with the model (${runs} programs, seed 13, ${mode}${parallelism ? `, p=${parallelism}` : ""})`, { timeout: 240_000 }, async () => {
    const report = await fuzz({ runs, seed: 13, mode, flags: DEFAULT_FLAGS, parallelism });
    assert.equal(report.failure, undefined, report.failure);
    assert.ok(report.runs + report.skipped === runs, `ran ${report.runs}, skipped ${report.skipped}`);
    assert.ok(report.skipped < runs / 10, `${report.skipped} programs were too large to run`);
  });
}
