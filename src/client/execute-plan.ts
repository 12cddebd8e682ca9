/**
 * The composition root: optimize the program's sinks into a physical plan and run it, in process
 * or in worker threads (runtime/workers/mode.ts decides). The API reaches execution only through
 * these two functions. Every job is numbered and its result journaled, so worker threads, which run
 * the program themselves, follow the same path (runtime/workers/worker-program.ts).
 */
import type { ExecutionConfig } from "../api/execution-config.js";
import { optimize } from "../optimizer/optimizer.js";
import type { SinkNode } from "../plan/logical.js";
import type { PhysicalPlan } from "../plan/physical.js";
import { planToJson } from "../plan/plan-json.js";
import { runJob, type JobRun } from "../runtime/job-runner.js";
import { keepJobRecords, nextJobNumber, recordJob } from "../runtime/workers/journal.js";
import { toWireError } from "../runtime/workers/wire-error.js";
import { chooseExecution, effectiveMode } from "../runtime/workers/mode.js";
import { runInThreads, type PrintedText } from "../runtime/workers/thread-executor.js";
import { workersReach } from "../runtime/workers/pool.js";
import { isWorkerProgram, workerExecutePlan } from "../runtime/workers/worker-program.js";
import { inJobScope, recordTemporaryDirectories } from "../runtime/workers/temp-dir-log.js";
import { JobExecutionResult } from "../common/job-execution-result.js";
import { currentJobScope } from "../common/job-scope.js";
import { watchJob } from "./job-progress.js";
import { activePlanCapture } from "./plan-capture.js";

export interface ExecuteOptions {
  readonly jobName: string;
  readonly parallelism: number;
  readonly config: ExecutionConfig;
  /** Cancels the job (JobClient.cancel(), a job timeout). */
  readonly signal?: AbortSignal;
}

/** Records of this class keep their prototype across worker threads (ExecutionEnvironment.registerType). */
export { registerClass as registerRecordType } from "../runtime/workers/class-registry.js";

// Programs that build paths from mkdtemp get the same directories in worker threads.
if (!isWorkerProgram()) recordTemporaryDirectories();

export async function executePlan(sinks: readonly SinkNode[], options: ExecuteOptions): Promise<{ result: JobExecutionResult; collected: unknown[][] }> {
  const plan = (): PhysicalPlan => optimize(sinks, { parallelism: options.parallelism, objectReuse: options.config.isObjectReuseEnabled() });
  if (isWorkerProgram()) return workerExecutePlan(plan, options.jobName);
  const capture = activePlanCapture();
  if (capture?.mode === "explain") {
    capture.jobs.push({ jobName: options.jobName, plan: plan() });
    return { result: new JobExecutionResult(options.jobName, 0, new Map(), []), collected: [] };
  }
  if (currentJobScope()?.role === "coordinator") {
    const physical = plan();
    const ran = await runHere(physical, options.jobName, options.signal);
    capture?.jobs.push({ jobName: options.jobName, plan: physical, result: ran.result });
    return ran;
  }
  const job = nextJobNumber();
  // Workers replay earlier jobs from the journal: keep their records once threads are asked for.
  if (effectiveMode(options.config).mode === "threads") keepJobRecords();
  const watch = watchJob(options.jobName, options.config);
  try {
    const physical = plan();
    const choice = chooseExecution(physical, options.config);
    await workersReach(job);
    const run: JobRun & { printed?: PrintedText } = await inJobScope(() => (choice.mode === "threads" ? runInThreads(job, physical, choice, options.jobName, options.signal) : runJob(physical, { jobName: options.jobName, onProgress: watch.onProgress, signal: options.signal })));
    const result = new JobExecutionResult(options.jobName, run.netRuntimeMs, run.accumulators, run.channels, run.iterations);
    const collected: unknown[][] = [];
    for (const [slot, records] of run.collected) collected[slot] = records;
    if (capture) capture.jobs.push({ jobName: options.jobName, plan: physical, result });
    recordJob(job, { ok: true, collected, accumulators: run.accumulators, netRuntimeMs: run.netRuntimeMs, channels: run.channels, iterations: run.iterations, printed: run.printed });
    watch.executed(result);
    return { result, collected };
  } catch (e) {
    recordJob(job, { ok: false, error: toWireError(e) });
    watch.executed(undefined, e);
    throw e;
  }
}

async function runHere(physical: PhysicalPlan, jobName: string, signal?: AbortSignal): Promise<{ result: JobExecutionResult; collected: unknown[][] }> {
  const run = await runJob(physical, { jobName, signal });
  const collected: unknown[][] = [];
  for (const [slot, records] of run.collected) collected[slot] = records;
  return { result: new JobExecutionResult(jobName, run.netRuntimeMs, run.accumulators, run.channels, run.iterations), collected };
}

export function explainPlan(sinks: readonly SinkNode[], options: ExecuteOptions): string {
  const plan = optimize(sinks, { parallelism: options.parallelism, objectReuse: options.config.isObjectReuseEnabled() });
  const choice = chooseExecution(plan, options.config);
  const execution = { mode: choice.mode, ...(choice.mode === "threads" ? { workers: choice.workers } : {}), reason: choice.reason };
  return JSON.stringify({ ...planToJson(plan), execution }, null, 2);
}
