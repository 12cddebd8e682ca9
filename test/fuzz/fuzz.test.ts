/**
 * The differential fuzzer at a fixed seed: random programs over every DataSet operator, at
 * parallelism 1 and 4, checked against the naive model (test/fuzz/model.ts). The threads pass
 * (`npm run test:threads`) runs them in worker threads. Long campaigns: `npm run fuzz`.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { IN_THREADS } from "../helpers.js";
import { DEFAULT_FLAGS } from "./ast.js";
import { fuzz } from "./fuzz.js";

const RUNS = IN_THREADS ? 120 : 300;
const mode = IN_THREADS ? "threads" : "in-process";

test(`the fuzzer's programs agree with the model (${RUNS} programs, seed 13, ${mode})`, async () => {
  const report = await fuzz({ runs: RUNS, seed: 13, mode, flags: DEFAULT_FLAGS, parallelism: IN_THREADS ? 4 : undefined });
  assert.equal(report.failure, undefined, report.failure);
  assert.ok(report.runs + report.skipped === RUNS, `ran ${report.runs}, skipped ${report.skipped}`);
  assert.ok(report.skipped < RUNS / 10, `${report.skipped} programs were too large to run`);
});
