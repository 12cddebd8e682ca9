/**
 * The opt-in sluice-auto engine (a job module through runJob in the default mode) gives plain
 * JS's results on an in-memory and a file workload at --size tiny. Timings are not looked at.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

test("bench harness: sluice-auto agrees with plain JS (group-sum, wordcount, tiny)", { timeout: 300_000 }, async () => {
  const { stdout } = await run(process.execPath, [
    "--import", "tsx", "bench/run.ts", "--size", "tiny", "--runs", "1", "--engines", "plain-js,sluice-auto", "--workloads", "group-sum,wordcount",
  ], { maxBuffer: 16 * 1024 * 1024, env: { ...process.env, SLUICE_BENCH_LIBRARY: "src" } });
  const rows = stdout.split("\n").filter((l) => /^\| .*\| sluice-auto \|/.test(l));
  assert.equal(rows.length, 2, stdout);
  for (const line of rows) assert.equal(line.split("|").map((c) => c.trim())[9], "yes", line);
});
