/**
 * Job modules (Flink's `main()` class): a module whose default export is `defineJob(entry)`.
 * `entry(env, args)` builds dataflows from its arguments and files and runs them; runJob calls it
 * in the coordinator and, when subtasks run elsewhere, in every worker with a structured clone of
 * the same arguments. A job module run as the main module (`tsx job.ts --input a.txt`) runs itself.
 * @example
 * export default defineJob(async (env, args: { input: string }) => {
 *   await env.readTextFile(args.input).flatMap(tokenize).groupBy(0).sum(1).print();
 * });
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isMainThread } from "node:worker_threads";
import type { ExecutionEnvironment } from "../api/execution-environment.js";

/** What a job module's entry is given and returns. */
export type JobEntry<A = Record<string, unknown>, R = unknown> = (env: ExecutionEnvironment, args: A) => R | Promise<R>;

const JOB = Symbol.for("sluice.job");

/** The default export of a job module. */
export interface JobDefinition<A = Record<string, unknown>, R = unknown> {
  readonly entry: JobEntry<A, R>;
  readonly [JOB]: true;
}

/** Set in worker processes and threads: a job module imported there never runs itself. */
export const WORKER_ENV = "SLUICE_WORKER";

/**
 * Declares a job module's entry.
 * @example
 * export default defineJob(async (env, args: { n: string }) => env.generateSequence(1, Number(args.n)).count());
 */
export function defineJob<A = Record<string, unknown>, R = unknown>(entry: JobEntry<A, R>): JobDefinition<A, R> {
  if (typeof entry !== "function") throw new TypeError("defineJob needs the job's entry function");
  const job: JobDefinition<A, R> = Object.freeze({ entry, [JOB]: true as const });
  const url = callerModuleUrl();
  if (url !== undefined && isMainModule(url)) setImmediate(() => void runAsMain(url));
  return job;
}

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

/** The file of the module that called defineJob, from the call stack. */
function callerModuleUrl(): string | undefined {
  const frames = (new Error().stack ?? "").split("\n").slice(1);
  const here = import.meta.url;
  for (const frame of frames) {
    const m = /(?:\(|at )((?:file:\/\/)?\/[^()]*?):\d+:\d+\)?\s*$/.exec(frame);
    if (!m) continue;
    const url = m[1]!.startsWith("file:") ? m[1]! : `file://${m[1]!}`;
    if (url !== here) return url;
  }
  return undefined;
}

function isMainModule(url: string): boolean {
  const main = process.argv[1];
  if (!main || !isMainThread || process.env[WORKER_ENV]) return false;
  try {
    return realpathSync(fileURLToPath(url)) === realpathSync(main);
  } catch {
    return false;
  }
}

async function runAsMain(url: string): Promise<void> {
  try {
    const { runJob } = await import("./run-job.js");
    const { parseJobArgs } = await import("./job-args.js");
    const { args, options } = parseJobArgs(process.argv.slice(2));
    await runJob(url, args, options);
  } catch (e) {
    console.error(e);
    process.exitCode = 1;
  }
}
