/**
 * What "auto" runs in process at (issue 17): a plan nothing observes at parallelism 1 (a file sink
 * keeping its own), a plan with a Rich function or a mapPartition at the parallelism it was given. Returns each
 * pipeline's getExecutionPlan "execution" and node parallelisms, and what the runs produced.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { defineJob, ExecutionEnvironment, RichMapFunction, WriteMode, type DataSet, type OutputFormat } from "../../src/index.js";

const discard: OutputFormat<unknown> = { open() {}, writeRecord() {}, close() {} } as unknown as OutputFormat<unknown>;

type Execution = { mode: string; parallelism?: number; outputParallelism?: number; reason: string };
export interface Explained { execution: Execution; parallelisms: number[] }

function explain(build: (env: ExecutionEnvironment) => void): Explained {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  build(env);
  const plan = JSON.parse(env.getExecutionPlan()) as { execution: Execution; nodes: { parallelism: string | number }[] };
  return { execution: plan.execution, parallelisms: plan.nodes.map((n) => Number(n.parallelism)) };
}

class Tagged extends RichMapFunction<number, [number, number]> {
  map(x: number): [number, number] {
    return [this.getRuntimeContext().getIndexOfThisSubtask(), x];
  }
}

const pairs = (env: ExecutionEnvironment): DataSet<[number, number]> =>
  env.fromCollection(Array.from({ length: 100 }, (_, i) => i)).map((x): [number, number] => [x % 7, x]);

export default defineJob(async (env, args: { out: string }) => {
  const csv = join(args.out, "sums.csv");
  const plain = explain((e) => void pairs(e).groupBy(0).sum(1).output(discard).setParallelism(1));
  const fileSink = explain((e) => void pairs(e).groupBy(0).sum(1).writeAsCsv(csv, "\n", ",", WriteMode.OVERWRITE));
  const rich = explain((e) => void e.generateSequence(1, 100).map(new Tagged()).output(discard).setParallelism(1));
  const partition = explain((e) => void pairs(e).mapPartition((it, out) => out.collect([...it].length)).output(discard).setParallelism(1));
  const sums = await pairs(env).groupBy(0).sum(1).collect();
  const subtasks = await env.generateSequence(1, 100).map(new Tagged()).collect();
  pairs(env).groupBy(0).sum(1).writeAsCsv(csv, "\n", ",", WriteMode.OVERWRITE);
  await env.execute("file sink");
  return {
    plain, fileSink, rich, partition,
    sums: sums.map(([k, v]) => `${k}:${v}`).sort(),
    subtaskIndexes: [...new Set(subtasks.map(([i]) => i))].sort(),
    csvIsDirectory: existsSync(csv) && statSync(csv).isDirectory(),
    csvLines: existsSync(csv) && statSync(csv).isDirectory()
      ? readdirSync(csv).flatMap((f) => readFileSync(join(csv, f), "utf8").split("\n").filter((l) => l !== "")).map((l) => l.replace(",", ":")).sort()
      : [],
  };
});
