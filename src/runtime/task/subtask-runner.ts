/**
 * Runs one subtask of a task: builds the chain of operators (tail first, each the collector of
 * the one before; a node chained onto an input it sorts behind its sorter), opens them, feeds the
 * head (a source's splits, or the input exchanges with their local strategy applied), finishes
 * the chain so dams emit, and closes the functions.
 */
import { Configuration } from "../../common/configuration.js";
import type { InputSplit } from "../../common/formats.js";
import { TaskFailure } from "../../common/errors.js";
import { heldCopy } from "../../common/held-copy.js";
import { chainPredecessor, type PhysicalNode } from "../../plan/physical.js";
import { pushAny, pushBatch, type Operator, type OperatorContext } from "../drivers/operator.js";
import { isNumberRows, keyPosition, type NumberRows } from "../../common/number-rows.js";
import { Order } from "../../common/enums.js";
import { createOperator, type JobServices } from "../drivers/registry.js";
import { END_OF_CHAIN } from "../drivers/sink-drivers.js";
import type { ChannelWriter, Exchange } from "../exchange/exchange.js";
import type { SideInput, Task } from "../job-graph.js";
import { makeComparator, sortRecords } from "../sort/comparator.js";
import { ExternalSorter, MERGE_FAN_IN } from "../sort/external-sorter.js";
import { holderMemory, memoryExhausted, type JobMemory } from "../memory/job-memory.js";
import { RecordSizeEstimator } from "../memory/size-estimator.js";
import { AccumulatorRegistry, RuntimeContextImpl, type IterationView } from "../../common/runtime-context-impl.js";
import { runSource } from "./source-runner.js";
import { checkCancelled } from "./cancellation.js";
import { BATCH_SIZE } from "../exchange/exchange.js";
import type { IterationHooks } from "../iteration/hooks.js";
import type { SubtaskCounts } from "../../common/progress.js";
import type { Ordering } from "../../plan/logical.js";

/** Live counters of the job's subtasks (common/progress.ts); absent when nobody watches. */
export interface SubtaskProgress {
  counts(task: Task, subtask: number): SubtaskCounts;
  /** After each batch: lets the collector sample (a clock read). */
  tick(): void;
  /** Replaces a subtask's counters with a copy relayed from where it ran (another thread or process). */
  report?(task: Task, subtask: number, counts: Readonly<SubtaskCounts>): void;
}

export interface SubtaskEnv extends JobServices {
  readonly accumulators: AccumulatorRegistry;
  readonly objectReuse: boolean;
  readonly iteration?: IterationView;
  /** Materialized broadcast variables, one list per exchange (shared by all subtasks). */
  readonly broadcastCache: Map<Exchange, unknown[]>;
  /** Task heads the runtime feeds itself (iteration results and placeholders): records per subtask. */
  readonly feeds?: ReadonlyMap<PhysicalNode, (subtask: number) => Iterable<unknown>>;
  /** Inside an iteration's step function: the hooks of each (node, subtask). */
  readonly iterationHooks?: (node: PhysicalNode, subtask: number) => IterationHooks;
  /** Where subtasks count records and bytes, per batch. */
  readonly progress?: SubtaskProgress;
  /** Aborted when the job is cancelled or timed out: the record loops stop at their next batch. */
  readonly signal?: AbortSignal;
  /** The job's memory budget, operator shares and spill directory. */
  readonly memory: JobMemory;
}

/** Waits for what a batch left pending (a cancel check, async sinks); undefined when nothing can be pending. */
type Drain = () => Promise<void> | undefined;

export async function runSubtask(task: Task, subtask: number, env: SubtaskEnv, splits: Iterable<InputSplit>): Promise<void> {
  const drains: (() => Promise<void>)[] = [];
  const progress = env.progress;
  const counts = progress?.counts(task, subtask);
  const writers = task.outputs.map((ex) => ex.writer(subtask));
  const signal = env.signal;
  const drainAll = async (): Promise<void> => {
    if (signal) await checkCancelled(signal);
    if (counts !== undefined) {
      counts.recordsOut = sentBy(writers);
      progress!.tick();
    }
    for (const d of drains) await d();
  };
  // Nothing to wait for (no signal, no progress, no async sink): no promise per batch. An await costs
  // more once an AsyncLocalStorage is active, as in every job module's entry (runJob's job scope).
  const drain: Drain = () => (signal === undefined && counts === undefined && drains.length === 0 ? undefined : drainAll());
  const head = task.chain[0]!;
  const broadcastVars = new Map(task.broadcasts.map((b) => [b.name, broadcastValues(b.exchanges, env.broadcastCache, env.memory, head, b.name)] as const));

  const feed = env.feeds?.get(head);
  let next: Operator = outputOf(writers);
  const ops: Operator[] = [];
  const opAt = new Map<number, Operator>();
  for (let i = task.chain.length - 1; i >= 0; i--) {
    const node = task.chain[i]!;
    if (node.driver === "SOURCE" || (i === 0 && feed)) break;
    const ctx = operatorContext(node, subtask, env, i === 0 ? broadcastVars : new Map(), (d) => drains.push(d));
    const op = createOperator(node.driver, ctx, next, env);
    opAt.set(i, op);
    ops.unshift(op);
    if (i > 0 && node.chainedInput !== undefined) next = chainedInputOf(op, node.chainedInput);
    else if (i > 0 && node.inputs[0]!.channels[0]!.local === "SORT") {
      // The node counts its input as owned: the sorter copies what the predecessor does not own.
      next = sortedInputOf(op, node, subtask, env, env.objectReuse || chainPredecessor(node).outputOwned, drain);
    } else next = op;
  }
  for (let i = ops.length - 1; i >= 0; i--) ops[i]!.open();
  for (const op of ops) if (op.openAsync) await op.openAsync();
  for (const side of task.sideInputs) await pumpSideInput(task, side, opAt.get(side.chainIndex)!, subtask, drain, counts);

  if (head.driver === "SOURCE") {
    const runtimeContext = new RuntimeContextImpl(head.name, subtask, head.parallelism, new Map(), env.accumulators, env.iteration);
    await runSource({
      node: head,
      subtask,
      splits,
      out: next,
      objectReuse: env.objectReuse,
      parameters: head.logical.parameters ?? new Configuration(),
      drain,
      runtimeContext,
      counts,
    });
  } else if (feed) {
    await feedRecords(feed(subtask), next, drain, counts);
  } else {
    await pumpInputs(task, head, subtask, env, next, drain, counts);
  }
  await next.finish();
  for (const op of ops) op.close();
  if (counts !== undefined) {
    counts.recordsOut = sentBy(writers);
    counts.state = 2;
    progress!.tick();
  }
}

function sentBy(writers: readonly ChannelWriter[]): number {
  let n = 0;
  for (const w of writers) n += w.sent;
  return n;
}

async function pumpInputs(
  task: Task,
  head: PhysicalNode,
  subtask: number,
  env: SubtaskEnv,
  op: Operator,
  drain: Drain,
  counts: SubtaskCounts | undefined,
): Promise<void> {
  const order: (0 | 1)[] = head.inputs.length === 2 ? (op.firstInputToRead === 1 ? [1, 0] : [0, 1]) : [0];
  for (const input of order) {
    const gate = head.inputs[input]!;
    const local = gate.channels[0]?.local ?? "NONE";
    if (local === "SORT") {
      await pumpSorted(task.inputs[input]!, gate.channels[0]!.localOrder ?? [], head, subtask, env, op, input, drain, counts);
    } else {
      for (const ex of task.inputs[input]!) {
        for (const batch of ex.batchesFor(subtask)) {
          if (counts !== undefined) counts.recordsIn += batch.length;
          pushAny(op, input, batch);
          const d = drain();
          if (d !== undefined) await d;
        }
      }
    }
    op.endInput?.(input);
  }
}

/**
 * An input with a local SORT: its records go through an external sorter (spilling runs past the
 * input's memory share) and reach the operator in order, a batch at a time.
 */
async function pumpSorted(
  exchanges: readonly Exchange[],
  order: readonly Ordering[],
  head: PhysicalNode,
  subtask: number,
  env: SubtaskEnv,
  op: Operator,
  input: 0 | 1,
  drain: Drain,
  counts: SubtaskCounts | undefined,
): Promise<void> {
  const fail = failureOf(head, subtask);
  const sorter = newSorter(head, order, env, fail);
  try {
    for (const ex of exchanges) {
      for (const b of ex.batchesFor(subtask)) {
        sorter.addBatch(isNumberRows(b) ? b.records() : b);
        if (counts !== undefined) counts.recordsIn += b.length;
        if (sorter.spilled) await drain();
      }
    }
    await emitSorted(sorter, op, input, drain, fail);
    await drain();
  } finally {
    sorter.dispose();
  }
}

/** What a failure of `node`'s subtask is reported as (a TaskFailure naming it). */
function failureOf(node: PhysicalNode, subtask: number): (e: unknown) => TaskFailure {
  return (e) => (e instanceof TaskFailure ? e : new TaskFailure(node.name, subtask, node.parallelism, e));
}

/** The external sorter of `node`'s sorted input, within its memory share. */
function newSorter(node: PhysicalNode, order: readonly Ordering[], env: SubtaskEnv, fail: (e: unknown) => TaskFailure): ExternalSorter<any> {
  try {
    // One tuple field: runs after the first may hold their records serialized (sort/packed-sort-buffer.ts).
    const field = order.length === 1 ? keyPosition(order[0]!.key) : -1;
    const packed = field >= 0 ? { field, dir: order[0]!.order === Order.DESCENDING ? (-1 as const) : (1 as const) } : undefined;
    const memory = holderMemory(env.memory, node);
    return new ExternalSorter((rs) => sortRecords(rs, order, node.name), makeComparator(order, node.name), memory, MERGE_FAN_IN, packed);
  } catch (e) {
    throw fail(e);
  }
}

/** Hands the sorter's records to `op` in order, a batch at a time. */
async function emitSorted(sorter: ExternalSorter<any>, op: Operator, input: 0 | 1, drain: Drain, fail: (e: unknown) => TaskFailure): Promise<void> {
  let batches: Iterator<any[]>;
  try {
    batches = sorter.sortedBatches(BATCH_SIZE)[Symbol.iterator]();
  } catch (e) {
    throw fail(e);
  }
  for (;;) {
    let next: IteratorResult<any[]>;
    try {
      next = batches.next();
    } catch (e) {
      throw fail(e);
    }
    if (next.done === true) return;
    const sorted = next.value;
    // The sorted buffer whole when nothing spilled: handed on a batch at a time all the same.
    for (let from = 0; from < sorted.length; from += BATCH_SIZE) {
      pushBatch(op, input, sorted, from, Math.min(sorted.length, from + BATCH_SIZE));
      const d = drain();
      if (d !== undefined) await d;
    }
  }
}

/**
 * What a node chained onto an input it sorts (local SORT) is pushed into: the same external
 * sorter pumpSorted fills from a channel, filled by the predecessor as it emits (a record it does
 * not own is copied, as a channel would), handing everything on in order when the predecessor
 * finishes.
 */
function sortedInputOf(op: Operator, node: PhysicalNode, subtask: number, env: SubtaskEnv, owned: boolean, drain: Drain): Operator {
  const fail = failureOf(node, subtask);
  const sorter = newSorter(node, node.inputs[0]!.channels[0]!.localOrder ?? [], env, fail);
  // Records go to the sorter a batch at a time, in arrays of their own made here (the pusher may
  // reuse its array): the sorter keeps batches whole and joins them with one native concat when it
  // sorts (ExternalSorter.addBatch), where a push per record grows one long array.
  let pending: any[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    sorter.addBatch(batch);
  };
  return {
    open() {},
    collect(r) {
      try {
        pending.push(owned ? r : heldCopy(r));
        if (pending.length >= BATCH_SIZE) flush();
      } catch (e) {
        throw fail(e);
      }
    },
    collectBatch(_input, records, from, to) {
      try {
        flush();
        const batch = new Array<any>(to - from);
        for (let i = from; i < to; i++) batch[i - from] = owned ? records[i] : heldCopy(records[i]);
        pending = batch;
        flush();
      } catch (e) {
        throw fail(e);
      }
    },
    async finish() {
      try {
        flush();
      } catch (e) {
        throw fail(e);
      }
      try {
        await emitSorted(sorter, op, 0, drain, fail);
      } finally {
        sorter.dispose();
      }
      op.endInput?.(0);
      return op.finish();
    },
    close() {},
  };
}

/** Reads a chained two-input node's exchange-fed input completely (a hash join's build side). */
async function pumpSideInput(
  task: Task,
  side: SideInput,
  op: Operator,
  subtask: number,
  drain: Drain,
  counts: SubtaskCounts | undefined,
): Promise<void> {
  for (const ex of task.inputs[side.gate]!) {
    for (const batch of ex.batchesFor(subtask)) {
      if (counts !== undefined) counts.recordsIn += batch.length;
      pushAny(op, side.input, batch);
      const d = drain();
      if (d !== undefined) await d;
    }
  }
  op.endInput?.(side.input);
}

/** What a chained two-input node's predecessor pushes into: its chained input, then its end. */
function chainedInputOf(op: Operator, input: 0 | 1): Operator {
  return {
    open() {},
    collect: input === 0 ? (r) => op.collect(r) : (r) => op.collectSecond!(r),
    collectBatch: (_, records, from, to) => pushBatch(op, input, records, from, to),
    ...(op.collectNumbers !== undefined ? { collectNumbers: (_: 0 | 1, rows: NumberRows) => op.collectNumbers!(input, rows) } : {}),
    finish() {
      op.endInput?.(input);
      return op.finish();
    },
    close() {},
  };
}

async function feedRecords(records: Iterable<unknown>, op: Operator, drain: Drain, counts: SubtaskCounts | undefined): Promise<void> {
  let n = 0;
  for (const r of records) {
    op.collect(r);
    if (++n % BATCH_SIZE === 0) {
      if (counts !== undefined) counts.recordsIn += BATCH_SIZE;
      const d = drain();
      if (d !== undefined) await d;
    }
  }
  if (counts !== undefined) counts.recordsIn += n % BATCH_SIZE;
  await drain();
}

function operatorContext(
  node: PhysicalNode,
  subtask: number,
  env: SubtaskEnv,
  broadcastVars: Map<string, unknown[]>,
  registerAsync: (d: () => Promise<void>) => void,
): OperatorContext {
  const runtimeContext = new RuntimeContextImpl(node.name, subtask, node.parallelism, broadcastVars, env.accumulators, env.iteration);
  return {
    node,
    subtask,
    parallelism: node.parallelism,
    runtimeContext,
    parameters: node.logical.parameters ?? new Configuration(),
    inputOwned: env.objectReuse || node.inputOwned,
    objectReuse: env.objectReuse,
    registerAsync,
    iteration: env.iterationHooks?.(node, subtask),
    memory: env.memory,
  };
}

/**
 * A broadcast set is handed to the function as one array (Flink's List), held once per job: it
 * cannot spill, so one larger than the job's whole budget fails with memoryExhausted (naming the
 * operator and what to raise) instead of running the heap out.
 */
function broadcastValues(
  exchanges: readonly Exchange[],
  cache: Map<Exchange, unknown[]>,
  memory: JobMemory | undefined,
  node: PhysicalNode,
  name: string,
): unknown[] {
  const all: unknown[] = [];
  const size = new RecordSizeEstimator();
  for (const ex of exchanges) {
    let values = cache.get(ex);
    if (!values) {
      values = [];
      for (const b of ex.batchesFor(0)) {
        for (const r of b) {
          values.push(r);
          if (memory !== undefined && size.add(r) > memory.budgetBytes) {
            const m = { ...holderMemory(memory, node), limit: memory.budgetBytes };
            throw new TaskFailure(node.name, 0, node.parallelism, memoryExhausted(m, `the broadcast set '${name}'`, size.bytes));
          }
        }
      }
      cache.set(ex, values);
    }
    all.push(...values);
  }
  return all;
}

/** The chain's end: the channel writers (several when the output is read more than once). */
function outputOf(writers: ChannelWriter[]): Operator {
  if (writers.length === 0) return END_OF_CHAIN;
  const close = (): void => { for (const w of writers) w.close(); };
  if (writers.length === 1) {
    const w = writers[0]!;
    const numbers = w.takesNumbers ? { collectNumbers: (_: 0 | 1, rows: NumberRows) => w.collectNumbers(rows) } : {};
    return { open() {}, collect: (r) => w.collect(r), ...numbers, finish: close, close() {} };
  }
  return {
    open() {},
    collect(r) {
      for (let i = 0; i < writers.length; i++) writers[i]!.collect(r);
    },
    finish: close,
    close() {},
  };
}
