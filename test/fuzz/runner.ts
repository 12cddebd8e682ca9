/**
 * Runs a fuzz program on Sluice and returns what it observed: the collected records, a count, or
 * the lines a file sink wrote (read back through readTextFile).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ExecutionEnvironment, RichMapPartitionFunction, runJob, type DataSet } from "../../src/index.js";
import { schemaOf, type Node, type Program, type Root, type Schema } from "./ast.js";
import { build, keyArgs, order } from "./build.js";

type Rec = any;
/**
 * Where the program's jobs run: in this process, or as a job module (program.job.ts) on workers, or
 * as that job module in the default mode ("auto": the fuzzer's small inputs run in process, at
 * parallelism 1 where nothing in the plan observes the parallelism, the rule a script at the
 * default parallelism follows too).
 */
export type Mode = "in-process" | "threads" | "processes" | "auto";
export const MODES: readonly Mode[] = ["in-process", "threads", "processes", "auto"];

const PROGRAM_JOB = new URL("./program.job.ts", import.meta.url);

export type Observed = { kind: "rows"; rows: Rec[] } | { kind: "count"; count: number } | { kind: "lines"; lines: string[] };

/** Tags every record with its subtask and its position in the partition. */
class Tagger extends RichMapPartitionFunction<Rec, Rec> {
  mapPartition(values: Iterable<Rec>, out: { collect(r: Rec): void }): void {
    const sub = this.getRuntimeContext().getIndexOfThisSubtask();
    let i = 0;
    for (const v of values) out.collect([sub, i++, v]);
  }
}

function grouped(ds: DataSet<Rec>, root: Root & { key?: unknown }, key: Parameters<typeof keyArgs>[0] | undefined): any {
  return key === undefined ? ds : ds.groupBy(...keyArgs(key));
}

/** The DataSet the program observes. */
export function rootDataSet(env: ExecutionEnvironment, root: Root): DataSet<Rec> {
  const ds = build(env, root.node);
  switch (root.kind) {
    case "bag": case "seq": return ds;
    case "tagged": {
      const par = (root.node as Node).par;
      const t = ds.mapPartition(new Tagger());
      return par === undefined ? t : t.setParallelism(par);
    }
    case "first": {
      let g: any = grouped(ds, root, root.key);
      for (const [k, o] of root.orders) g = g.sortGroup(keyArgs(k)[0], order(o));
      return g.first(root.n);
    }
    case "distinctBy": return ds.distinct(...keyArgs(root.key));
    case "pickBy": { const g = grouped(ds, root, root.key); return root.max ? g.maxBy(...root.fields) : g.minBy(...root.fields); }
  }
}

/**
 * Runs `p`: in process on a local environment, or through runJob as the job module
 * program.job.ts (every worker builds the program from the same AST) in threads, processes or "auto".
 */
export async function runProgram(p: Program, mode: Mode): Promise<Observed> {
  const dir = p.sink === "csv" || p.sink === "text" ? mkdtempSync(join(tmpdir(), "sluice-fuzz-")) : undefined;
  try {
    if (mode === "in-process") return await observe(ExecutionEnvironment.createLocalEnvironment(p.parallelism), p, dir);
    // The coordinator picks the output directory: a path made in the entry would differ per worker.
    return await runJob<Observed>(PROGRAM_JOB, { program: p, schemas: schemasOf(p.root.node), dir }, { parallelism: p.parallelism, mode });
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The schema of every node under `root` (kept beside the AST by node identity, which a structured
 * clone of `{ program, schemas }` preserves): program.job.ts registers them again in the worker.
 */
function schemasOf(root: Node): Map<Node, Schema> {
  const out = new Map<Node, Schema>();
  const seen = new Set<object>();
  const walk = (v: unknown): void => {
    if (typeof v !== "object" || v === null || seen.has(v)) return;
    seen.add(v);
    if (typeof (v as { op?: unknown }).op === "string") {
      try {
        out.set(v as Node, schemaOf(v as Node));
      } catch {
        // a node the generator gave no schema (not observed through schemaOf)
      }
    }
    for (const child of Object.values(v)) walk(child);
  };
  walk(root);
  return out;
}

/** Builds `p` on `env` and runs it; file sinks write under `dir`. */
export async function observe(env: ExecutionEnvironment, p: Program, dir: string | undefined): Promise<Observed> {
  const ds = rootDataSet(env, p.root);
  switch (p.sink) {
    case "collect": return { kind: "rows", rows: await ds.collect() };
    case "count": return { kind: "count", count: await ds.count() };
    case "csv": case "text": {
      const path = join(dir!, "out");
      if (p.sink === "csv") ds.writeAsCsv(path);
      else ds.writeAsText(path);
      await env.execute("fuzz sink");
      return { kind: "lines", lines: await env.readTextFile(path).collect() };
    }
  }
}
