/**
 * The executor seam of the job runner: how the p subtasks of one task run. The job runner keeps
 * the order of tasks, the exchanges and the output hooks; an executor only runs subtasks, either
 * here one after another (in process) or in a pool of worker threads (see thread-executor.ts).
 */
import type { InputSplit } from "../../common/formats.js";
import type { Task } from "../job-graph.js";
import type { AccumulatorRegistry } from "../../common/runtime-context-impl.js";
import { runSubtask, type SubtaskEnv } from "../task/subtask-runner.js";

export interface TaskExecutor {
  /** Runs every subtask of `task`, the `index`-th task of the job graph; rejects on the first failure. */
  runTask(task: Task, index: number, env: SubtaskEnv, splits: readonly InputSplit[][]): Promise<void>;
  /**
   * The job's merged accumulators when the subtasks did not register them in `env` (other threads);
   * `local` holds those of the tasks the coordinator ran itself.
   */
  accumulators?(local: AccumulatorRegistry): Promise<Map<string, unknown>>;
  /** A view of `task` the coordinator can run itself (an iteration, in threads mode); undefined if none is needed. */
  local?(task: Task): Task;
  /** Splits to ask a format for per subtask (default 1): more when the executor hands them out as subtasks ask. */
  readonly splitsPerSubtask?: number;
  /** Whether a cancelled job need not wait for runTask: `cancel` stops (or terminates) its subtasks. */
  readonly abortable?: boolean;
  /** Stops the job's running subtasks; resolves once none runs (before the output hooks clean up). */
  cancel?(): Promise<void>;
}

/** Today's loop: subtask after subtask, in this thread. */
export const IN_PROCESS: TaskExecutor = {
  async runTask(task, _index, env, splits) {
    const p = task.chain[0]!.parallelism;
    for (let i = 0; i < p; i++) await runSubtask(task, i, env, splits[i] ?? []);
  },
};
