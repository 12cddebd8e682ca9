/**
 * Out-of-core benchmark (issue 16): the five jobs that used to end in V8's abort, each in a fresh
 * child under `node --max-old-space-size=512`, on CSV files written here, side by side with DuckDB
 * under `SET memory_limit='512MB'` reading the same files. Each job reports a checksum; DuckDB's
 * SQL is the independent computation they must match. Prints wall time, CPU time (all threads) and peak RSS per engine.
 *
 *   npx tsx bench/out-of-core.ts --rows 4000000        # sort rows; the others scale as in the issue
 *   npx tsx bench/out-of-core.ts --rows 4000000 --data /tmp/ooc4m --jobs join   # keep the files, one job
 *   npx tsx bench/out-of-core.ts --rows 4000000 --p 1                          # Sluice at parallelism 1 (default 2)
 *   node --max-old-space-size=512 --cpu-prof --import tsx bench/out-of-core.ts --child join --dir /tmp/ooc4m --engine sluice
 *
 * Sizes for --rows R: sort R rows [number, string]; join R/2 x R/2; reduceGroup R/2 rows over R/4
 * keys; distinct R/2 rows; coGroup R/4 x R/4 (R = 20M is the issue's full size).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runDuck } from "./out-of-core/duck-jobs.js";
import { HASH_JOIN_SPILL } from "../src/runtime/drivers/join/hash-join-driver.js";
import { chooseLibrary } from "./lib/library.js";

export const JOBS = ["sort", "join", "reduceGroup", "distinct", "coGroup"] as const;
export type Job = (typeof JOBS)[number];

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

/** Sluice's parallelism in the children (--p, default 2: the cores of the machine the figures come from). */
const sluiceParallelism = (): number => Number(opt("p") ?? 2);

if (opt("child") !== undefined) {
  // One job in this process: print its result as one JSON line.
  const job = opt("child") as Job;
  // --join-spill sort-merge: a hash join past its share turns into a sort-merge join (the earlier fallback), to compare.
  // It sets a module of the sources, so the job runs them then (else the compiled library when fresh).
  if (opt("join-spill") === "sort-merge") {
    HASH_JOIN_SPILL.strategy = "sort-merge";
    process.env["SLUICE_BENCH_LIBRARY"] = "src";
  }
  const { runSluice } = await import("./out-of-core/sluice-jobs.js");
  const dir = opt("dir")!;
  const start = performance.now();
  const checksum = opt("engine") === "duckdb" ? await runDuck(job, dir) : await runSluice(job, dir, sluiceParallelism());
  const ms = performance.now() - start;
  const usage = process.resourceUsage();
  // CPU seconds (user + system, every thread of the process) next to the wall time: on a shared machine the wall time says more about the load.
  const cpuS = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
  process.stdout.write(`${JSON.stringify({ ms, cpuS, checksum, peakRssMb: usage.maxRSS / 1024 })}\n`);
} else {
  await main();
}

async function main(): Promise<void> {
  chooseLibrary();
  const rows = Number(opt("rows") ?? 400_000);
  // --data DIR: write the inputs there once and keep them (for profiling one job with --child).
  const keep = opt("data");
  const dir = keep ?? mkdtempSync(join(tmpdir(), "sluice-ooc-"));
  const jobs = opt("jobs")?.split(",") ?? JOBS;
  try {
    if (keep === undefined || !existsSync(join(dir, "cog-right.csv"))) {
      mkdirSync(dir, { recursive: true });
      await writeInputs(dir, rows);
    }
    console.log(`rows=${rows} load: ${execFileSync("uptime").toString().trim()}`);
    console.log("| job | engine | time s | CPU s | peak RSS MB | checksum | matches DuckDB |");
    console.log("|---|---|---:|---:|---:|---|---|");
    for (const job of jobs as Job[]) {
      const duck = child(job, dir, "duckdb");
      const sluice = child(job, dir, "sluice");
      for (const [name, r] of [[`sluice p=${sluiceParallelism()}`, sluice], ["duckdb", duck]] as const) {
        const same = r.checksum !== undefined && r.checksum === duck.checksum ? "yes" : "NO";
        console.log(`| ${job} | ${name} | ${r.ms === undefined ? r.error : (r.ms / 1000).toFixed(2)} | ${r.cpuS?.toFixed(2) ?? "-"} | ${r.peakRssMb?.toFixed(0) ?? "-"} | ${r.checksum ?? "-"} | ${same} |`);
      }
    }
  } finally {
    if (keep === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

interface ChildResult {
  ms?: number;
  cpuS?: number;
  checksum?: string;
  peakRssMb?: number;
  error?: string;
}

function child(job: Job, dir: string, engine: string): ChildResult {
  const parallelism = sluiceParallelism();
  const self = fileURLToPath(import.meta.url);
  const r = spawnSync(process.execPath, ["--max-old-space-size=512", "--import", "tsx", self, "--child", job, "--dir", dir, "--engine", engine, "--p", String(parallelism)], {
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  const line = r.stdout.trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(line) as ChildResult;
  } catch {
    return { error: `failed (exit ${r.status ?? r.signal}): ${r.stderr.trim().split("\n").slice(-2).join(" ")}` };
  }
}

/** Writes the CSV inputs (headerless, comma-separated integers and short strings). */
async function writeInputs(dir: string, rows: number): Promise<void> {
  const half = Math.floor(rows / 2);
  const quarter = Math.floor(rows / 4);
  await writeCsv(join(dir, "sort.csv"), rows, (i) => `${(i * 7919) % rows},name-${i % 1000}`);
  await writeCsv(join(dir, "join-left.csv"), half, (i) => `${(i * 7919) % half},${i % 1000}`);
  await writeCsv(join(dir, "join-right.csv"), half, (i) => `${(i * 104729) % half},${i % 997}`);
  await writeCsv(join(dir, "group.csv"), half, (i) => `${(i * 7919) % Math.max(1, quarter)},${i % 1000}`);
  await writeCsv(join(dir, "distinct.csv"), half, (i) => `${(i * 7919) % Math.max(1, Math.floor(half / 3))},${i % 10}`);
  await writeCsv(join(dir, "cog-left.csv"), quarter, (i) => `${(i * 7919) % quarter},${i % 1000}`);
  await writeCsv(join(dir, "cog-right.csv"), quarter, (i) => `${(i * 104729) % Math.max(1, Math.floor(quarter / 2))},${i % 1000}`);
}

async function writeCsv(path: string, n: number, line: (i: number) => string): Promise<void> {
  const out = createWriteStream(path);
  let chunk = "";
  for (let i = 0; i < n; i++) {
    chunk += `${line(i)}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
      chunk = "";
    }
  }
  out.write(chunk);
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}
