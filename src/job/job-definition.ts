/** What a job module exports: the entry wrapped by defineJob, and the test that tells one from a script. */
import type { ExecutionEnvironment } from "../api/execution-environment.js";

/** What a job module's entry is given and returns. */
export type JobEntry<A = Record<string, unknown>, R = unknown> = (env: ExecutionEnvironment, args: A) => R | Promise<R>;

export const JOB = Symbol.for("sluice.job");

/** The default export of a job module. */
export interface JobDefinition<A = Record<string, unknown>, R = unknown> {
  readonly entry: JobEntry<A, R>;
  readonly [JOB]: true;
}

/** Set in worker processes and threads: a job module imported there never runs itself. */
export const WORKER_ENV = "SLUICE_WORKER";

/** Whether `value` is what defineJob returned. */
export function isJobDefinition(value: unknown): value is JobDefinition<any, any> {
  return typeof value === "object" && value !== null && (value as { [JOB]?: unknown })[JOB] === true;
}

/**
 * Whether an imported module is a job module (its default export came from defineJob), as opposed
 * to a script, which does its work at its top level.
 * @example
 * if (isJobModule(await import(url))) await runJob(url, args);
 */
export function isJobModule(mod: unknown): mod is { default: JobDefinition<any, any> } {
  return typeof mod === "object" && mod !== null && isJobDefinition((mod as { default?: unknown }).default);
}

