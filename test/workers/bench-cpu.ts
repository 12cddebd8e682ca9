/**
 * CPU-bound job, in process vs worker threads: a map doing real arithmetic per record over
 * 2,000,000 records, then a grouped sum. Run: node --import tsx test/workers/bench-cpu.ts [p] [records]
 * Each mode runs in a fresh child process (same program file, so workers can load it).
 */
import { execFileSync } from "node:child_process";
import { ExecutionEnvironment, type ExecutionMode } from "../../src/index.js";

const p = Number(process.argv[2] ?? 2);
const n = Number(process.argv[3] ?? 2_000_000);
const mode = process.env.BENCH_MODE as ExecutionMode | undefined;

function work(x: number): number {
  let v = x;
  for (let i = 0; i < 60; i++) v = Math.sqrt(v * v + i) + Math.sin(v) * 0.5;
  return v;
}

async function job(): Promise<void> {
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  env.getConfig().setExecutionMode(mode!);
  const t0 = performance.now();
  const out = await env.generateSequence(1, n).map((x) => [x % 100, work(x)] as [number, number]).groupBy(0).sum(1).collect();
  const t1 = performance.now();
  // A second run of the same job: the pool is warm (no worker start-up).
  const again = await env.generateSequence(1, n).map((x) => [x % 100, work(x)] as [number, number]).groupBy(0).sum(1).collect();
  const t2 = performance.now();
  const checksum = out.reduce((s, r) => s + r[1], 0);
  if (again.length !== out.length) throw new Error("runs differ");
  console.log(JSON.stringify({ mode, p, n, firstMs: Math.round(t1 - t0), warmMs: Math.round(t2 - t1), groups: out.length, checksum: checksum.toFixed(3) }));
}

if (mode) {
  await job();
} else {
  for (const m of ["in-process", "threads"]) {
    const line = execFileSync(process.execPath, [...process.execArgv, process.argv[1]!, String(p), String(n)], {
      env: { ...process.env, BENCH_MODE: m },
      encoding: "utf8",
    });
    process.stdout.write(line);
  }
}
