/**
 * One action of a job module run on a Dask cluster (runJob's `cluster` option). The coordinator
 * stays here: it plans, scatters the action's context (module, arguments, its results of earlier
 * actions, plan fingerprint) once, runs the job graph through the Dask executor, commits the
 * sinks (their staging paths must be on storage every worker sees: on one machine, the output
 * directory's own file system), merges accumulators and collected results in order.
 */
import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { serialize } from "node:v8";
import type { PhysicalPlan } from "../plan/physical.js";
import { daskBridge, type ClusterInfo, type DaskBridge, type WorkerProgram } from "../runtime/executors/dask/bridge.js";
import { DaskExecutor } from "../runtime/executors/dask/dask-executor.js";
import type { DaskContext } from "../runtime/executors/dask/messages.js";
import { fingerprintPlan } from "../runtime/executors/fingerprint.js";
import type { WireEntry } from "../runtime/executors/protocol.js";
import type { ActionOptions, ActionOutcome } from "./action-session.js";
import { runWatched } from "./execute-plan.js";

/** This coordinator process, as the workers tell coordinators apart. */
const SESSION = randomUUID().slice(0, 8);

export interface ClusterRunOptions {
  /** The scheduler's address, "tcp://host:8786". */
  readonly cluster: string;
  readonly moduleUrl: string;
  readonly args: unknown;
  readonly parallelism: number | undefined;
  /** URL of the local worker main (job/worker-main): the Dask worker main sits next to it. */
  readonly workerMain: string;
  readonly loader: string | undefined;
}

/** The Node program every Dask worker starts (job/dask-worker-main, next to job/worker-main). */
export function daskProgram(workerMain: string, loader: string | undefined): WorkerProgram {
  return { main: workerMain.replace(/worker-main\.([mc]?[jt]s)$/, "dask-worker-main.$1"), loader };
}

/** Connects to the cluster (once per process) and says how many workers and threads it has. */
export async function clusterInfo(cluster: string, program: WorkerProgram): Promise<ClusterInfo> {
  return (await daskBridge(cluster, program)).ready;
}

/** Runs action `action` of run `run` on the cluster; `results` are the coordinator's results of the actions before. */
export async function runOnCluster(
  o: ClusterRunOptions, run: number, action: number, results: readonly WireEntry[], plan: PhysicalPlan, options: ActionOptions,
): Promise<ActionOutcome> {
  const { jobName, signal } = options;
  const bridge: DaskBridge = await daskBridge(o.cluster, daskProgram(o.workerMain, o.loader));
  const ctx: DaskContext = {
    session: SESSION, run, action, jobName, moduleUrl: o.moduleUrl, moduleHash: moduleHash(o.moduleUrl),
    args: o.args, parallelism: o.parallelism, fingerprint: fingerprintPlan(plan), results,
  };
  const ctxKey = await bridge.scatter(serialize(ctx));
  const prefix = `sluice-${SESSION}-r${run}-a${action}-`;
  const executor = new DaskExecutor({ bridge, plan, jobName, ctx: ctxKey, prefix, session: SESSION, run, action, signal });
  try {
    // The environment's progress display and job listeners see the run as they do in process.
    return await runWatched(plan, options, executor);
  } finally {
    await bridge.release(prefix, [ctxKey, ...executor.scattered]).catch(() => undefined);
  }
}

/** Tells the workers that run `run` is over (best effort: a gone cluster has nothing to forget). */
export function closeClusterRun(o: ClusterRunOptions, run: number): void {
  void daskBridge(o.cluster, daskProgram(o.workerMain, o.loader)).then((b) => b.closeRun(SESSION, run)).catch(() => undefined);
}

function moduleHash(url: string): string | undefined {
  if (!url.startsWith("file:")) return undefined;
  try {
    return createHash("sha256").update(readFileSync(fileURLToPath(url))).digest("hex");
  } catch {
    return undefined;
  }
}
