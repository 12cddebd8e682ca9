/**
 * Issue 17's "every core by default" measure: the CPU-bound job module (bench/jobs/cpu.job.mjs)
 * through runJob, each configuration cold in a fresh Node process on the compiled library:
 * p=1 in process against p=2 in the default mode ("auto"). Needs `npm run build` first.
 * Besides wall time it prints each run's CPU time (all threads of the process) and, for the
 * worker runs, where the time went (from SLUICE_TRACE): the coordinator's start (import and
 * planning), the workers' start until their first subtask, and how the map subtasks overlapped.
 * Run: npx tsx bench/jobs-cpu.ts [--n 2000000] [--rounds 60] [--runs 1]
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { n: { type: "string", default: "2000000" }, rounds: { type: "string", default: "60" }, runs: { type: "string", default: "1" } },
});
const dist = new URL("../dist/index.js", import.meta.url);
if (!existsSync(dist)) throw new Error("bench/jobs-cpu.ts needs the compiled library: npm run build");
const job = new URL("./jobs/cpu.job.mjs", import.meta.url).href;

interface Run { ms: number; cpuMs: number; trace: string }

/** One cold run in a fresh process: wall time of runJob from before the import of sluice, CPU of all its threads. */
function coldRun(parallelism: number, mode: string | undefined): Run {
  const script = `
    const t0 = performance.now();
    const { runJob } = await import(${JSON.stringify(dist.href)});
    await runJob(${JSON.stringify(job)}, { n: ${Number(values.n)}, rounds: ${Number(values.rounds)} },
      { parallelism: ${parallelism}${mode ? `, mode: ${JSON.stringify(mode)}` : ""} });
    const ms = performance.now() - t0;
    const u = process.resourceUsage();
    process.stdout.write(JSON.stringify({ ms, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000 }));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, SLUICE_TRACE: "1" },
  });
  if (r.status !== 0) throw new Error(`bench run failed:\n${r.stderr}`);
  return { ...(JSON.parse(r.stdout) as { ms: number; cpuMs: number }), trace: timeline(r.stderr) };
}

/** Where a worker run's time went, from its SLUICE_TRACE lines (ms since the process started). */
function timeline(stderr: string): string {
  const at = (re: RegExp): number[] => [...stderr.matchAll(re)].map((m) => Number(m[1]));
  const [planned] = at(/\[sluice trace (\d+) ms, coordinator\] action 0 planned/g);
  if (planned === undefined) return "(no trace: the run did not reach a job)";
  const started = at(/\[sluice trace (\d+) ms, coordinator\] worker \S+ \d+ starting/g);
  if (started.length === 0) return `auto ran in process (coordinator planned at ${planned} ms): ${/\[sluice\] job [^\n]*/.exec(stderr)?.[0] ?? ""}`;
  const runsAt = at(/\[sluice trace (\d+) ms, [^\]]+\] task 0 subtask \d+ runs/g);
  const ranAt = at(/\[sluice trace (\d+) ms, [^\]]+\] task 0 subtask \d+ ran/g);
  const spans = runsAt.map((a, i) => `${a}-${ranAt[i] ?? "?"}`).join(", ");
  const overlap = Math.max(0, Math.min(...ranAt) - Math.max(...runsAt));
  const longest = Math.max(...ranAt.map((b, i) => b - runsAt[i]!));
  return `p=2 auto timeline: coordinator planned at ${planned} ms; ${started.length} workers started at ${Math.min(...started)} ms; ` +
    `first map subtask ran at ${Math.min(...runsAt)} ms; map subtasks (task 0) ran ${spans} ms ` +
    `(overlap ${overlap} ms of the longest ${longest} ms); job done at ${Math.max(...at(/\[sluice trace (\d+) ms, coordinator\] task \d+ subtask \d+ done/g))} ms`;
}

const runs = Number(values.runs);
const best = (p: number, mode?: string): Run => {
  const all = Array.from({ length: runs }, () => coldRun(p, mode));
  return all.reduce((a, b) => (b.ms < a.ms ? b : a));
};
const load = loadavg()[0]!.toFixed(1);
const inProcess = best(1, "in-process");
const auto = best(2);
const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
console.log(`CPU-bound job, ${Number(values.n).toLocaleString("en")} records x ${values.rounds} rounds, cold, compiled library, best of ${runs} (load average ${load} at start)`);
console.log("| configuration | wall | CPU (all threads) |\n|---|---|---|");
console.log(`| p=1 in process | ${s(inProcess.ms)} | ${s(inProcess.cpuMs)} |`);
console.log(`| p=2 default (auto) | ${s(auto.ms)} | ${s(auto.cpuMs)} |`);
console.log(auto.trace);
console.log(`ratio p=1 in process / p=2 auto: ${(inProcess.ms / auto.ms).toFixed(2)}x wall (load average ${loadavg()[0]!.toFixed(1)} at end)`);
