/**
 * From what input size the default mode pays for a file job, and whether "auto" picks it there:
 * the harness's wordcount and csv-job (bench/jobs/harness.job.mjs through runJob) over the
 * full-size input repeated k times (the text file k times; orders.csv's rows k times under one
 * header, users.csv as it is, so each user has k times the orders), each run cold in a fresh Node
 * process on the compiled library: p=1 in process against parallelism = cores in the default mode
 * ("auto", which runs in process or on worker threads by its own estimate: the table shows which),
 * interleaved. Where "auto" stays in process, a third run forces the worker threads (the file
 * threshold lowered, as bench/thread-cpu.ts does) to show what it declined. Needs `npm run build` first.
 * Run: npx tsx bench/crossover.ts [--workloads wordcount,csv-job] [--scales 1,2,4] [--rounds 3]
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { csvJobOutput, ensureDataFiles } from "./lib/files.js";

const { values } = parseArgs({
  options: {
    workloads: { type: "string", default: "wordcount,csv-job" }, scales: { type: "string", default: "1,2,4" },
    rounds: { type: "string", default: "3" },
  },
});
const dist = new URL("../dist/index.js", import.meta.url);
if (!existsSync(dist)) throw new Error("bench/crossover.ts needs the compiled library: npm run build");
const job = new URL("./jobs/harness.job.mjs", import.meta.url).href;
const files = ensureDataFiles("full");

/** `src` repeated `k` times under bench/.data/full/scaled/ (its first line once when `header`); `src` itself for k = 1. */
function scaled(src: string, k: number, header: boolean): string {
  if (k === 1) return src;
  const name = src.split("/").pop()!.replace(/\.(\w+)$/, `-x${k}.$1`);
  const path = join(dirname(src), "scaled", name);
  const whole = readFileSync(src);
  const body = header ? whole.subarray(whole.indexOf(10) + 1) : whole;
  const bytes = whole.length + (k - 1) * body.length;
  if (existsSync(path) && statSync(path).size === bytes) return path;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, whole);
  for (let i = 1; i < k; i++) appendFileSync(path, body);
  return path;
}

interface Run { ms: number; choice: string }

/** One cold run in a fresh process: runJob's wall time and where the job ran (from its log line). */
function coldRun(workload: string, k: number, parallelism: number, forceThreads = false): Run {
  const paths = workload === "wordcount"
    ? { textPath: scaled(files.text, k, false) }
    : { ordersPath: scaled(files.orders, k, true), usersPath: files.users, outPath: csvJobOutput("full", "crossover") };
  const script = `
    const { runJob } = await import(${JSON.stringify(dist.href)});
    const t0 = performance.now();
    await runJob(${JSON.stringify(job)}, { workload: ${JSON.stringify(workload)}, paths: ${JSON.stringify(paths)} }, { parallelism: ${parallelism} });
    process.stdout.write("\\n@@crossover " + (performance.now() - t0) + "\\n");
    process.exit(0);`;
  const env = { ...process.env, SLUICE_AUTO_MIN_FILE_BYTES: forceThreads ? "1" : "" };
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env, maxBuffer: 256 * 2 ** 20 });
  if (r.status !== 0) throw new Error(`bench run failed:\n${r.stderr}`);
  const ms = /^@@crossover (.*)$/m.exec(r.stdout);
  if (ms === null) throw new Error(`bench run printed no time:\n${r.stderr}`);
  const choice = /\[sluice\] job '[^']*': ([a-z-]+)/.exec(r.stderr)?.[1] ?? (parallelism === 1 ? "in-process" : "?");
  return { ms: Number(ms[1]), choice };
}

const cores = availableParallelism();
const rounds = Number(values.rounds);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const range = (xs: number[]): string => `${Math.round(Math.min(...xs))}-${Math.round(Math.max(...xs))}`;
console.log(`cold runs on the compiled library, ${rounds} interleaved rounds, ${cores} cores, load average ${loadavg()[0]!.toFixed(1)} at the start`);
console.log("| workload | input MB | p=1 ms | default mode ms | auto ran | p=1 / default | worker threads forced ms | p=1 / forced |\n|---|---:|---:|---:|---|---:|---:|---:|");
for (const workload of values.workloads!.split(",")) {
  for (const k of values.scales!.split(",").map(Number)) {
    const p1: number[] = [];
    const auto: number[] = [];
    const forced: number[] = [];
    const choices = new Set<string>();
    for (let i = 0; i < rounds; i++) {
      p1.push(coldRun(workload, k, 1).ms);
      const a = coldRun(workload, k, cores);
      auto.push(a.ms);
      choices.add(a.choice);
      if (a.choice !== "threads") forced.push(coldRun(workload, k, cores, true).ms);
    }
    const input = workload === "wordcount" ? scaled(files.text, k, false) : scaled(files.orders, k, true);
    const mb = (statSync(input).size / 1e6).toFixed(0);
    const ratio = (xs: number[]): string => `${(median(p1) / median(xs)).toFixed(2)}x`;
    const forcedCells = forced.length > 0 ? `${range(forced)} | ${ratio(forced)}` : "(as default) | ";
    console.log(`| ${workload} | ${mb} | ${range(p1)} | ${range(auto)} | ${[...choices].join(", ")} | ${ratio(auto)} | ${forcedCells} |`);
  }
}
console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end; ratios are of the medians (above 1: the default mode is faster)`);
