/**
 * A sequence above "auto"'s record threshold, mapped slowly in the coordinator until a worker has
 * mapped a record (it writes `marker`): the coordinator's subtask starts at once and loops without
 * waiting for anything, so a worker gets its subtask, and ranges left to claim, only if that loop
 * yields to the event loop. "fail": the worker's map throws; the entry returns how many records
 * the coordinator mapped before its own subtask stopped, and the error.
 */
import { existsSync, writeFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";
import { defineJob, ExecutionEnvironment } from "../../src/index.js";

type Execution = { mode: string; workers?: number; coordinator?: string; splits?: string; reason: string };

/** Records the coordinator mapped (module state: the entry runs in the coordinator). */
let mappedHere = 0;

export default defineJob(async (env, args: { n: number; marker: string; fail?: boolean }) => {
  mappedHere = 0;
  let started = 0;
  const pairs = env.generateSequence(1, args.n).map((x): [string, number] => {
    if (!isMainThread) {
      if (args.fail) throw new Error(`no worker may map ${x}`);
      if (!existsSync(args.marker)) writeFileSync(args.marker, "");
      return ["worker", x];
    }
    mappedHere++;
    // At most 5 s of spinning in all: on one core (or a worker that never comes) the job still ends.
    started ||= performance.now();
    if (performance.now() - started < 5000 && !existsSync(args.marker)) for (const until = performance.now() + 0.05; performance.now() < until;);
    return ["coordinator", x];
  });
  const explained = ExecutionEnvironment.getExecutionEnvironment();
  explained.generateSequence(1, args.n).map((x): [string, number] => ["", x]).groupBy(0).sum(1).output({ open() {}, writeRecord() {}, close() {} } as never);
  const execution = (JSON.parse(explained.getExecutionPlan()) as { execution: Execution }).execution;
  if (args.fail) {
    try {
      await pairs.count();
      return { execution, mappedHere, error: "" };
    } catch (e) {
      return { execution, mappedHere, error: (e as Error).message };
    }
  }
  // Records and their sum per thread.
  const perThread = await pairs.map((p): [string, number, number] => [p[0], 1, p[1]]).groupBy(0).sum(1).andSum(2).collect();
  return { execution, mappedHere, perThread };
});
