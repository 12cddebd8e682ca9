/**
 * Interleaved comparison of engines on one workload, for a machine that is not quiet: fresh
 * child runs in rounds (every engine once per round, the order rotating), then per engine the
 * median of the job's wall time and of its CPU time (user + system of the whole process during
 * the job: less sensitive to other load than wall time), and both as ratios to the first engine.
 * A whole-process workload's wall time is the process's, as in run.ts (its CPU stays the job's).
 *   npx tsx bench/ab.ts --workload join-uniform --engines plain-js,sluice-p1 [--size medium] [--rounds 9]
 * An engine written `DIR:engine` runs from another checkout (its own bench/ and dist/, which must
 * be built), to compare two versions of the library: `--engines /work/base:sluice-p1,sluice-p1`.
 */
import { mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { csvJobOutput, ensureDataFiles } from "./lib/files.js";
import { chooseLibrary } from "./lib/library.js";
import { runChild, type RunOutcome } from "./lib/spawn.js";
import { SPECS, WORKLOADS, type Size, type WorkloadId } from "./lib/workloads.js";

function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? process.argv[i + 1] : fallback;
  if (v === undefined) throw new Error(`--${name} is required`);
  return v;
}

const workloads = arg("workload").split(",") as WorkloadId[];
for (const w of workloads) if (!(WORKLOADS as readonly string[]).includes(w)) throw new Error(`unknown workload ${w}`);
const engines = arg("engines", "plain-js,sluice-p1").split(",");
const size = arg("size", "medium") as Size;
const rounds = Number(arg("rounds", "9"));
if (engines.some((e) => e.includes("sluice-"))) chooseLibrary();
if (workloads.some((w) => SPECS[w].kind !== "memory")) ensureDataFiles(size);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.floor(s.length / 2)]!;
}

for (const workload of workloads) {
  const got = new Map<string, RunOutcome[]>(engines.map((e) => [e, []]));
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < engines.length; j++) {
      const engine = engines[(r + j) % engines.length]!;
      const at = engine.lastIndexOf(":");
      if (SPECS[workload].kind === "process") {
        const outPath = csvJobOutput(size, engine.slice(at + 1));
        rmSync(outPath, { recursive: true, force: true });
        mkdirSync(dirname(outPath), { recursive: true });
      }
      const out = at < 0
        ? await runChild({ engine, workload, size }, 600)
        : await runChild({ engine: engine.slice(at + 1), workload, size }, 600, engine.slice(0, at));
      if (out.status !== "ok") throw new Error(`${engine} ${workload}: ${out.status} ${out.note ?? ""}`);
      got.get(engine)!.push(out);
    }
  }
  const base = got.get(engines[0]!)!;
  // A whole-process workload is timed as the harness times it: the process, start to end.
  const wall = (o: RunOutcome): number => (SPECS[workload].kind === "process" ? o.processMs : o.ms!);
  const baseMs = median(base.map(wall));
  const baseCpu = median(base.map((o) => o.cpuMs!));
  console.log(`${workload} (${size}, ${rounds} rounds)`);
  for (const e of engines) {
    const runs = got.get(e)!;
    const ms = median(runs.map(wall));
    const cpu = median(runs.map((o) => o.cpuMs!));
    console.log(`  ${e.padEnd(14)} wall ${ms.toFixed(1).padStart(7)} ms (${(ms / baseMs).toFixed(2)}x)  cpu ${cpu.toFixed(1).padStart(7)} ms (${(cpu / baseCpu).toFixed(2)}x)`);
  }
}
