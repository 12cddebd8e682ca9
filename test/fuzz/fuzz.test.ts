/**
 * The differential fuzzer at a fixed seed: random programs over every DataSet operator, at
 * parallelism 1 and 4, checked against the naive model (test/fuzz/model.ts). Long campaigns: `npm run fuzz`.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_FLAGS } from "./ast.js";
import { fuzz } from "./fuzz.js";

const RUNS = 300;
const mode = "in-process";

test(`the fuzzer's programs agree with the model (${RUNS} programs, seed 13, ${mode})`, async () => {
  const report = await fuzz({ runs: RUNS, seed: 13, mode, flags: DEFAULT_FLAGS, parallelism: undefined });
  assert.equal(report.failure, undefined, report.failure);
  assert.ok(report.runs + report.skipped === RUNS, `ran ${report.runs}, skipped ${report.skipped}`);
  assert.ok(report.skipped < RUNS / 10, `${report.skipped} programs were too large to run`);
});
