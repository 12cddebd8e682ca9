/**
 * Runs a job's tasks in the worker pool. The coordinator keeps the exchanges (as encoded batches it
 * never decodes, except range-partitioned records it samples and collect() results): for each
 * subtask it sends the worker that subtask's input batches (transferred, not copied), the broadcast
 * sets and the splits, and files the worker's output batches into the exchanges. The first failure
 * fails the task; the other subtasks of the job are then cancelled (pool.cancel). Accumulators are merged at the end of the
 * job by the workers (their classes live there), in the order the in-process runner merges them.
 */
import { TaskFailure } from "../../common/errors.js";
import type { InputSplit } from "../../common/formats.js";
import type { SinkNode } from "../../plan/logical.js";
import type { PhysicalNode, PhysicalPlan } from "../../plan/physical.js";
import { runJob, type JobRun } from "../job-runner.js";
import type { Task } from "../job-graph.js";
import type { SubtaskEnv } from "../task/subtask-runner.js";
import { decodeBatch, encodeBatch, toWire, transferables, type EncodedBatch } from "./codec.js";
import { fingerprintPlan } from "./fingerprint.js";
import type { ExecutionChoice } from "./mode.js";
import type { SubtaskFailure } from "./protocol.js";
import { workerPool, type WorkerHandle, type WorkerPool } from "./pool.js";
import type { TaskExecutor } from "./task-executor.js";
import { reviveError, reviveThrown } from "./wire-error.js";
import { foldAccumulators, SUBTASK_CANCELLED } from "./worker-subtask.js";
import { localTask } from "./local-task.js";
import type { AccumulatorRegistry } from "../../common/runtime-context-impl.js";

/** Runs job number `job` with its subtasks in worker threads. */
export async function runInThreads(job: number, plan: PhysicalPlan, choice: ExecutionChoice, jobName: string, signal?: AbortSignal): Promise<JobRun & { printed: PrintedText }> {
  const pool = workerPool();
  pool.ensure(choice.workers, choice.reason);
  pool.beginJob(job, jobName, fingerprintPlan(plan));
  const executor = new ThreadExecutor(pool, job);
  try {
    const run = await runJob(plan, { jobName, executor, signal });
    return { ...run, printed: executor.printed };
  } catch (e) {
    await pool.cancel(job);
    await pool.dropDiverged();
    throw e;
  } finally {
    pool.endJob();
  }
}

/** What the job's functions printed, in the order the coordinator wrote it. */
export interface PrintedText {
  stdout: string;
  stderr: string;
}

class ThreadExecutor implements TaskExecutor {
  /** A cancelled job fails at once; runInThreads then cancels its subtasks (terminating stuck workers). */
  readonly abortable = true;
  readonly printed: PrintedText = { stdout: "", stderr: "" };
  private readonly ran: { task: number; subtask: number; handle: WorkerHandle }[] = [];

  constructor(private readonly pool: WorkerPool, private readonly job: number) {}

  cancel(): Promise<void> {
    return this.pool.cancel(this.job);
  }

  async runTask(task: Task, index: number, env: SubtaskEnv, splits: readonly InputSplit[][]): Promise<void> {
    const p = task.chain[0]!.parallelism;
    const formatState = task.chain.map(formatStateOf);
    const printed: { stdout: string; stderr: string }[] = [];
    // On the first failure the job's other subtasks are cancelled; once every dispatched subtask has
    // answered, the failure of the lowest subtask is reported, as the in-process runner (which runs
    // subtasks in order) would report it, rather than whichever thread happened to fail first.
    const failures = new Map<number, unknown>();
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => { stop = resolve; });
    let cancelling: Promise<void> | undefined;
    const running: Promise<void>[] = [];
    for (let i = 0; i < p && !cancelling; i++) {
      const h = await Promise.race([this.pool.idleWorker(), stopped.then(() => undefined)]).catch((e: unknown) => {
        failures.set(i, e);
        return undefined;
      });
      if (!h) break;
      h.busy = true;
      running.push(this.runOne(h, task, index, i, env, splits[i] ?? [], formatState, printed).then(
        () => { h.busy = false; this.pool.changed(); },
        (e: unknown) => {
          if (e !== CANCELLED) failures.set(i, e);
          cancelling ??= this.pool.cancel(this.job);
          stop();
        },
      ));
    }
    await Promise.all(running);
    await cancelling;
    if (failures.size > 0) throw failures.get(Math.min(...failures.keys()));
    for (const o of printed) {
      if (o?.stdout) process.stdout.write(o.stdout);
      if (o?.stderr) process.stderr.write(o.stderr);
      this.printed.stdout += o?.stdout ?? "";
      this.printed.stderr += o?.stderr ?? "";
    }
  }

  private async runOne(h: WorkerHandle, task: Task, index: number, i: number, env: SubtaskEnv, splits: readonly InputSplit[], formatState: (Record<string, unknown> | undefined)[], printed: { stdout: string; stderr: string }[]): Promise<void> {
    const inputs = task.inputs.map((gate) => gate.map((ex) => [...ex.batchesFor(i)].map(toWire)));
    const broadcasts = task.broadcasts.map((b) => b.exchanges.map((ex) => [...ex.batchesFor(0)].map(toWire)));
    const msg = {
      t: "run" as const, job: this.job, task: index, subtask: i, inputs, broadcasts, formatState,
      splits: splits.length > 0 ? encodeBatch(splits) : undefined,
    };
    let reply;
    try {
      // Partitions are read by this subtask only: move their buffers. Broadcast data is copied.
      const own = task.inputs.flatMap((gate, g) => gate.flatMap((ex, e) => (ex.channel.ship === "BROADCAST" ? [] : inputs[g]![e]!)));
      reply = await h.request(msg, transferables(own));
    } catch (e) {
      if (this.pool.isCancelled(this.job)) throw CANCELLED; // terminated while cancelled: a consequence, not a cause
      throw new TaskFailure(chainName(task), i, task.chain[0]!.parallelism, e);
    }
    if (reply.t !== "done") throw new Error(`internal: unexpected reply ${reply.t}`);
    printed[i] = { stdout: reply.stdout, stderr: reply.stderr };
    if (!reply.ok) throw reply.failure.error.name === SUBTASK_CANCELLED ? CANCELLED : failureError(reply.failure);
    reply.outputs.forEach((out, o) => {
      const ex = task.outputs[o]!;
      out.parts.forEach((batches, target) => { for (const b of batches) ex.append(i, target, b as unknown as any[]); });
      for (const b of out.held) ex.hold(i, decodeBatch(b));
    });
    for (const [slot, batch] of reply.collected) {
      let parts = env.collected.get(slot);
      if (!parts) env.collected.set(slot, (parts = []));
      parts[i] = decodeBatch(batch);
    }
    if (reply.accumulatorNames.length > 0) this.ran.push({ task: index, subtask: i, handle: h });
  }

  local(task: Task): Task {
    return localTask(task);
  }

  async accumulators(local: AccumulatorRegistry): Promise<Map<string, unknown>> {
    let partial = new Map<string, unknown>();
    const order = [...this.ran].sort((a, b) => a.task - b.task || a.subtask - b.subtask);
    for (const r of order) {
      const reply = await r.handle.request({ t: "merge", job: this.job, task: r.task, subtask: r.subtask, partial });
      if (reply.t !== "merged") throw new Error(`internal: unexpected reply ${reply.t}`);
      partial = reply.partial;
    }
    // Accumulators of tasks run here (iterations) come last; merge() makes the order matter only for lists.
    return foldAccumulators(partial, local.entries());
  }
}

/** A subtask that stopped because its job was cancelled (not a cause of the failure). */
const CANCELLED = Symbol("cancelled");

function chainName(task: Task): string {
  return task.chain.map((n) => n.name).join(" -> ");
}

/** The user's error as the worker described it, wrapped as the in-process runner would. */
function failureError(f: SubtaskFailure): Error {
  const user = reviveThrown(f.error);
  if (f.operator === undefined) return user instanceof Error ? user : reviveError(f.error);
  return new TaskFailure(f.operator, f.subtask!, f.parallelism!, user);
}

/** Plain fields of an output format (after initializeGlobal): what its worker copies need. */
function formatStateOf(node: PhysicalNode): Record<string, unknown> | undefined {
  if (node.driver !== "SINK") return undefined;
  const sink = (node.logical as SinkNode).sink;
  if (sink.kind !== "format") return undefined;
  const state: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(sink.format)) {
    if (v === null || v === undefined || typeof v === "string" || typeof v === "number" || typeof v === "boolean") state[k] = v;
  }
  return state;
}

export type { EncodedBatch };
