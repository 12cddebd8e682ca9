/**
 * A word count and a CSV join over files above "auto"'s file threshold (the coordinator reads beside
 * a worker thread, splits claimed as read): returns the plan JSON's "execution", the counts, and the
 * lines the CSV job wrote (a directory of part files at parallelism 2), and the lines each thread read.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";
import { join } from "node:path";
import { defineJob, ExecutionEnvironment, ListAccumulator, RichMapFunction, WriteMode, type Collector, type DataSet, type OutputFormat } from "../../src/index.js";

type Execution = { mode: string; workers?: number; coordinator?: string; splits?: string; reason: string };

const discard: OutputFormat<unknown> = { open() {}, writeRecord() {}, close() {} } as unknown as OutputFormat<unknown>;

const wordCount = (env: ExecutionEnvironment, text: string): DataSet<[string, number]> => env.readTextFile(text)
  .flatMap((line: string, out: Collector<[string, number]>) => {
    for (const w of line.split(" ")) if (w !== "") out.collect([w, 1]);
  })
  .groupBy(0).sum(1);

/**
 * Lines read per thread ("coordinator" or "worker"). Until a worker has read a line (it writes
 * `marker`), the coordinator spins a little per line: the worker, however slow to start, finds
 * splits left to claim. The coordinator still yields at every chunk its file reads take.
 */
class ThreadOfLine extends RichMapFunction<string, [string, number]> {
  constructor(private readonly marker: string) {
    super();
  }
  override open(): void {
    // Each subtask adds its index once: the list shows the order the job's accumulators merged in.
    const subtasks = new ListAccumulator<number>();
    this.getRuntimeContext().addAccumulator("subtasks", subtasks);
    subtasks.add(this.getRuntimeContext().getIndexOfThisSubtask());
  }
  map(): [string, number] {
    if (!isMainThread) {
      if (!existsSync(this.marker)) writeFileSync(this.marker, "");
      return ["worker", 1];
    }
    if (!existsSync(this.marker)) for (const until = performance.now() + 0.2; performance.now() < until;);
    return ["coordinator", 1];
  }
}

const linesPerThread = (env: ExecutionEnvironment, text: string, marker: string): DataSet<[string, number]> =>
  env.readTextFile(text).map(new ThreadOfLine(marker)).groupBy(0).sum(1);

/** What the coordinator's build-side key function saw (module state: the entry runs in the coordinator). */
let waitedInCoordinator = "";

/**
 * A join whose build side's key function, on its first call in the coordinator, spins until the
 * worker's subtask has started building (it writes `marker`), at most 5 s: the coordinator's
 * subtask builds synchronously from its start, so the worker's request must go out before that
 * subtask runs, or the worker starts only after the spin. The word count beside it in the same
 * job is what makes "auto" use threads (file bytes combined in the workers).
 */
async function coordinatorWaitsForWorker(env: ExecutionEnvironment, a: { text: string; orders: string; users: string; marker: string }): Promise<string> {
  waitedInCoordinator = "";
  const userKey = (u: [number, string]): number => {
    if (!isMainThread) {
      if (!existsSync(a.marker)) writeFileSync(a.marker, "");
    } else if (waitedInCoordinator === "") {
      for (const until = performance.now() + 5000; !existsSync(a.marker) && performance.now() < until;);
      waitedInCoordinator = existsSync(a.marker) ? "the worker started meanwhile" : "the worker had not started";
    }
    return u[0];
  };
  wordCount(env, a.text).output(discard);
  env.readCsvFile(a.orders).types("number", "number", "number")
    .join(env.readCsvFile(a.users).types("number", "string")).where(1).equalTo(userKey)
    .with((o, u): [number, string] => [o[0], u[1]])
    .output(discard);
  await env.execute("waits");
  return waitedInCoordinator;
}

export default defineJob(async (env, args: { text: string; orders: string; users: string; out: string; marker: string }) => {
  const explained = ExecutionEnvironment.getExecutionEnvironment();
  wordCount(explained, args.text).output(discard);
  const execution = (JSON.parse(explained.getExecutionPlan()) as { execution: Execution }).execution;
  const counts = await wordCount(env, args.text).collect();
  const orders = env.readCsvFile(args.orders).types("number", "number", "number");
  const users = env.readCsvFile(args.users).types("number", "string");
  orders.join(users).where(1).equalTo(0)
    .with((o, u): [number, string, number, number] => [o[1], u[1], o[2], 1])
    .groupBy(0, 1).sum(2).andSum(3)
    .writeAsCsv(args.out, "\n", ",", WriteMode.OVERWRITE);
  await env.execute("csv");
  const lines = readdirSync(args.out).filter((f) => !f.startsWith(".") && !f.startsWith("_"))
    .flatMap((f) => readFileSync(join(args.out, f), "utf8").split("\n").filter((l) => l !== ""));
  const threads = await linesPerThread(env, args.text, args.marker).collect();
  const subtasks = env.getLastJobExecutionResult()?.getAccumulatorResult<number[]>("subtasks");
  const waited = await coordinatorWaitsForWorker(env, { ...args, marker: `${args.marker}-build` });
  return { execution, counts, lines, threads, subtasks, waited };
});
