/**
 * Issue 17's "every core by default" measure: the CPU-bound job module (bench/jobs/cpu.job.mjs)
 * through runJob, each configuration cold in a fresh Node process on the compiled library:
 * p=1 in process against p=2 in the default mode ("auto"). Needs `npm run build` first.
 * Run: npx tsx bench/jobs-cpu.ts [--n 2000000] [--runs 1]
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { n: { type: "string", default: "2000000" }, runs: { type: "string", default: "1" } } });
const dist = new URL("../dist/index.js", import.meta.url);
if (!existsSync(dist)) throw new Error("bench/jobs-cpu.ts needs the compiled library: npm run build");
const job = new URL("./jobs/cpu.job.mjs", import.meta.url).href;

/** One cold run in a fresh process: wall time of runJob, from before the import of sluice. */
function coldRun(parallelism: number, mode: string | undefined): { ms: number; stderr: string } {
  const script = `
    const t0 = performance.now();
    const { runJob } = await import(${JSON.stringify(dist.href)});
    await runJob(${JSON.stringify(job)}, { n: ${Number(values.n)} }, { parallelism: ${parallelism}${mode ? `, mode: ${JSON.stringify(mode)}` : ""} });
    process.stdout.write(String(performance.now() - t0));`;
  let stderr = "";
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  stderr = "";
  return { ms: Number(out), stderr };
}

const rows: string[] = [];
const runs = Number(values.runs);
const best = (p: number, mode?: string): number => Math.min(...Array.from({ length: runs }, () => coldRun(p, mode).ms));
const load = loadavg()[0]!.toFixed(1);
const inProcess = best(1, "in-process");
const auto = best(2);
rows.push(`| p=1 in process | ${(inProcess / 1000).toFixed(2)} s |`, `| p=2 default (auto) | ${(auto / 1000).toFixed(2)} s |`);
console.log(`CPU-bound job, ${Number(values.n).toLocaleString("en")} records, cold, compiled library (load average ${load} at start)`);
console.log("| configuration | wall |\n|---|---|");
console.log(rows.join("\n"));
console.log(`speed-up: ${(inProcess / auto).toFixed(2)}x (load average ${loadavg()[0]!.toFixed(1)} at end)`);
