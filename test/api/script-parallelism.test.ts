/**
 * A script (no job module) at the machine's default parallelism runs at parallelism 1 in process
 * when nothing in its plan observes the parallelism, as "auto" runs a job module in process; a
 * parallelism the script set, an explicit mode, a function that sees its subtask or a print sink
 * whose prefixes show the partitioning keeps it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { availableParallelism } from "node:os";
import { ExecutionEnvironment, RichMapFunction, type DataSet, type ProgressSnapshot } from "../../src/index.js";

const cores = availableParallelism();
const skip = cores < 2
  ? "needs a machine default parallelism above 1"
  : process.env.SLUICE_EXECUTION_MODE
    ? "SLUICE_EXECUTION_MODE is an explicit mode, which keeps the parallelism"
    : false;

type Execution = { mode: string; parallelism?: number; reason: string };

const sums = (env: ExecutionEnvironment): DataSet<[number, number]> =>
  env.fromCollection(Array.from({ length: 100 }, (_, i): [number, number] => [i % 7, i])).rebalance().groupBy(0).sum(1);
const expected = Array.from({ length: 7 }, (_, k) => [k, Array.from({ length: 100 }, (_, i) => i).filter((i) => i % 7 === k).reduce((a, b) => a + b, 0)]);

/**
 * The plan JSON's execution block (of `build` into a discarding sink) and, from the final progress
 * snapshot, the parallelism of every operator chain of the run that follows (that sink and a collect).
 */
async function run(
  env: ExecutionEnvironment,
  build: (env: ExecutionEnvironment) => DataSet<any>,
): Promise<{ execution: Execution; ran: number[]; out: unknown[] }> {
  build(env).output({ open() {}, writeRecord() {}, close() {} } as never).setParallelism(1);
  const execution = (JSON.parse(env.getExecutionPlan()) as { execution: Execution }).execution;
  let last: ProgressSnapshot | undefined;
  env.registerJobListener({ onJobSubmitted() {}, onProgress: (s) => void (last = s), onJobExecuted() {} });
  const out = (await build(env).collect()).sort((a: any, b: any) => a[0] - b[0] || a[1] - b[1]);
  return { execution, ran: last!.operators.map((o) => o.parallelism), out };
}

test("a script at the default parallelism runs at 1 where nothing observes it", { skip }, async () => {
  const got = await run(ExecutionEnvironment.getExecutionEnvironment(), sums);
  assert.equal(got.execution.mode, "in-process");
  assert.equal(got.execution.parallelism, 1, got.execution.reason);
  assert.match(got.execution.reason, /a script \(not a job module\) runs in process at the machine's default parallelism/);
  assert.match(got.execution.reason, new RegExp(`nothing in the plan observes parallelism ${cores}`));
  assert.deepEqual([...new Set(got.ran)], [1]);
  assert.deepEqual(got.out, expected);
  const local = await run(ExecutionEnvironment.createLocalEnvironment(), sums);
  assert.equal(local.execution.parallelism, 1, local.execution.reason);
  assert.deepEqual([...new Set(local.ran)], [1]);
});

test("a script keeps a parallelism it set, an explicit mode, and a parallelism a function or a print sink observes", { skip }, async () => {
  const set = ExecutionEnvironment.getExecutionEnvironment().setParallelism(cores);
  const explicitMode = ExecutionEnvironment.getExecutionEnvironment();
  explicitMode.getConfig().setExecutionMode("in-process");
  for (const env of [ExecutionEnvironment.createLocalEnvironment(cores), set, explicitMode]) {
    const got = await run(env, sums);
    assert.equal(got.execution.parallelism, undefined, got.execution.reason);
    assert.equal(got.execution.reason, "a script (not a job module) runs in process");
    assert.ok(got.ran.includes(cores), String(got.ran));
    assert.deepEqual(got.out, expected);
  }
  // A print sink above 1 prefixes each record with its subtask: the hash partitioning feeding it shows.
  for (const sinkParallelism of [undefined, cores]) {
    const env = ExecutionEnvironment.getExecutionEnvironment();
    const sink = sums(env).printOnTaskManager("sums");
    if (sinkParallelism !== undefined) sink.setParallelism(sinkParallelism);
    const execution = (JSON.parse(env.getExecutionPlan()) as { execution: Execution }).execution;
    assert.equal(execution.parallelism, undefined, execution.reason);
    assert.match(execution.reason, new RegExp(`keeps parallelism ${cores}: .*prints each record with its subtask's prefix`));
  }
  class Tagged extends RichMapFunction<number, [number, number]> {
    map(x: number): [number, number] {
      return [this.getRuntimeContext().getIndexOfThisSubtask(), x];
    }
  }
  const rich = await run(ExecutionEnvironment.getExecutionEnvironment(), (env) => env.generateSequence(1, 100).map(new Tagged()));
  assert.equal(rich.execution.parallelism, undefined);
  assert.match(rich.execution.reason, new RegExp(`keeps parallelism ${cores}: .*function object`));
  assert.deepEqual([...new Set(rich.out.map((r: any) => r[0]))].sort(), Array.from({ length: cores }, (_, i) => i));
});
