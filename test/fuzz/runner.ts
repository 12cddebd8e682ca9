/**
 * Runs a fuzz program on Sluice and returns what it observed: the collected records, a count, or
 * the lines a file sink wrote (read back through readTextFile).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ExecutionEnvironment, RichMapPartitionFunction, type DataSet } from "../../src/index.js";
import type { Node, Program, Root } from "./ast.js";
import { build, keyArgs, order } from "./build.js";

type Rec = any;
export type Mode = "in-process" | "threads";

/**
 * Where the program's jobs run. The one place that selects the mode (worker threads re-run this
 * program file; a job-module runner would replace this function).
 */
export function environmentFor(parallelism: number, mode: Mode): ExecutionEnvironment {
  const env = ExecutionEnvironment.createLocalEnvironment(parallelism);
  env.getConfig().setExecutionMode(mode);
  return env;
}

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

export async function runProgram(p: Program, mode: Mode): Promise<Observed> {
  const env = environmentFor(p.parallelism, mode);
  const ds = rootDataSet(env, p.root);
  switch (p.sink) {
    case "collect": return { kind: "rows", rows: await ds.collect() };
    case "count": return { kind: "count", count: await ds.count() };
    case "csv": case "text": {
      const dir = mkdtempSync(join(tmpdir(), "sluice-fuzz-"));
      try {
        const path = join(dir, "out");
        if (p.sink === "csv") ds.writeAsCsv(path);
        else ds.writeAsText(path);
        await env.execute("fuzz sink");
        return { kind: "lines", lines: await env.readTextFile(path).collect() };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
}
