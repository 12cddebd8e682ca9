/**
 * Connected Components benchmark: the delta-iteration example (examples/connected-components.ts)
 * on a random graph of 1,000,000 vertices and 5,000,000 undirected edges (seeded, generated here),
 * at parallelism 1 and 2, against two plain JavaScript programs: a label propagation that runs
 * the same supersteps as the delta iteration (workset = the vertices that changed, their
 * neighbours' smallest candidate, kept where smaller: the loop a TypeScript user would write,
 * with Maps and tuple records), the reference of issue 15, and a union-find as the floor. Each
 * case runs in a fresh child process, which reports its time (graph generation excluded) and
 * peak RSS; every case must find the same components (checksum), and the label propagation the
 * same number of supersteps as Sluice.
 * Usage: [CC_CASES=label-propagation,union-find,sluice-p1,sluice-p2,sluice-p1-reuse] npx tsx bench/iteration-cc.ts [vertices=1000000] [edges=5000000]
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { randomEdges } from "../examples/_iteration-data.js";
import { connectedComponents } from "../examples/connected-components.js";
import { ExecutionEnvironment } from "../src/index.js";

const VERTICES = Number(process.argv[2] ?? 1_000_000);
const EDGES = Number(process.argv[3] ?? 5_000_000);
const SEED = 2024;

interface CaseResult {
  readonly ms: number;
  /** CPU time (user + system) of the measured part: less sensitive than wall time to a busy machine. */
  readonly cpuMs: number;
  readonly peakRssMB: number;
  readonly checksum: number;
  readonly components: number;
  readonly supersteps?: number;
}

function unionFind(vertices: number, edges: readonly [number, number][]): number[] {
  const parent = new Int32Array(vertices);
  for (let i = 0; i < vertices; i++) parent[i] = i;
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  for (const [a, b] of edges) {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
  return Array.from({ length: vertices }, (_, v) => find(v));
}

/**
 * Label propagation in supersteps, as the delta iteration runs it: the solution set (vertex ->
 * component) and the workset of changed vertices; each superstep sends every changed vertex's
 * component to its neighbours, keeps each vertex's smallest candidate, and the candidates smaller
 * than the vertex's component are the next workset and update the solution set.
 */
function labelPropagation(vertices: number, edges: readonly [number, number][], maxIterations: number): { labels: Int32Array; supersteps: number } {
  const neighbours = new Map<number, number[]>();
  const link = (a: number, b: number): void => {
    const list = neighbours.get(a);
    if (list) list.push(b);
    else neighbours.set(a, [b]);
  };
  for (const [a, b] of edges) {
    link(a, b);
    link(b, a);
  }
  const solution = new Map<number, number>();
  let workset: [number, number][] = [];
  for (let v = 0; v < vertices; v++) {
    solution.set(v, v);
    workset.push([v, v]);
  }
  let supersteps = 0;
  while (workset.length > 0 && supersteps < maxIterations) {
    supersteps++;
    const candidates = new Map<number, number>();
    for (const [v, c] of workset) {
      for (const n of neighbours.get(v) ?? []) {
        const seen = candidates.get(n);
        if (seen === undefined || c < seen) candidates.set(n, c);
      }
    }
    const next: [number, number][] = [];
    for (const [v, c] of candidates) {
      if (c < solution.get(v)!) {
        solution.set(v, c);
        next.push([v, c]);
      }
    }
    workset = next;
  }
  const labels = new Int32Array(vertices);
  for (const [v, c] of solution) labels[v] = c;
  return { labels, supersteps };
}

function summary(labels: ArrayLike<number>, ms: number, cpuMs: number, supersteps?: number): CaseResult {
  let checksum = 0;
  const roots = new Set<number>();
  for (let v = 0; v < labels.length; v++) {
    checksum = (checksum * 31 + labels[v]! + v) % 1_000_000_007;
    roots.add(labels[v]!);
  }
  return { ms, cpuMs, peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024), checksum, components: roots.size, supersteps };
}

async function runCase(name: string): Promise<CaseResult> {
  const edges = randomEdges(VERTICES, EDGES, SEED);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const cpuMs = (): number => {
    const c = process.cpuUsage(cpu0);
    return (c.user + c.system) / 1000;
  };
  if (name === "label-propagation") {
    const { labels, supersteps } = labelPropagation(VERTICES, edges, 1000);
    return summary(labels, performance.now() - t0, cpuMs(), supersteps);
  }
  if (name === "union-find") {
    const labels = unionFind(VERTICES, edges);
    return summary(labels, performance.now() - t0, cpuMs());
  }
  const p = Number(name.slice("sluice-p".length).replace("-reuse", ""));
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  if (name.endsWith("-reuse")) env.getConfig().enableObjectReuse();
  const out = await connectedComponents(env.generateSequence(0, VERTICES - 1), env.fromCollection(edges), 1000).collect();
  const ms = performance.now() - t0;
  const cpu = cpuMs();
  const labels = new Int32Array(VERTICES);
  for (const [v, c] of out) labels[v] = c;
  return summary(labels, ms, cpu, env.getLastJobExecutionResult()?.getIterationStats()[0]?.supersteps);
}

async function main(): Promise<void> {
  const only = process.env.CC_CASE;
  if (only) {
    process.stdout.write(JSON.stringify(await runCase(only)) + "\n");
    return;
  }
  console.log(`Connected Components, ${VERTICES} vertices, ${EDGES} edges (seed ${SEED})`);
  console.log(`load (uptime): ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  console.log("| case | wall (s) | CPU (s) | peak RSS (MB) | CPU x first case | wall x first case | supersteps | components |");
  console.log("|---|---|---|---|---|---|---|---|");
  let floor: CaseResult | undefined;
  // CC_CASES=union-find,sluice-p1-reuse picks cases; "-reuse" runs with object reuse enabled.
  for (const name of (process.env.CC_CASES ?? "label-propagation,union-find,sluice-p1,sluice-p2").split(",")) {
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", "--max-old-space-size=16384", fileURLToPath(import.meta.url), String(VERTICES), String(EDGES)],
      {
        env: { ...process.env, CC_CASE: name, SLUICE_EXECUTION_MODE: "in-process" },
        encoding: "utf8",
        maxBuffer: 1 << 20,
      },
    );
    if (child.status !== 0) {
      console.log(`| ${name} | failed: ${child.stderr.trim().split("\n").slice(-3).join(" ")} | | | | | | |`);
      continue;
    }
    const r = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as CaseResult;
    floor ??= r;
    if (r.checksum !== floor.checksum) console.log(`checksum mismatch in ${name}`);
    if (r.supersteps !== undefined && floor.supersteps !== undefined && r.supersteps !== floor.supersteps) {
      console.log(`supersteps differ: ${name} ran ${r.supersteps}, ${floor.supersteps} in the first case`);
    }
    console.log(
      `| ${name} | ${(r.ms / 1000).toFixed(2)} | ${(r.cpuMs / 1000).toFixed(2)} | ${r.peakRssMB} | ${(r.cpuMs / floor.cpuMs).toFixed(2)} | ${(r.ms / floor.ms).toFixed(2)} | ${r.supersteps ?? "-"} | ${r.components} |`,
    );
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
