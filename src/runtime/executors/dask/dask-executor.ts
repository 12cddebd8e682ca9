/**
 * Runs a job's tasks on a Dask cluster: each task of the job graph becomes p Dask tasks (one per
 * subtask), submitted once the tasks it reads have finished. Output batches stay on the workers as
 * Dask results; a consumer subtask's Dask task depends on the parts it reads: part i of producer i
 * (FORWARD), part i of every producer (hash, custom, rebalance), part 0 of every producer
 * (BROADCAST), empty parts left out. What comes back to the coordinator is small: status, record
 * counts, collect() results, printed text, accumulator names. Range partitioning samples in the
 * coordinator: its records come back, are distributed by the boundaries here and go out with the
 * consumers' requests (inline when small, else scattered to a worker first), as does whatever a
 * task run here wrote (an iteration: its supersteps run in the coordinator, its inputs are gathered
 * first). The first failure is reported for the lowest failing subtask once all of the task's
 * subtasks ended; Dask's retries are off (a subtask's sink writes are not idempotent per attempt).
 * A cancelled or timed-out job (its signal aborted) kills the Node processes still running its
 * subtasks (restarted for the next task) and fails with the signal's reason once they ended, before
 * the output hooks clean up. Accumulators merge on the workers that hold them, in the in-process
 * order.
 */
import { serialize, deserialize } from "node:v8";
import { InvalidProgramException, JobExecutionException, TaskFailure } from "../../../common/errors.js";
import type { InputSplit } from "../../../common/formats.js";
import type { AccumulatorRegistry } from "../../../common/runtime-context-impl.js";
import { chainPredecessor, type Channel, type PhysicalNode, type PhysicalPlan } from "../../../plan/physical.js";
import type { Exchange } from "../../exchange/exchange.js";
import type { Task } from "../../job-graph.js";
import type { SubtaskEnv } from "../../task/subtask-runner.js";
import { decodeBatch, encodeBatch, isEncoded, toWire, type EncodedBatch } from "../codec.js";
import type { TaskExecutor } from "../executor.js";
import { localTask } from "../local-task.js";
import { foldAccumulators } from "../worker-subtask.js";
import { chainName, failureError, formatStateOf } from "../remote-task.js";
import type { DaskBridge, PartRef, SubtaskSubmission } from "./bridge.js";
import type { DaskMergeRequest, DaskMeta, DaskRequest, PartSource } from "./messages.js";

export interface DaskTarget {
  readonly bridge: DaskBridge;
  readonly plan: PhysicalPlan;
  readonly jobName: string;
  /** Key of the action's scattered context. */
  readonly ctx: string;
  /** Prefix of every Dask key of this action. */
  readonly prefix: string;
  readonly session: string;
  readonly run: number;
  readonly action: number;
  /** Aborted to cancel the job or when it timed out: the running subtasks fail with its reason. */
  readonly signal?: AbortSignal;
}

/** Where an exchange's producers left their parts on the cluster, with records per consumer part. */
interface RemoteOutput {
  readonly keys: string[];
  readonly output: number;
  readonly counts: number[][];
}

/** Batches held in the coordinator above this size are scattered to a worker, not put in the task. */
const SCATTER_BYTES = 64 * 1024;

/** Marks records counted in an exchange whose batches stay on the cluster (never read as records). */
interface CountMarker {
  readonly length: number;
  readonly remote: true;
}

export class DaskExecutor implements TaskExecutor {
  private readonly remote = new Map<Exchange, RemoteOutput>();
  private readonly ran: { task: number; subtask: number; worker: string }[] = [];
  private readonly scatteredParts = new Map<Exchange, Map<number, string>>();
  /** Keys of the data this executor scattered (released with the action). */
  readonly scattered: string[] = [];
  /** Channels read by a task the coordinator runs itself (an iteration head's task). */
  private readonly readHere = new Set<Channel>();

  constructor(private readonly target: DaskTarget) {
    for (const node of target.plan.nodes) {
      if (!headOf(node).iteration) continue;
      for (const g of node.inputs) for (const c of g.channels) this.readHere.add(c);
      for (const b of node.broadcastInputs) for (const c of b.gate.channels) this.readHere.add(c);
    }
  }

  async runTask(task: Task, index: number, env: SubtaskEnv, splits: readonly InputSplit[][]): Promise<void> {
    const p = task.chain[0]!.parallelism;
    const { prefix, bridge } = this.target;
    const formatState = task.chain.map(formatStateOf);
    const submissions: SubtaskSubmission[] = [];
    for (let i = 0; i < p; i++) {
      const deps: PartRef[] = [];
      const source = async (ex: Exchange, part: number): Promise<PartSource> => {
        const r = this.remote.get(ex);
        const blobs: number[] = [];
        if (r) {
          const producers = ex.channel.ship === "FORWARD" ? (i < r.keys.length ? [i] : []) : r.keys.map((_, j) => j);
          for (const j of producers) {
            if (r.counts[j]![part] === 0) continue;
            blobs.push(deps.length);
            deps.push({ key: r.keys[j]!, o: r.output, t: part });
          }
        }
        const inline = [...ex.batchesFor(part)].filter((b) => !isMarker(b)).map(toWire);
        if (inline.reduce((n, b) => n + b.bytes.byteLength, 0) < SCATTER_BYTES) return { blobs, inline };
        // Big batches held here go to a worker first: task specs pass through the scheduler.
        blobs.push(deps.length);
        deps.push({ key: await this.scatter(ex, part, inline), o: -1, t: -1 });
        return { blobs, inline: [] };
      };
      const all = <T>(xs: Promise<T>[]): Promise<T[]> => Promise.all(xs);
      const request: DaskRequest = {
        task: index, subtask: i, formatState,
        inputs: await all(task.inputs.map((gate) => all(gate.map((ex) => source(ex, ex.channel.ship === "BROADCAST" ? 0 : i))))),
        broadcasts: await all(task.broadcasts.map((b) => all(b.exchanges.map((ex) => source(ex, 0))))),
        splits: (splits[i] ?? []).length > 0 ? encodeBatch(splits[i]!) : undefined,
      };
      submissions.push({ key: `${prefix}t${index}-s${i}`, label: `subtask ${i + 1}/${p} of '${chainName(task)}'`, deps, request: serialize(request) });
    }
    const { signal } = this.target;
    signal?.throwIfAborted();
    // An abort kills the Node processes running this action's subtasks: they end, failed, at once.
    const onAbort = (): void => void bridge.cancel(prefix).catch(() => undefined);
    signal?.addEventListener("abort", onAbort, { once: true });
    let ends;
    try {
      ends = await bridge.submit(this.target.ctx, submissions);
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
    if (signal?.aborted) {
      const i = Math.max(0, ends.findIndex((e) => "failed" in e));
      throw new TaskFailure(chainName(task), i, p, signal.reason);
    }
    const metas: Extract<DaskMeta, { ok: true }>[] = [];
    ends.forEach((end, i) => {
      if ("failed" in end) throw new TaskFailure(chainName(task), i, p, new Error(end.failed));
      const meta = deserialize(end.meta) as DaskMeta;
      if (!meta.ok) throw "refused" in meta ? this.refusal(meta.refused) : failureError(meta.failure);
      metas.push(meta);
    });
    task.outputs.forEach((ex, o) => {
      if (ex.channel.ship === "PARTITION_RANGE") return; // its records come back as held batches
      this.remote.set(ex, { keys: submissions.map((s) => s.key), output: o, counts: metas.map((m) => m.outputs[o]!.counts) });
    });
    for (let i = 0; i < p; i++) {
      const meta = metas[i]!;
      const end = ends[i] as { worker: string };
      if (meta.printed.stdout) process.stdout.write(meta.printed.stdout);
      if (meta.printed.stderr) process.stderr.write(meta.printed.stderr);
      task.outputs.forEach((ex, o) => {
        const out = meta.outputs[o]!;
        for (const b of out.held) ex.hold(i, decodeBatch(b));
        if (ex.channel.ship === "PARTITION_RANGE" || this.readHere.has(ex.channel)) return;
        out.counts.forEach((n, t) => { if (n > 0) ex.append(i, t, { length: n, remote: true } satisfies CountMarker as unknown as any[]); });
      });
      for (const [slot, batch] of meta.collected) {
        let parts = env.collected.get(slot);
        if (!parts) env.collected.set(slot, (parts = []));
        parts[i] = decodeBatch(batch);
      }
      if (meta.accumulatorNames.length > 0) this.ran.push({ task: index, subtask: i, worker: end.worker });
    }
    await this.bringHere(task);
  }

  /** Scatters batches held here for consumer part `part` of `ex` (once: broadcast parts serve every consumer). */
  private async scatter(ex: Exchange, part: number, batches: EncodedBatch[]): Promise<string> {
    let parts = this.scatteredParts.get(ex);
    if (!parts) this.scatteredParts.set(ex, (parts = new Map()));
    let key = parts.get(part);
    if (key === undefined) {
      key = await this.target.bridge.scatter(serialize(batches));
      parts.set(part, key);
      this.scattered.push(key);
    }
    return key;
  }

  /** Outputs a task run in the coordinator reads: their parts come here, into the exchange. */
  private async bringHere(task: Task): Promise<void> {
    for (const ex of task.outputs) {
      const r = this.remote.get(ex);
      if (!r || !this.readHere.has(ex.channel)) continue;
      const refs: { producer: number; ref: PartRef }[] = [];
      r.keys.forEach((key, j) => r.counts[j]!.forEach((n, t) => { if (n > 0) refs.push({ producer: j, ref: { key, o: r.output, t } }); }));
      const blobs = await this.target.bridge.gather(refs.map((x) => x.ref));
      refs.forEach((x, k) => { for (const b of deserialize(blobs[k]!) as EncodedBatch[]) ex.append(x.producer, x.ref.t, b as unknown as any[]); });
      this.remote.delete(ex);
    }
  }

  local(task: Task): Task {
    return localTask(task);
  }

  async accumulators(local: AccumulatorRegistry): Promise<Map<string, unknown>> {
    let partial = new Map<string, unknown>();
    const { session, run, action, bridge } = this.target;
    for (const r of [...this.ran].sort((a, b) => a.task - b.task || a.subtask - b.subtask)) {
      const request: DaskMergeRequest = { session, run, action, task: r.task, subtask: r.subtask, partial };
      partial = deserialize(await bridge.merge(r.worker, serialize(request))) as Map<string, unknown>;
    }
    return foldAccumulators(partial, local.entries());
  }

  private refusal(why: string): JobExecutionException {
    const cause = new InvalidProgramException(
      `Job '${this.target.jobName}' cannot run on the Dask cluster: ${why}. Each worker runs the entry itself, so the program ` +
      "must be the same file everywhere and its plan must come out the same: do not build it from randomness (Math.random, " +
      "random file names), the current time, or per-process state; pass such values in the arguments.",
    );
    return new JobExecutionException(`Job '${this.target.jobName}' failed: ${cause.message}`, { cause });
  }
}

function isMarker(b: unknown): boolean {
  return !Array.isArray(b) && !isEncoded(b) && (b as CountMarker).remote === true;
}

function headOf(node: PhysicalNode): PhysicalNode {
  let n = node;
  while (n.chained) n = chainPredecessor(n);
  return n;
}
