/**
 * Smoke run of the benchmark harness (bench/run.ts) at `--size tiny`: every engine on every
 * workload, each in a fresh child, so the harness and every adapter keep working. Timings are
 * not looked at (children run two at a time); results must agree across engines. The timeout is
 * generous: on 2 busy cores the ~100 children alone took 160-230 s.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { availableParallelism } from "node:os";
import { promisify } from "node:util";
import { WORKLOADS } from "../../bench/lib/workloads.js";
import { engines } from "../../bench/engines/index.js";

const run = promisify(execFile);

test("bench harness: every engine x workload at --size tiny, checksums agree, table printed", { timeout: 600_000 }, async () => {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "bench/run.ts", "--size", "tiny", "--runs", "1", "--jobs", "2"], {
    maxBuffer: 16 * 1024 * 1024,
    // The sources under test, not dist/ (which the harness would compile first when stale).
    env: { ...process.env, SLUICE_BENCH_LIBRARY: "src" },
  });
  assert.match(stdout, /^\| workload \| engine \| median s \| min s \| max s \| peak RSS MB \| vs plain JS \| result rows \| same result \|$/m);
  const rows = stdout.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| workload"));
  const ids = engines(availableParallelism()).filter((e) => !e.optIn).map((e) => e.id);
  assert.equal(rows.length, WORKLOADS.length * ids.length, "one table row per (workload, engine)");
  let workload = "";
  let measured = 0;
  for (const line of rows) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells[1] !== "") workload = cells[1]!;
    const where = `${workload} / ${cells[2]}`;
    if (cells[3]!.startsWith("n/a")) continue;
    measured++;
    assert.match(cells[3]!, /^\d+\.\d+$/, `${where} has a time: ${line}`);
    assert.equal(cells[9], "yes", `${where} gives the same result as plain JS: ${line}`);
  }
  // plain JS and the native peers run everything; the rest only adds to this.
  assert.ok(measured >= WORKLOADS.length * 4, `at least ${WORKLOADS.length * 4} measured cells, got ${measured}`);
});
