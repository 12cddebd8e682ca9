/** What "auto" picks for one pipeline over a collection, a sequence and files (getExecutionPlan's "execution"). */
import { defineJob, ExecutionEnvironment, type DataSet, type OutputFormat } from "../../src/index.js";

type Execution = { mode: string; workers?: number; reason: string };

const discard: OutputFormat<unknown> = { open() {}, writeRecord() {}, close() {} } as unknown as OutputFormat<unknown>;

function explain(source: (env: ExecutionEnvironment) => DataSet<number>): Execution {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  source(env).map((x): [number, number] => [x % 7, x]).groupBy(0).sum(1).output(discard);
  return (JSON.parse(env.getExecutionPlan()) as { execution: Execution }).execution;
}

export default defineJob((_env, args: { n: number; file?: string; smallFile?: string }) => ({
  collection: explain((env) => env.fromCollection(Array.from({ length: args.n }, (_, i) => i))),
  sequence: explain((env) => env.generateSequence(1, args.n)),
  ...(args.file ? {
    // Combined in the workers: the source, the maps and the sum's combiner are one task.
    file: explain((env) => env.readTextFile(args.file!).map((line) => line.length)),
    // A rebalance right after the source: every line would cross the coordinator.
    fileCrossing: explain((env) => env.readTextFile(args.file!).map((line) => line.length).rebalance()),
  } : {}),
  ...(args.smallFile ? { smallFile: explain((env) => env.readTextFile(args.smallFile!).map((line) => line.length)) } : {}),
}));
