/**
 * Runs a job's tasks on workers (threads or processes) that built the same plan. The coordinator
 * keeps the exchanges (as encoded batches it never decodes, except range-partitioned records it
 * samples and collect() results): for each subtask it sends a worker that subtask's input batches
 * (transferred to threads, piped once to processes), the broadcast sets and the splits, and files
 * the worker's output batches into the exchanges. The first failure fails the task; workers still
 * running the job's subtasks are terminated (a stuck function cannot hold the job). An abort of
 * `signal` (a timeout, a cancel) fails the running subtasks the same way. Accumulators are merged
 * at the end of the job by the workers (their classes live there), in the in-process order.
 * With `RemoteTarget.coordinator` ("auto" over files) the coordinator runs subtasks too: each goes
 * where a place is free first, a source task's splits are claimed as they are read
 * (split-claims.ts), and a task with little exchange input runs whole in the coordinator.
 */
import { TaskFailure } from "../../common/errors.js";
import type { InputSplit } from "../../common/formats.js";
import type { Task } from "../job-graph.js";
import { AccumulatorRegistry } from "../../common/runtime-context-impl.js";
import { decodeBatch, encodeBatch, splitsForWire, toWire, transferables, type EncodedBatch } from "./codec.js";
import type { SourceNode } from "../../plan/logical.js";
import type { TaskExecutor } from "./executor.js";
import { COORDINATOR_TASK_RECORDS, coordinatorTask, exchangeRecords, localTask } from "./local-task.js";
import { claimedSplits, CLAIMED_SPLITS_PER_SUBTASK, newSplitClaim } from "./split-claims.js";
import { runSubtask, type SubtaskEnv } from "../task/subtask-runner.js";
import type { PrintedText } from "./protocol.js";
import type { SubtaskCounts } from "../../common/progress.js";
import type { WorkerHandle } from "./pool.js";
import { foldAccumulators } from "./worker-subtask.js";
import { trace } from "./trace.js";
import { chainName, failureError, formatStateOf } from "./remote-task.js";

/** The elements of the collection source heading `task`, encoded for its one subtask (a worker holds a sample only). */
function shippedCollection(task: Task): EncodedBatch | undefined {
  const head = task.chain[0]!;
  if (head.driver !== "SOURCE") return undefined;
  const src = (head.logical as SourceNode).source;
  return src.kind === "collection" ? encodeBatch(src.elements as unknown[]) : undefined;
}

/** Workers serving one action: the executor takes an idle one per subtask and gives it back. */
export interface ServedWorkers {
  /** An idle worker serving this action; rejects when none can come (all died, the plan differed). */
  idle(): Promise<WorkerHandle>;
  release(h: WorkerHandle): void;
}

export interface RemoteTarget {
  readonly run: number;
  readonly action: number;
  readonly workers: ServedWorkers;
  readonly signal?: AbortSignal;
  /**
   * The coordinator runs subtasks too, beside the workers ("auto" on every core): each subtask goes
   * to whichever is free first, and a source task's splits are claimed as the subtasks read them.
   * Threads only (the claims share memory).
   */
  readonly coordinator?: boolean;
}

function bySplitNumber(a: InputSplit, b: InputSplit): number {
  return a.splitNumber - b.splitNumber;
}

export class RemoteExecutor implements TaskExecutor {
  /** Subtasks that registered accumulators: in a worker (merged there) or here (their own registry). */
  private readonly ran: { task: number; subtask: number; handle?: WorkerHandle; here?: AccumulatorRegistry }[] = [];
  private readonly busy = new Set<WorkerHandle>();
  private readonly cancelled = new Set<WorkerHandle>();
  /** Workers this executor terminated, until they are gone (no file is written after the job failed). */
  private readonly stopping: Promise<void>[] = [];

  /** With `target.coordinator`, splits are claimed as subtasks read them: a format is asked for several per subtask. */
  readonly splitsPerSubtask: number | undefined;
  /** Whether the coordinator runs a subtask now (it takes subtasks when `target.coordinator`). */
  private hereBusy = false;
  /** Called when the coordinator's subtask ends (a subtask waiting for a place may run here). */
  private hereFreed: (() => void) | undefined;
  /** The pending request for an idle worker, kept across subtasks until a worker comes. */
  private nextWorker: Promise<WorkerHandle> | undefined;

  constructor(private readonly target: RemoteTarget) {
    this.splitsPerSubtask = target.coordinator ? CLAIMED_SPLITS_PER_SUBTASK : undefined;
  }

  async runTask(task: Task, index: number, env: SubtaskEnv, splits: readonly InputSplit[][]): Promise<void> {
    const p = task.chain[0]!.parallelism;
    const formatState = task.chain.map(formatStateOf);
    const printed: PrintedText[] = [];
    // Once every dispatched subtask has answered, the failure of the lowest subtask is reported, as
    // the in-process runner (which runs subtasks in order) would report it.
    const failures = new Map<number, unknown>();
    let failed = false;
    const running: Promise<void>[] = [];
    const { signal } = this.target;
    const onAbort = (): void => {
      failed = true;
      this.terminateBusy(signal!.reason);
    };
    // The coordinator's own subtasks check this signal between batches: they stop once another
    // subtask failed, and meanwhile yield to the event loop every few ms (cancellation.ts), so a
    // worker that comes up is answered and given a subtask while the coordinator reads.
    const stopHere = this.target.coordinator ? new AbortController() : undefined;
    const hereEnv: SubtaskEnv = stopHere ? { ...env, signal: env.signal ? AbortSignal.any([env.signal, stopHere.signal]) : stopHere.signal } : env;
    const fail = (i: number, e: unknown): void => {
      if (stopHere?.signal.aborted && e === stopHere.signal.reason) return; // stopped because another subtask failed: not a cause
      failures.set(i, e);
      if (failed) return;
      failed = true;
      for (const other of this.busy) this.cancelled.add(other);
      const reason = new Error("another subtask of the job failed");
      stopHere?.abort(reason);
      this.terminateBusy(reason);
    };
    // The coordinator's subtasks and the workers' claim one list of splits (a source task), in file order.
    const claim = this.target.coordinator && task.chain[0]!.driver === "SOURCE" ? newSplitClaim() : undefined;
    const all = claim ? splits.flat().sort(bySplitNumber) : undefined;
    const here = this.target.coordinator ? coordinatorTask(task) : undefined;
    if (here && !claim && exchangeRecords(task) < COORDINATOR_TASK_RECORDS) {
      // Its input is in the coordinator's exchanges and small: shipping it out and the results back costs more than it saves.
      for (let i = 0; i < p; i++) await this.runHere(here, index, i, hereEnv, []);
      return;
    }
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      signal?.throwIfAborted();
      for (let i = 0; i < p && !failed; i++) {
        let h: WorkerHandle | "here";
        try {
          h = await this.place();
        } catch (e) {
          failures.set(i, e);
          break;
        }
        if (failed) {
          if (h !== "here") this.target.workers.release(h);
          break;
        }
        const own = claim ? all! : (splits[i] ?? []);
        if (h === "here") {
          running.push(this.runHere(here!, index, i, hereEnv, claim ? claimedSplits(own, claim) : own).catch((e: unknown) => fail(i, e)));
          continue;
        }
        const handle = h;
        this.busy.add(handle);
        running.push(this.runOne(handle, task, index, i, env, own, claim, formatState, printed).then(
          () => {
            this.busy.delete(handle);
            this.target.workers.release(handle);
          },
          (e: unknown) => {
            this.busy.delete(handle);
            if (this.cancelled.has(handle)) return; // stopped because another subtask failed: not a cause
            fail(i, e);
          },
        ));
      }
      await Promise.all(running);
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
    if (failures.size > 0) {
      await Promise.all(this.stopping.splice(0));
      throw failures.get(Math.min(...failures.keys()));
    }
    for (const o of printed) {
      if (o?.stdout) process.stdout.write(o.stdout);
      if (o?.stderr) process.stderr.write(o.stderr);
    }
  }

  /**
   * Where the next subtask runs: an idle worker; with `target.coordinator`, here when the coordinator
   * runs none, else whichever is first free, the coordinator or a worker (one request for a worker is
   * kept open across subtasks, so a worker that comes late takes the next subtask).
   */
  private place(): Promise<WorkerHandle | "here"> {
    if (!this.target.coordinator) return this.target.workers.idle();
    if (!this.hereBusy) return Promise.resolve("here");
    if (!this.nextWorker) {
      this.nextWorker = this.target.workers.idle();
      this.nextWorker.catch(() => undefined); // seen by whoever waits for it next
    }
    const worker = this.nextWorker;
    return new Promise((resolve, reject) => {
      let settled = false;
      this.hereFreed = () => {
        if (!settled) resolve("here");
        settled = true;
      };
      worker.then(
        (h) => {
          if (settled) return;
          settled = true;
          this.nextWorker = undefined;
          this.hereFreed = undefined;
          resolve(h);
        },
        (e: unknown) => {
          if (settled) return;
          settled = true;
          this.nextWorker = undefined;
          reject(e);
        },
      );
    });
  }

  /** One subtask in the coordinator's thread, as in process (its records stay records unless a worker reads them). */
  private async runHere(task: Task, index: number, i: number, env: SubtaskEnv, splits: Iterable<InputSplit>): Promise<void> {
    this.hereBusy = true;
    // A subtask runs synchronously up to its first wait (a join builds its whole table): first let
    // the loop place the task's other subtasks, so an idle worker's request goes out now, not after.
    await new Promise<void>((resolve) => setImmediate(resolve));
    trace(`task ${index} subtask ${i} runs in the coordinator`);
    // Its own registry: the job's accumulators merge subtask by subtask in the in-process order, wherever each ran.
    const here = new AccumulatorRegistry();
    try {
      await runSubtask(task, i, { ...env, accumulators: here }, splits);
      if (!here.entries().next().done) this.ran.push({ task: index, subtask: i, here });
    } finally {
      this.hereBusy = false;
      trace(`task ${index} subtask ${i} ran in the coordinator`);
      const freed = this.hereFreed;
      this.hereFreed = undefined;
      freed?.();
    }
  }

  /** Stops the workers still running this job's subtasks; their subtasks fail with `reason`. */
  private terminateBusy(reason: unknown): void {
    for (const h of [...this.busy]) this.stopping.push(h.terminate(reason instanceof Error ? reason : new Error(String(reason))));
  }

  private async runOne(
    h: WorkerHandle,
    task: Task,
    index: number,
    i: number,
    env: SubtaskEnv,
    splits: readonly InputSplit[],
    claim: Int32Array | undefined,
    formatState: (Record<string, unknown> | undefined)[],
    printed: PrintedText[],
  ): Promise<void> {
    const inputs = task.inputs.map((gate) => gate.map((ex) => [...ex.batchesFor(i)].map(toWire)));
    const broadcasts = task.broadcasts.map((b) => b.exchanges.map((ex) => [...ex.batchesFor(0)].map(toWire)));
    const { run, action } = this.target;
    const msg = {
      t: "run" as const, run, action, task: index, subtask: i, inputs, broadcasts, formatState,
      splits: splits.length > 0 ? splitsForWire(splits) : undefined, ...(claim ? { claim } : {}), progress: env.progress !== undefined,
      collection: shippedCollection(task),
    };
    const progress = env.progress;
    progress?.counts(task, i); // running
    const relay = progress && ((c: SubtaskCounts): void => {
      progress.report?.(task, i, c);
      progress.tick();
    });
    let reply;
    try {
      // Partitions are read by this subtask only: move their buffers. Broadcast data is copied.
      const own = task.inputs.flatMap((gate, g) => gate.flatMap((ex, e) => (ex.channel.ship === "BROADCAST" ? [] : inputs[g]![e]!)));
      if (msg.collection) own.push(msg.collection);
      trace(`task ${index} subtask ${i} to ${h.kind} ${h.index + 1}`);
      reply = await h.request(msg, transferables(own), relay);
      trace(`task ${index} subtask ${i} done in ${h.kind} ${h.index + 1}`);
    } catch (e) {
      throw new TaskFailure(chainName(task), i, task.chain[0]!.parallelism, e);
    }
    if (reply.t !== "done") throw new Error(`internal: unexpected reply ${reply.t}`);
    printed[i] = reply.printed;
    if (!reply.ok) throw failureError(reply.failure);
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
    const { run, action } = this.target;
    for (const r of order) {
      if (r.here) {
        partial = foldAccumulators(partial, r.here.entries());
        continue;
      }
      const reply = await r.handle!.request({ t: "merge", run, action, task: r.task, subtask: r.subtask, partial });
      if (reply.t !== "merged") throw new Error(`internal: unexpected reply ${reply.t}`);
      partial = reply.partial;
    }
    // Accumulators of tasks run here (iterations) come last; merge() makes the order matter only for lists.
    return foldAccumulators(partial, local.entries());
  }
}
