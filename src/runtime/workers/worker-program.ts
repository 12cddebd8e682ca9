/**
 * The program in worker mode. A worker thread imports the user's program module; its top level runs
 * as usual, but each job (execute(), collect(), print()...) is not run here: the worker builds the
 * same plan, sends its fingerprint to the coordinator and waits. For a job that already ran it gets
 * the recorded result; for the job the coordinator runs in threads it first serves subtasks
 * (worker-subtask.ts), then gets the result. Either way the action returns what the coordinator's
 * action returned, so the program follows the same path in every thread.
 */
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import type { PhysicalPlan } from "../../plan/physical.js";
import { JobExecutionResult } from "../../common/job-execution-result.js";
import { buildJobGraph } from "../job-graph.js";
import { decodeBatch, type EncodedBatch } from "./codec.js";
import { UnknownClassError, unknownClassesAsPlainObjects } from "./class-registry.js";
import { fingerprintPlan } from "./fingerprint.js";
import { nextJobNumber } from "./journal.js";
import { reviveError, toWireError } from "./wire-error.js";
import type { FromWorker, ToWorker, WireEntry, WorkerData } from "./protocol.js";
import { mergeAccumulators, runSubtaskRequest, type ServedJob } from "./worker-subtask.js";

/** Whether this thread runs the program as a Sluice worker. */
export function isWorkerProgram(): boolean {
  return !isMainThread && (workerData as WorkerData | undefined)?.sluiceWorker === true;
}

const waiting = new Map<number, (m: ToWorker) => void>();
const served = new Map<number, ServedJob>();
let listening = false;

function post(m: FromWorker, transfer: ArrayBuffer[] = []): void {
  parentPort!.postMessage(m, transfer);
}

function listen(): void {
  if (listening) return;
  listening = true;
  parentPort!.on("message", (m: ToWorker) => {
    switch (m.t) {
      case "result":
      case "plan":
      case "serve":
        waiting.get(m.job)?.(m);
        return;
      case "run":
        void runSubtaskRequest(served.get(m.job)!, m)
          .then(({ reply, transfer }) => post(reply, transfer))
          // A reply that cannot be posted (records structured clone refuses) fails the subtask, never hangs it.
          .catch((e: unknown) => post({ t: "done", id: m.id, ok: false, failure: { error: toWireError(e) }, stdout: "", stderr: "" }));
        return;
      case "merge":
        post({ t: "merged", id: m.id, partial: mergeAccumulators(served.get(m.job)!, m) });
        return;
    }
  });
}

function next(job: number): Promise<ToWorker> {
  return new Promise((resolve) => {
    waiting.set(job, (m) => {
      waiting.delete(job);
      resolve(m);
    });
  });
}

/**
 * executePlan in a worker: announce the job; when the coordinator runs it now, build the plan
 * (only then: the coordinator has built its own, so both see the same files) and send its
 * fingerprint; serve it if asked; return the coordinator's result.
 */
export async function workerExecutePlan(plan: () => PhysicalPlan, jobName: string): Promise<{ result: JobExecutionResult; collected: unknown[][] }> {
  listen();
  const job = nextJobNumber();
  let m = await ask(job, { t: "job", job });
  if (m.t === "plan") {
    let physical: PhysicalPlan | undefined;
    let planError: string | undefined;
    try {
      physical = plan();
    } catch (e) {
      planError = String((e as Error)?.message ?? e);
    }
    m = await ask(job, { t: "plan", job, fingerprint: physical && fingerprintPlan(physical), planError });
    if (m.t === "serve") {
      served.set(job, { plan: physical!, graph: buildJobGraph(physical!), registries: new Map() });
      m = await next(job);
      served.delete(job);
    }
  }
  if (m.t !== "result") throw new Error(`internal: unexpected message ${m.t} for job ${job}`);
  return fromEntry(m.entry, jobName, plan);
}

/** Posts `m` and waits for the coordinator's next message about `job`. */
function ask(job: number, m: FromWorker): Promise<ToWorker> {
  const reply = next(job);
  post(m);
  return reply;
}

function fromEntry(entry: WireEntry, jobName: string, plan: () => PhysicalPlan): { result: JobExecutionResult; collected: unknown[][] } {
  if (!entry.ok) throw reviveError(entry.error);
  // What the job printed, written here too: dropped by the output gate, unless the program
  // captures its own output, which then reads the same text as in the coordinator.
  if (entry.printed?.stdout) process.stdout.write(entry.printed.stdout);
  if (entry.printed?.stderr) process.stderr.write(entry.printed.stderr);
  const result = new JobExecutionResult(jobName, entry.netRuntimeMs, entry.accumulators, entry.channels, entry.iterations);
  return { result, collected: entry.collected.map((b) => (b ? decodeCollected(b, plan) : [])) };
}

/**
 * Records the coordinator collected. Their classes may be known here only from the plan's data
 * (a job this worker did not plan): walk it when a class is missing. A class still unknown gives
 * plain objects rather than failing, so the program goes on as it can.
 */
function decodeCollected(b: EncodedBatch, plan: () => PhysicalPlan): unknown[] {
  try {
    return decodeBatch(b);
  } catch (e) {
    if (!(e instanceof UnknownClassError)) throw e;
  }
  try {
    fingerprintPlan(plan()); // registers the classes of the instances in the plan
    return decodeBatch(b);
  } catch {
    return unknownClassesAsPlainObjects(() => decodeBatch(b));
  }
}
