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
import { JOB, WORKER_ENV, type JobDefinition, type JobEntry } from "./job-definition.js";

export { isJobDefinition, isJobModule, type JobDefinition, type JobEntry } from "./job-definition.js";

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

/**
 * The file of the module that called defineJob, from the call stack's structured call sites: the
 * file that runs (not a source-mapped original), and no source map is read for it (formatting
 * `stack` with source maps enabled, as under tsx, parsed the bundle's 1 MB map: 20-80 ms).
 */
function callerModuleUrl(): string | undefined {
  const here = import.meta.url;
  for (const file of callSiteFiles()) {
    const url = file.startsWith("file:") ? file : file.startsWith("/") ? `file://${file}` : undefined;
    if (url !== undefined && url !== here) return url;
  }
  return undefined;
}

/** The file names on the current call stack, innermost first (Error.prepareStackTrace swapped and restored at once). */
function callSiteFiles(): string[] {
  const previous = Error.prepareStackTrace;
  try {
    Error.prepareStackTrace = (_e, sites) => sites;
    const sites = new Error().stack as unknown as NodeJS.CallSite[] | undefined;
    return (Array.isArray(sites) ? sites : []).slice(1).map((s) => s.getFileName() ?? "");
  } finally {
    Error.prepareStackTrace = previous;
  }
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
