/**
 * The composition root: optimize the program's sinks into a physical plan and run it. The API
 * reaches execution only through these two functions. In a job module's entry the run's session
 * decides where (job-session.ts, worker-host.ts); a script runs in process.
 */
import { optimize } from "../optimizer/optimizer.js";
import { planOptions, replanOptions } from "./plan-options.js";
import type { SinkNode } from "../plan/logical.js";
import { planToJson } from "../plan/plan-json.js";
import type { PhysicalPlan } from "../plan/physical.js";
import { runJob } from "../runtime/job-runner.js";
import type { TaskExecutor } from "../runtime/executors/executor.js";
import { COORDINATOR_TASK_RECORDS } from "../runtime/executors/local-task.js";
import { watchJob } from "./job-progress.js";
import { currentSession, outcomeOf, type ActionOptions, type ActionOutcome } from "./action-session.js";
import { executionText, scriptExecution, type ExecutionChoice } from "./choose-execution.js";
import { activePlanCapture } from "./plan-capture.js";
import { JobExecutionResult } from "../common/job-execution-result.js";

export type ExecuteOptions = ActionOptions;

/** Records of this class keep their prototype across workers (ExecutionEnvironment.registerType). */
export { registerClass as registerRecordType } from "../runtime/executors/class-registry.js";

let warned = false;

export async function executePlan(sinks: readonly SinkNode[], options: ExecuteOptions): Promise<ActionOutcome> {
  const capture = activePlanCapture();
  if (capture?.mode === "explain") {
    // The plan that would run, and where: the choice a run would make (nothing runs).
    const { plan, choice } = chosenPlan(sinks, options);
    capture.jobs.push({ jobName: options.jobName, plan, execution: executionText(choice) });
    return { result: new JobExecutionResult(options.jobName, 0, new Map(), []), collected: [] };
  }
  const outcome = await dispatch(sinks, options);
  if (capture && outcome.plan) {
    const execution = outcome.execution && executionText(outcome.execution);
    capture.jobs.push({ jobName: options.jobName, plan: outcome.plan, result: outcome.result, ...(execution ? { execution } : {}) });
  }
  return outcome;
}

async function dispatch(sinks: readonly SinkNode[], options: ExecuteOptions): Promise<ActionOutcome> {
  const session = currentSession();
  if (session) return session.execute(sinks, options);
  if (!warned && (options.mode === "threads" || options.mode === "processes")) {
    warned = true;
    process.stderr.write(
      `[sluice] execution mode ${options.mode} needs a job module (export default defineJob(...), run with runJob or sluice run): ` +
        "this script runs in process\n",
    );
  }
  const { plan, choice } = chosenPlan(sinks, options);
  return { ...(await runWatched(plan, options)), execution: choice };
}

/**
 * The plan an action runs and where: the job module's session decides (job-session.ts), a script runs
 * in process (scriptExecution).
 */
function chosenPlan(sinks: readonly SinkNode[], options: ExecuteOptions): { plan: PhysicalPlan; choice: ExecutionChoice } {
  const session = currentSession();
  return planWhere(sinks, options, (plan) => session?.explain(plan, options) ?? scriptExecution(plan, options.mode, options.parallelismIsDefault === true));
}

/** The sinks' plan and where `choose` runs it, planned again at parallelism 1 when the choice says so. */
export function planWhere(
  sinks: readonly SinkNode[],
  options: ExecuteOptions,
  choose: (plan: PhysicalPlan) => ExecutionChoice,
): { plan: PhysicalPlan; choice: ExecutionChoice } {
  const plan = optimize(sinks, planOptions(options));
  const choice = choose(plan);
  const again = replanOptions(options, choice);
  return { plan: again ? optimize(sinks, again) : plan, choice };
}

/** Runs `plan` (in process, or on `executor`) with the environment's progress display and job listeners. */
export async function runWatched(plan: PhysicalPlan, options: ExecuteOptions, executor?: TaskExecutor): Promise<ActionOutcome> {
  const watch = watchJob(options.jobName, options.watch);
  try {
    const run = await runJob(plan, { jobName: options.jobName, onProgress: watch.onProgress, signal: options.signal, executor });
    const outcome = outcomeOf(run, options.jobName, plan);
    watch.executed(outcome.result);
    return outcome;
  } catch (e) {
    watch.executed(undefined, e);
    throw e;
  }
}

export function explainPlan(sinks: readonly SinkNode[], options: ExecuteOptions): string {
  const { plan, choice } = chosenPlan(sinks, options);
  const execution = {
    mode: choice.mode,
    ...(choice.workers > 0 ? { workers: choice.workers } : {}),
    ...(choice.coordinator ? {
      coordinator: `runs subtasks beside the workers; a task reading under ${COORDINATOR_TASK_RECORDS} records through exchanges runs there whole`,
      splits: "claimed as the subtasks read them",
    } : {}),
    ...(choice.parallelism !== undefined ? { parallelism: choice.parallelism } : {}),
    ...(choice.outputParallelism !== undefined ? { outputParallelism: choice.outputParallelism } : {}),
    reason: choice.reason,
  };
  return JSON.stringify({ ...planToJson(plan), execution }, null, 2);
}
