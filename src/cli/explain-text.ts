/**
 * `sluice explain`'s readable plan: per job, every operator with its strategy, parallelism and
 * estimated size, each input with its ship and local strategy (and the records measured on it
 * after `--run`), then the chains that run as one task.
 */
import type { GraphEdge, GraphNode, JobGraph } from "../index.js";

const count = (n: number): string => n.toLocaleString("en-US");

/**
 * The jobs' plans as text, one block per job.
 *
 * @example
 * process.stdout.write(explainText([planGraph("WordCount", plan)]));
 */
export function explainText(jobs: readonly JobGraph[]): string {
  if (jobs.length === 0) return "The program submitted no job (no execute(), collect(), count() or print() ran).\n";
  return jobs.map((job, i) => jobText(job, i + 1, jobs.length)).join("\n");
}

function label(n: GraphNode): string {
  return `[${n.id.slice(1)}]`;
}

function jobText(job: JobGraph, index: number, total: number): string {
  const byId = new Map(job.nodes.map((n) => [n.id, n]));
  const lines: string[] = [];
  const ran = job.runtimeMs !== undefined ? `, ran in ${job.runtimeMs.toFixed(0)} ms` : "";
  lines.push(`Job ${index}/${total} "${job.jobName}": ${job.nodes.length} operators, default parallelism ${job.defaultParallelism}${ran}`);
  if (job.execution) lines.push(`  Runs ${job.execution}`);
  for (const n of job.nodes) {
    const depth = nesting(n, byId);
    const pad = "  ".repeat(depth + 1);
    const est = n.estimatedRecords !== undefined ? `, est. ${count(n.estimatedRecords)} records` : "";
    const strategy = n.strategy !== n.pact ? ` (${n.strategy})` : "";
    lines.push(`${pad}${label(n)} ${n.pact}${strategy} "${n.name}"  p=${n.parallelism}${est}`);
    for (const e of job.edges.filter((x) => x.to === n.id)) lines.push(`${pad}    <- ${edgeText(e, byId)}`);
  }
  if (job.chains.length > 0) {
    lines.push("  Chains (each runs as one task):");
    for (const c of job.chains) lines.push(`    ${c.map((id) => label(byId.get(id)!)).join(" -> ")}`);
  }
  return lines.join("\n") + "\n";
}

function nesting(n: GraphNode, byId: ReadonlyMap<string, GraphNode>): number {
  let d = 0;
  for (let p = n.parent; p !== undefined; p = byId.get(p)?.parent) d++;
  return d;
}

function edgeText(e: GraphEdge, byId: ReadonlyMap<string, GraphNode>): string {
  const from = byId.get(e.from);
  const parts = [e.chained ? "chained" : e.ship];
  if (e.local) parts.push(e.local);
  const side = e.side ? ` (${e.side} input)` : "";
  const bc = e.broadcast ? ` as broadcast set "${e.broadcast}"` : "";
  const recs = e.records !== undefined ? `  ${count(e.records)} records` : "";
  return `${from ? label(from) : e.from} ${from?.pact ?? ""}${side}${bc}: ${parts.join(", ")}${recs}`;
}
