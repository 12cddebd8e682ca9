/**
 * A worker runs one subtask at the coordinator's request: the task comes from the worker's own job
 * graph (same plan, checked by fingerprint), its input exchanges are fed the batches that came with
 * the request and its output exchanges capture what the subtask writes, encoded per consumer.
 * What its print sinks write goes back with the reply (the coordinator prints it in subtask order).
 */
import type { Accumulator } from "../../common/accumulators.js";
import { TaskFailure } from "../../common/errors.js";
import type { SinkNode, SourceNode } from "../../plan/logical.js";
import type { PhysicalNode, PhysicalPlan } from "../../plan/physical.js";
import { Exchange } from "../exchange/exchange.js";
import { JobMemory } from "../memory/job-memory.js";
import type { JobGraph, Task } from "../job-graph.js";
import { AccumulatorRegistry } from "../../common/runtime-context-impl.js";
import { runSubtask, type SubtaskEnv } from "../task/subtask-runner.js";
import { decodeBatch, encodeBatch, splitsFromWire, transferables, type EncodedBatch } from "./codec.js";
import { DecodedStrings } from "./decoded-strings.js";
import { claimedSplits } from "./split-claims.js";
import { trace } from "./trace.js";
import { toWireError } from "./wire-error.js";
import type { FromWorker, PrintedText, SubtaskOutput, ToWorker } from "./protocol.js";
import type { SubtaskCounts } from "../../common/progress.js";

export interface ServedJob {
  readonly plan: PhysicalPlan;
  readonly graph: JobGraph;
  /** Accumulators of each subtask this worker ran ("task:subtask"), merged at the job's end. */
  readonly registries: Map<string, TrackingRegistry>;
}

/** Keeps each subtask's accumulator objects, to merge them where their classes live. */
class TrackingRegistry extends AccumulatorRegistry {
  readonly lists = new Map<string, Accumulator<any, any>[]>();
  override register(name: string, acc: Accumulator<any, any>): void {
    super.register(name, acc);
    const list = this.lists.get(name);
    if (list) list.push(acc);
    else this.lists.set(name, [acc]);
  }
}

/** An input exchange that yields the batches shipped with the request. */
class FeedExchange extends Exchange {
  constructor(like: Exchange, private readonly batches: EncodedBatch[]) {
    super(like.channel, like.producers, like.consumers, like.copy, like.consumerName);
  }
  override *batchesFor(): Iterable<any[]> {
    const strings = new DecodedStrings();
    for (const b of this.batches) yield decodeBatch(b, strings);
  }
}

/** An output exchange that encodes what the subtask writes, per consumer. */
class CaptureExchange extends Exchange {
  readonly parts: EncodedBatch[][];
  readonly heldBatches: EncodedBatch[] = [];
  constructor(like: Exchange) {
    super(like.channel, like.producers, like.consumers, like.copy, like.consumerName);
    this.parts = Array.from({ length: like.channel.ship === "BROADCAST" ? 1 : like.consumers }, () => []);
  }
  override append(_producer: number, target: number, batch: any[]): void {
    this.parts[target]!.push(encodeBatch(batch));
  }
  override hold(_producer: number, records: any[]): void {
    this.heldBatches.push(encodeBatch(records));
  }
}

type RunRequest = Extract<ToWorker, { t: "run" }>;

/** How often a worker relays a running subtask's counters (the coordinator samples them for its display and listeners). */
const RELAY_EVERY_MS = 100;

/**
 * Runs the subtask `m` asks for; its print sinks write into `printed`, taken with the reply. When
 * the coordinator watches progress, `relay` gets copies of the subtask's counters while it runs
 * and once at its end (before the reply).
 */
export async function runSubtaskRequest(
  job: ServedJob,
  m: RunRequest,
  printed: PrintBuffer,
  relay?: (counts: SubtaskCounts) => void,
): Promise<{ reply: FromWorker; transfer: ArrayBuffer[] }> {
  try {
    const task = job.graph.tasks[m.task]!;
    const outputs = task.outputs.map((ex) => new CaptureExchange(ex));
    // Spread first: fields other helpers add to Task (side inputs...) carry over as they are.
    const local: Task = {
      ...task,
      chain: m.collection ? withElements(task.chain, decodeBatch(m.collection)) : task.chain,
      inputs: task.inputs.map((gate, g) => gate.map((ex, e) => new FeedExchange(ex, m.inputs[g]![e]!))),
      broadcasts: task.broadcasts.map((b, i) => ({ name: b.name, exchanges: b.exchanges.map((ex, e) => new FeedExchange(ex, m.broadcasts[i]![e]!)) })),
      outputs,
    };
    applyFormatState(task.chain, m.formatState);
    const registry = new TrackingRegistry();
    job.registries.set(`${m.task}:${m.subtask}`, registry);
    const counts: SubtaskCounts = { recordsIn: 0, recordsOut: 0, bytesRead: 0, state: 1 };
    let last = performance.now();
    const progress = m.progress && relay ? {
      counts: () => counts,
      tick: () => {
        const now = performance.now();
        if (now - last < RELAY_EVERY_MS) return;
        last = now;
        relay({ ...counts });
      },
    } : undefined;
    const memory = new JobMemory(job.plan.memory);
    const env: SubtaskEnv = { accumulators: registry, collected: new Map(), objectReuse: job.plan.objectReuse, broadcastCache: new Map(), progress, memory };
    const listed = m.splits ? splitsFromWire(m.splits) : [];
    const splits = m.claim ? claimedSplits(listed, m.claim) : listed;
    trace(`task ${m.task} subtask ${m.subtask} runs`);
    try {
      await runSubtask(local, m.subtask, env, splits);
    } finally {
      memory.dispose();
    }
    if (progress) relay!({ ...counts });
    const shipped: SubtaskOutput[] = outputs.map((ex) => ({ parts: ex.parts, held: ex.heldBatches }));
    const collected: [number, EncodedBatch][] = [];
    for (const [slot, parts] of env.collected) collected.push([slot, encodeBatch(parts[m.subtask] ?? [])]);
    const all = [...shipped.flatMap((o) => [...o.parts.flat(), ...o.held]), ...collected.map(([, b]) => b)];
    const accumulatorNames = [...registry.lists.keys()];
    trace(`task ${m.task} subtask ${m.subtask} ran`);
    const reply: FromWorker = { t: "done", id: m.id, ok: true, outputs: shipped, collected, accumulatorNames, printed: printed.take() };
    return { reply, transfer: transferables(all) };
  } catch (e) {
    const failure = e instanceof TaskFailure
      ? { operator: e.operator, subtask: e.subtask, parallelism: e.parallelism, error: toWireError(e.userError) }
      : { error: toWireError(e) };
    return { reply: { t: "done", id: m.id, ok: false, failure, printed: printed.take() }, transfer: [] };
  }
}

/** The chain with its collection source reading `elements` (shipped by the coordinator) instead of this worker's sample. */
function withElements(chain: readonly PhysicalNode[], elements: unknown[]): PhysicalNode[] {
  const [head, ...rest] = chain;
  const logical = head!.logical as SourceNode;
  if (logical.source.kind !== "collection") return [...chain];
  return [{ ...head!, logical: { ...logical, source: { ...logical.source, elements } } } as PhysicalNode, ...rest];
}

/** Text a subtask's print sinks wrote in a worker. */
export class PrintBuffer {
  private out: string[] = [];
  private err: string[] = [];
  write(toStderr: boolean, text: string): void {
    (toStderr ? this.err : this.out).push(text);
  }
  take(): PrintedText {
    const printed = { stdout: this.out.join(""), stderr: this.err.join("") };
    this.out = [];
    this.err = [];
    return printed;
  }
}

/** Output formats get the fields their coordinator copy set in initializeGlobal (e.g. the staging path). */
function applyFormatState(chain: readonly PhysicalNode[], states: readonly (Record<string, unknown> | undefined)[]): void {
  chain.forEach((node, i) => {
    const state = states[i];
    if (!state || node.driver !== "SINK") return;
    const sink = (node.logical as SinkNode).sink;
    if (sink.kind === "format") Object.assign(sink.format, state);
  });
}

/**
 * One step of the job-end accumulator fold: merges the partial totals so far (values) with this
 * subtask's accumulators, in the order the in-process runner merges them.
 */
export function mergeAccumulators(job: ServedJob, m: Extract<ToWorker, { t: "merge" }>): Map<string, unknown> {
  const lists = job.registries.get(`${m.task}:${m.subtask}`)?.lists ?? new Map<string, Accumulator<any, any>[]>();
  return foldAccumulators(m.partial, lists);
}

/** The partial totals `partial` (values merged elsewhere) with these accumulators merged in. */
export function foldAccumulators(partial: ReadonlyMap<string, unknown>, lists: Iterable<[string, Accumulator<any, any>[]]>): Map<string, unknown> {
  const out = new Map(partial);
  for (const [name, list] of lists) {
    const total = list[0]!.clone();
    if (partial.has(name)) {
      total.resetLocal();
      total.merge(valueOnly(partial.get(name)));
      total.merge(list[0]!);
    }
    for (let i = 1; i < list.length; i++) total.merge(list[i]!);
    out.set(name, total.getLocalValue());
  }
  return out;
}

/** A stand-in accumulator for a value merged elsewhere (merge() reads only getLocalValue()). */
function valueOnly(value: unknown): Accumulator<any, any> {
  return {
    add() {},
    getLocalValue: () => value,
    resetLocal() {},
    merge() {},
    clone() {
      return valueOnly(value);
    },
  };
}
