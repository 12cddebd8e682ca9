/**
 * Where a file job's CPU goes, thread by thread, at p=1 in process and on both cores (the default
 * mode with the file threshold lowered, so the coordinator runs subtasks beside a worker thread):
 * the harness's wordcount or csv-job (bench/jobs/harness.job.mjs through runJob), each run cold in a
 * fresh Node process on the compiled library. Per run it reads every thread's CPU from
 * /proc/self/task (Linux; 10 ms ticks) before and after the job: the main thread, the threads the
 * job started (worker threads), and the rest (V8's compiler and GC helpers, libuv's pool). On a
 * 2-core machine a worker thread only pays when the main thread, the worker and the helpers
 * together need less than two cores for less time than p=1 takes. With `--optimizations`, one more
 * run of each under V8's --trace-opt/--trace-deopt counts the functions TurboFan optimized (both
 * isolates) and the deoptimizations. Needs `npm run build` first.
 * Run: npx tsx bench/thread-cpu.ts [--workload wordcount|csv-job] [--size full] [--runs 3] [--optimizations]
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { csvJobOutput, ensureDataFiles } from "./lib/files.js";
import type { Size } from "./lib/workloads.js";

const { values } = parseArgs({
  options: {
    workload: { type: "string", default: "wordcount" }, size: { type: "string", default: "full" }, runs: { type: "string", default: "3" },
    optimizations: { type: "boolean", default: false },
  },
});
const workload = values.workload!;
if (workload !== "wordcount" && workload !== "csv-job") throw new Error("--workload: wordcount or csv-job");
const dist = new URL("../dist/index.js", import.meta.url);
if (!existsSync(dist)) throw new Error("bench/thread-cpu.ts needs the compiled library: npm run build");
const job = new URL("./jobs/harness.job.mjs", import.meta.url).href;
const size = values.size as Size;
const files = ensureDataFiles(size);
const paths = workload === "wordcount"
  ? { textPath: files.text }
  : { ordersPath: files.orders, usersPath: files.users, outPath: csvJobOutput(size, "thread-cpu") };

interface Run { ms: number; main: number; workers: number; others: number }

/** One cold run in a fresh process: runJob's wall time and each group of threads' CPU during it (and V8's traces, with `v8Flags`). */
function coldRun(parallelism: number, v8Flags: string[] = []): Run & { stdout: string } {
  const script = `
    import { readdirSync, readFileSync } from "node:fs";
    import { stat } from "node:fs/promises";
    await stat("."); // libuv's pool starts here, not during the job
    const { runJob } = await import(${JSON.stringify(dist.href)});
    const ticks = (tid) => {
      try {
        const s = readFileSync("/proc/self/task/" + tid + "/stat", "utf8");
        const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
        return (Number(f[11]) + Number(f[12])) * 10;
      } catch { return 0; }
    };
    const before = new Map(readdirSync("/proc/self/task").map((t) => [t, ticks(t)]));
    const t0 = performance.now();
    await runJob(${JSON.stringify(job)}, { workload: ${JSON.stringify(workload)}, paths: ${JSON.stringify(paths)} }, { parallelism: ${parallelism} });
    const ms = performance.now() - t0;
    const run = { ms, main: 0, workers: 0, others: 0 };
    for (const t of readdirSync("/proc/self/task")) {
      const used = ticks(t) - (before.get(t) ?? 0);
      if (t === String(process.pid)) run.main += used;
      else if (before.has(t)) run.others += used;
      else run.workers += used;
    }
    process.stdout.write("\\n@@thread-cpu " + JSON.stringify(run) + "\\n");
    process.exit(0);`;
  const env = { ...process.env, ...(parallelism > 1 ? { SLUICE_AUTO_MIN_FILE_BYTES: "1" } : {}) };
  const r = spawnSync(process.execPath, [...v8Flags, "--input-type=module", "-e", script], {
    encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env, maxBuffer: 256 * 2 ** 20,
  });
  if (r.status !== 0) throw new Error(`bench run failed:\n${r.stderr}`);
  const report = /^@@thread-cpu (.*)$/m.exec(r.stdout);
  if (report === null) throw new Error(`bench run printed no report:\n${r.stderr}`);
  return { ...(JSON.parse(report[1]!) as Run), stdout: r.stdout };
}

const runs = Number(values.runs);
const p1: Run[] = [];
const both: Run[] = [];
for (let i = 0; i < runs; i++) {
  p1.push(coldRun(1));
  both.push(coldRun(2));
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const row = (name: string, rs: Run[]): string => {
  const m = (f: (r: Run) => number): string => String(Math.round(median(rs.map(f))));
  return `| ${name} | ${m((r) => r.ms)} | ${m((r) => r.main)} | ${m((r) => r.workers)} | ${m((r) => r.others)} | ${m((r) => r.main + r.workers + r.others)} |`;
};
console.log(`${workload} (${size}), cold, compiled library, median of ${runs} interleaved runs (load average ${loadavg()[0]!.toFixed(1)} at the end)`);
console.log("| configuration | wall ms | main thread CPU ms | worker threads CPU ms | other threads CPU ms | all CPU ms |\n|---|---:|---:|---:|---:|---:|");
console.log(row("p=1 in process", p1));
console.log(row("p=2, a worker thread beside the coordinator", both));
if (values.optimizations) {
  const counts = (p: number): string => {
    const out = coldRun(p, ["--trace-opt", "--trace-deopt"]).stdout;
    const n = (re: RegExp): number => out.match(re)?.length ?? 0;
    return `${n(/completed optimizing/g)} optimized, ${n(/bailout \(kind/g)} deoptimizations`;
  };
  console.log(`TurboFan (one traced run each): p=1 ${counts(1)}; p=2 ${counts(2)}`);
}
