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
}

export interface ActionSession {
  execute(sinks: readonly SinkNode[], options: ActionOptions): Promise<ActionOutcome>;
  explain(plan: PhysicalPlan, options: ActionOptions): ExecutionChoice;
  /** The elements a collection source of this entry run keeps (a worker: a sample, the rest shipped); undefined: all of them. */
  collection?(items: Iterable<unknown>, copy: boolean): CollectionElements;
}

export interface CollectionElements {
  readonly elements: readonly unknown[];
  readonly shipped?: ShippedCollection;
}

/**
 * The elements of a collection source built now: the session's choice in a job module's entry,
 * else all of them (copied when `copy`, or when `items` is not an array).
 */
export function collectionElements<T>(items: Iterable<T>, copy: boolean): { elements: T[]; shipped?: ShippedCollection } {
  const got = currentSession()?.collection?.(items, copy);
  if (got) return got as { elements: T[]; shipped?: ShippedCollection };
  return { elements: allElements(items, copy) as T[] };
}

/** All of a collection's elements (an array as it is unless `copy`). */
export function allElements(items: Iterable<unknown>, copy: boolean): unknown[] {
  if (!Array.isArray(items)) return [...items];
  // slice: one allocation of the final size (a spread grows its array by doubling through the
  // iterator: twice the garbage of 5M elements, and an old-generation collection in the job more often).
  return copy ? items.slice() : items;
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
