/**
 * Issue 18's measure: the CSV job and WordCount (bench/jobs/*.job.ts, the harness's "small" files)
 * through runJob at p=3, on a local Dask cluster of 3 workers (scripts/dask-local-cluster.mjs)
 * against worker threads and p=1 in process. Each configuration runs once to warm up (pools,
 * bridge, Node processes on the workers, module caches), then `--runs` times; the best is kept.
 * One machine: this measures the cluster path's overhead, not scale. Quote the load average.
 * Run: npx tsx bench/cluster.ts [--size small] [--runs 3]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { runJob, type RunJobOptions } from "../src/index.js";
import { ensureDataFiles } from "./lib/files.js";
import type { Size } from "./lib/workloads.js";
// @ts-expect-error a plain ES module script without types
import { startLocalCluster } from "../scripts/dask-local-cluster.mjs";

const { values } = parseArgs({ options: { size: { type: "string", default: "small" }, runs: { type: "string", default: "3" } } });
const size = values.size as Size;
if (size === "full") throw new Error("bench/cluster.ts: not at --size full (one machine, shared cores)");
const files = ensureDataFiles(size);
const out = mkdtempSync(join(tmpdir(), "sluice-bench-cluster-"));
const loadStart = loadavg()[0]!.toFixed(1);
const cluster = (await startLocalCluster({ workers: 3 })) as { address: string; stop(): Promise<void> };

const jobs = {
  "csv-job": { url: new URL("./jobs/csv.job.ts", import.meta.url), args: { orders: files.orders, users: files.users, out: join(out, "csv-job.csv") } },
  wordcount: { url: new URL("./jobs/wordcount.job.ts", import.meta.url), args: { text: files.text } },
};
const configs: [string, RunJobOptions][] = [
  ["p=1 in process", { parallelism: 1, mode: "in-process" }],
  ["p=3 threads", { parallelism: 3, mode: "threads" }],
  ["p=3 Dask, 3 workers", { parallelism: 3, cluster: cluster.address }],
];

const rows: string[] = [];
try {
  for (const [name, job] of Object.entries(jobs)) {
    const cells: string[] = [];
    for (const [, options] of configs) {
      await runJob(job.url, job.args, options);
      let best = Infinity;
      for (let r = 0; r < Number(values.runs); r++) {
        const t0 = performance.now();
        await runJob(job.url, job.args, options);
        best = Math.min(best, performance.now() - t0);
      }
      cells.push(`${(best / 1000).toFixed(3)} s`);
    }
    rows.push(`| ${name} | ${cells.join(" | ")} |`);
  }
} finally {
  await cluster.stop();
  rmSync(out, { recursive: true, force: true });
}
console.log(`size ${size}, best of ${values.runs} warm runs (load average ${loadStart} at start, ${loadavg()[0]!.toFixed(1)} at end)`);
console.log(`| job | ${configs.map(([c]) => c).join(" | ")} |\n|---|${configs.map(() => "---|").join("")}`);
console.log(rows.join("\n"));
