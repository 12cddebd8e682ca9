/**
 * What runs an action (execute, collect, count...) of a job module's entry: the coordinator's
 * session (job-session.ts) or a worker's (worker-host.ts), found through the entry's job scope.
 * Outside any job module (a script) actions run in process (execute-plan.ts).
 */
import { currentJobScope } from "../common/job-scope.js";
import type { SinkNode } from "../plan/logical.js";
import type { ShippedCollection } from "../plan/descriptors.js";
import type { PhysicalPlan } from "../plan/physical.js";
import type { JobRun } from "../runtime/job-runner.js";
import type { ExecutionChoice } from "./choose-execution.js";
import type { WatchSettings } from "./job-progress.js";
import { JobExecutionResult } from "../common/job-execution-result.js";

/** What the API hands down with an action: plain data. */
export interface ActionOptions {
  readonly jobName: string;
  readonly parallelism: number;
  readonly objectReuse: boolean;
  /** Whether `parallelism` is the machine's default, never given nor set (a script's plan may then run at 1). */
  readonly parallelismIsDefault?: boolean;
  /** The environment's explicit execution mode, if it set one. */
  readonly mode?: string;
  /** Progress display and job listeners (the environment's config, structurally). */
  readonly watch: WatchSettings;
  /** Cancels the action (JobClient.cancel(), a job timeout). */
  readonly signal?: AbortSignal;
  /** The environment's memory budget and spill directory, if it set them (runtime/memory/memory-budget.ts). */
  readonly memory?: { readonly budgetBytes?: number; readonly spillRoot?: string };
}

export interface ActionOutcome {
  readonly result: JobExecutionResult;
  readonly collected: unknown[][];
  /** The run itself, when it ran here. */
  readonly run?: JobRun;
  /** The plan that ran, when it was planned here (the coordinator). */
  readonly plan?: PhysicalPlan;
  /** Where it ran and why, when it was planned here. */
  readonly execution?: ExecutionChoice;
}

export interface ActionSession {
  execute(sinks: readonly SinkNode[], options: ActionOptions): Promise<ActionOutcome>;
  explain(plan: PhysicalPlan, options: ActionOptions): ExecutionChoice;
  /** The elements a collection source of this entry run keeps (a worker: a sample, the rest shipped); undefined: all of them. */
  collection?(items: Iterable<unknown>): CollectionElements;
}

export interface CollectionElements {
  readonly elements: readonly unknown[];
  readonly shipped?: ShippedCollection;
}

/**
 * The elements of a collection source built now: the session's choice in a job module's entry,
 * else all of them.
 */
export function collectionElements<T>(items: Iterable<T>): { elements: T[]; shipped?: ShippedCollection } {
  const got = currentSession()?.collection?.(items);
  if (got) return got as { elements: T[]; shipped?: ShippedCollection };
  return { elements: allElements(items) as T[] };
}

/**
 * All of a collection's elements: an array as it is, any other iterable consumed into one. An
 * array is read when the job runs, as Flink's CollectionInputFormat serializes its collection when
 * the job is submitted, not when the source is defined (copying 5M elements here cost an
 * old-generation collection of them inside the job: group-sum 387 -> 206 ms).
 */
export function allElements(items: Iterable<unknown>): unknown[] {
  return Array.isArray(items) ? items : [...items];
}

/** The session of the entry run the caller is in, or undefined (a script). */
export function currentSession(): ActionSession | undefined {
  return currentJobScope()?.session as ActionSession | undefined;
}

export function outcomeOf(run: JobRun, jobName: string, plan?: PhysicalPlan): ActionOutcome {
  const collected: unknown[][] = [];
  for (const [slot, records] of run.collected) collected[slot] = records;
  return { result: new JobExecutionResult(jobName, run.netRuntimeMs, run.accumulators, run.channels, run.iterations), collected, run, plan };
}
