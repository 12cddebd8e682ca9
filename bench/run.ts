/**
 * The benchmark runner: every (workload, engine) in fresh child processes, checksums compared,
 * a markdown table on stdout (progress on stderr). See bench/README.md.
 *   npm run bench -- --workloads join-uniform,sort --size small|full [--runs 3]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, platform } from "node:os";
import { dirname, join } from "node:path";
import { engines, notApplicable, type EngineInfo } from "./engines/index.js";
import { parseArgs, USAGE, type Options } from "./lib/args.js";
import { checksumCsvText } from "./lib/checksum.js";
import { csvJobOutput, ensureDataFiles } from "./lib/files.js";
import { chooseLibrary } from "./lib/library.js";
import { runChild } from "./lib/spawn.js";
import { referenceChecksum, renderReport, sameResult, type Cell } from "./lib/table.js";
import { SPECS, type WorkloadId } from "./lib/workloads.js";

/** The CSV job's output: one file, or a directory of part files (parallel sinks). */
function checksumOutput(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  if (!statSync(path).isDirectory()) return checksumCsvText([readFileSync(path, "utf8")]);
  const parts = readdirSync(path).filter((n) => !n.startsWith(".") && !n.startsWith("_")).sort();
  return checksumCsvText(parts.map((n) => readFileSync(join(path, n), "utf8")));
}

async function runCell(workload: WorkloadId, engine: string, opts: Options): Promise<Cell> {
  const base = { workload, engine, timesMs: [] as number[], rssKB: [] as number[], checksums: [] as (string | undefined)[] };
  const na = notApplicable(engine, workload);
  if (na !== undefined) return { ...base, status: "na", note: na };
  const kind = SPECS[workload].kind;
  const outPath = csvJobOutput(opts.size, engine);
  for (let run = 1; run <= opts.runs; run++) {
    if (kind === "process") {
      rmSync(outPath, { recursive: true, force: true });
      mkdirSync(dirname(outPath), { recursive: true });
    }
    const o = await runChild({ engine, workload, size: opts.size }, opts.timeoutSec);
    if (o.status !== "ok") {
      console.error(`[${workload}] ${engine}: ${o.note ?? o.status}`);
      return { ...base, status: o.status, note: o.note };
    }
    const ms = kind === "process" ? o.processMs : o.ms!;
    base.timesMs.push(ms);
    base.rssKB.push(o.rssKB ?? 0);
    base.checksums.push(kind === "process" ? checksumOutput(outPath) : o.checksum);
    console.error(`[${workload}] ${engine} run ${run}/${opts.runs}: ${(ms / 1000).toFixed(3)} s, ${Math.round((o.rssKB ?? 0) / 1024)} MB`);
  }
  return { ...base, status: "ok" };
}

/** Runs `tasks` with at most `jobs` at once, results in task order. */
async function pool<T>(tasks: (() => Promise<T>)[], jobs: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, worker));
  return results;
}

function selectEngines(opts: Options): EngineInfo[] {
  const all = engines(availableParallelism());
  if (opts.engines === undefined) return all.filter((e) => !e.optIn);
  for (const id of opts.engines) if (!all.some((e) => e.id === id)) throw new Error(`unknown engine ${id}; known: ${all.map((e) => e.id).join(", ")}`);
  return all.filter((e) => opts.engines!.includes(e.id));
}

async function main(): Promise<number> {
  const opts = parseArgs(process.argv.slice(2));
  const chosen = selectEngines(opts);
  if (chosen.some((e) => e.id.startsWith("sluice-"))) chooseLibrary();
  if (opts.workloads.some((w) => SPECS[w].kind !== "memory")) {
    console.error(`preparing data files for size ${opts.size} (generated once, kept in bench/.data/)`);
    ensureDataFiles(opts.size);
  }
  if (opts.jobs > 1) console.error(`--jobs ${opts.jobs}: children run side by side, so the timings are not comparable`);
  const load = loadavg()[0]!.toFixed(1);
  const tasks = opts.workloads.flatMap((w) => chosen.map((e) => () => runCell(w, e.id, opts)));
  const cells = await pool(tasks, opts.jobs);
  const machine = `${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${availableParallelism()} cores (nproc), Node ${process.version}, ${platform()}, load average ${load} at start`;
  const report = renderReport(cells, { size: opts.size, runs: opts.runs, machine, engines: chosen });
  process.stdout.write(report);
  if (opts.out !== undefined) writeFileSync(opts.out, report);
  const failed = opts.workloads.flatMap((w) => {
    const group = cells.filter((c) => c.workload === w);
    const ref = referenceChecksum(group);
    return group.filter((c) => c.status === "error" || (c.status === "ok" && !sameResult(c, ref)));
  });
  for (const c of failed) console.error(`FAILED: ${c.workload} / ${c.engine}: ${c.note ?? "result differs from plain JS"}`);
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    console.error(USAGE);
    process.exit(2);
  },
);
