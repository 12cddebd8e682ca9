/**
 * runJob: runs a job module's entry (Flink's `main()`) with its arguments and resolves to what the
 * entry returns. The entry's actions (execute, collect, count, print) run in the mode asked for:
 * "in-process", "threads" (worker threads), "processes" (child processes), or "auto" (the default:
 * the optimizer's estimate picks in process or every core, per action).
 * @example
 * const total = await runJob(new URL("./sum.job.ts", import.meta.url), { n: 1000 }, { parallelism: 2, mode: "threads" });
 */
import { pathToFileURL } from "node:url";
import { isAbsolute } from "node:path";
import { InvalidProgramException } from "../common/errors.js";
import { runInJobScope } from "../common/job-scope.js";
import { ExecutionEnvironment } from "../api/execution-environment.js";
import { JobSession, type JobMode } from "../client/job-session.js";
import { isJobModule } from "./job-definition.js";
import { clusterInfo, daskProgram } from "../client/cluster-run.js";
import { libraryFile } from "../common/library-file.js";

export type { JobMode };

export interface RunJobOptions {
  /** Default parallelism of the entry's environments (default: the number of cores). */
  readonly parallelism?: number;
  /** Where subtasks run (default "auto", or SLUICE_EXECUTION_MODE when set). */
  readonly mode?: JobMode;
  /**
   * A Dask scheduler address ("tcp://127.0.0.1:8786"): every action's subtasks run on that cluster
   * (each Dask worker starts a Node process that imports this module; see README "Running on a
   * Dask cluster"). The parallelism defaults to the cluster's worker threads.
   */
  readonly cluster?: string;
  /** Cancels the run: running subtasks stop (their workers are terminated) and the action fails. */
  readonly signal?: AbortSignal;
}

const MODES: readonly JobMode[] = ["auto", "in-process", "threads", "processes"];

/**
 * Imports the job module at `moduleUrl` and runs its entry with `args`.
 * @example
 * await runJob(new URL("./word-count.ts", import.meta.url), { input: "a.txt", output: "out" }, { parallelism: 4 });
 */
export async function runJob<R = unknown>(moduleUrl: URL | string, args: unknown = {}, options: RunJobOptions = {}): Promise<R> {
  const mode = options.mode ?? defaultMode();
  if (!MODES.includes(mode)) throw new InvalidProgramException(`runJob: mode must be one of ${MODES.join(", ")}, got ${String(mode)}`);
  const url = toModuleUrl(moduleUrl);
  const mod: unknown = await import(url);
  if (!isJobModule(mod)) throw new InvalidProgramException(`${url} is not a job module: its default export must be defineJob(entry)`);
  const workers = workerModules(url);
  const { cluster } = options;
  // On a cluster the workers must build the same plan: the parallelism is fixed here, not by their cores.
  const parallelism = options.parallelism
    ?? (cluster === undefined ? undefined : (await clusterInfo(cluster, daskProgram(workers.workerMain, workers.loader))).threads);
  const session = new JobSession({ moduleUrl: url, args, mode, parallelism, signal: options.signal, cluster, ...workers });
  try {
    return (await runInJobScope({ role: "coordinator", session, parallelism }, () => {
      const env = ExecutionEnvironment.getExecutionEnvironment();
      return mod.default.entry(env, args);
    })) as R;
  } finally {
    session.close();
  }
}

/** The worker main next to this file (compiled JavaScript in dist/, else TypeScript) and the loader it needs. */
function workerModules(moduleUrl: string): { workerMain: string; loader: string | undefined } {
  const ts = import.meta.url.endsWith(".ts");
  const workerMain = libraryFile(ts ? "job/worker-main.ts" : "job/worker-main.js").href;
  if (!ts && !/\.[mc]?tsx?$/.test(new URL(moduleUrl).pathname)) return { workerMain, loader: undefined };
  try {
    return { workerMain, loader: import.meta.resolve("tsx") };
  } catch {
    return { workerMain, loader: undefined }; // no TypeScript loader here: the workers will say so
  }
}

function defaultMode(): JobMode {
  const forced = process.env.SLUICE_EXECUTION_MODE as JobMode | undefined;
  return forced !== undefined && MODES.includes(forced) ? forced : "auto";
}

function toModuleUrl(m: URL | string): string {
  if (m instanceof URL) return m.href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(m) && !/^[a-z]:[\\/]/i.test(m)) return m;
  if (!isAbsolute(m)) throw new InvalidProgramException(`runJob needs a URL or an absolute path, got ${m}`);
  return pathToFileURL(m).href;
}
