/**
 * Runs one source subtask: reads its splits and pushes the records into its chain, awaiting
 * async formats only per batch. Collection sources emit copies of the elements (the program's
 * own objects are never handed to user functions), sequences read ranges and format sources
 * their format's splits, both assigned by the coordinator round-robin (one contiguous range per
 * subtask unless an executor asks for more, to hand out as subtasks claim them).
 */
import { TaskFailure } from "../../common/errors.js";
import type { InputFormat, InputSplit } from "../../common/formats.js";
import { instantiateUdf } from "../../common/udf.js";
import { Configuration } from "../../common/configuration.js";
import type { RuntimeContext } from "../../common/runtime-context.js";
import { logicalOf, type PhysicalNode } from "../../plan/physical.js";
import type { Operator } from "../drivers/operator.js";
import { BATCH_SIZE } from "../exchange/exchange.js";
import type { SubtaskCounts } from "../../common/progress.js";
import { NumberRows } from "../../common/number-rows.js";

/**
 * Splits per subtask, decided once per job by the coordinator: a sequence is cut, and a format
 * asked, for at least `perSubtask` splits per subtask (more than one when an executor hands them
 * out as subtasks ask). A collection has none (its one subtask reads the elements).
 */
export async function assignSplits(node: PhysicalNode, perSubtask = 1): Promise<InputSplit[][]> {
  const src = logicalOf(node, "SOURCE").source;
  const p = node.parallelism;
  const assigned: InputSplit[][] = Array.from({ length: p }, () => []);
  if (src.kind === "collection") return assigned;
  const splits = src.kind === "sequence" ? sequenceSplits(src.from, src.to, sequenceSplitCount(src.to - src.from + 1, p, perSubtask)) : await formatSplits(node, src.format, p * perSubtask);
  splits.forEach((s, i) => assigned[i % p]!.push(s));
  return assigned;
}

async function formatSplits(node: PhysicalNode, format: InputFormat<unknown>, n: number): Promise<InputSplit[]> {
  try {
    format.configure?.(node.logical.parameters ?? new Configuration());
    return await format.createInputSplits(n);
  } catch (e) {
    throw new TaskFailure(node.name, 0, node.parallelism, e);
  }
}

/** A range [from, to) of a generated sequence, handed to a subtask as a file's split is (Flink's NumberSequenceIterator.split). */
export interface SequenceSplit extends InputSplit {
  readonly from: number;
  readonly to: number;
}

/**
 * Records per sequence range when subtasks claim ranges as they read (perSubtask > 1). A range
 * costs nothing to open, so a sequence is cut finer than a file is, down to this many records (at
 * most 16 x perSubtask ranges per subtask): the last ranges are short and the subtasks end close
 * together (bench/jobs-cpu.ts, 2,000,000 records: in 32 ranges the coordinator and the worker
 * ended 58 ms apart, in 123 ranges 3 ms).
 */
export const CLAIMED_SEQUENCE_RECORDS = 16_384;

/** How many ranges a sequence of `total` records is cut into for `p` subtasks. */
function sequenceSplitCount(total: number, p: number, perSubtask: number): number {
  if (perSubtask <= 1) return p;
  return Math.max(p * perSubtask, Math.min(Math.ceil(total / CLAIMED_SEQUENCE_RECORDS), p * perSubtask * 16));
}

/** `n` contiguous ranges covering from..to (both inclusive), in order; empty ones where n exceeds the count. */
export function sequenceSplits(from: number, to: number, n: number): SequenceSplit[] {
  const total = Math.max(0, to - from + 1);
  // floor(total * i / n), without the product (it passes 2^53 for long sequences cut finely).
  const q = Math.floor(total / n);
  const r = total % n;
  const start = (i: number): number => from + i * q + Math.floor((i * r) / n);
  return Array.from({ length: n }, (_, i) => ({ splitNumber: i, from: start(i), to: start(i + 1) }));
}


export interface SourceRun {
  readonly node: PhysicalNode;
  readonly subtask: number;
  /** The splits to read: a list, or splits claimed one at a time from a shared list (split-claims.ts). */
  readonly splits: Iterable<InputSplit>;
  readonly out: Operator;
  readonly objectReuse: boolean;
  readonly parameters: Configuration;
  /** Waits for what a batch left pending; undefined when nothing can be pending (no promise per batch). */
  readonly drain: () => Promise<void> | undefined;
  /** Given to formats with `setRuntimeContext` (Flink's RichInputFormat), e.g. for accumulators. */
  readonly runtimeContext?: RuntimeContext;
  /** Live counters: records read and bytes of finished splits, per batch. */
  readonly counts?: SubtaskCounts;
}

export async function runSource(run: SourceRun): Promise<void> {
  const src = logicalOf(run.node, "SOURCE").source;
  const fail = (e: unknown) => (e instanceof TaskFailure ? e : new TaskFailure(run.node.name, run.subtask, run.node.parallelism, e));
  switch (src.kind) {
    case "collection": {
      const els = src.elements;
      // The user's elements as they are (not owned): consumers copy what they mutate or keep. The
      // length is the one the job starts with (a function pushing to the array does not extend it).
      const n = els.length;
      for (let from = 0; from < n; from += BATCH_SIZE) {
        const to = Math.min(n, from + BATCH_SIZE);
        pushSlice(run.out, els, from, to);
        if (run.counts !== undefined) run.counts.recordsIn += to - from;
        const d = run.drain();
        if (d !== undefined) await d;
      }
      return;
    }
    case "sequence":
      for (const split of run.splits) {
        const { from: start, to: end } = split as SequenceSplit;
        for (let from = start; from < end; from += BATCH_SIZE) {
          const to = Math.min(end, from + BATCH_SIZE);
          pushNumbers(run.out, from, to);
          if (run.counts !== undefined) run.counts.recordsIn += to - from;
          const d = run.drain();
          if (d !== undefined) await d;
        }
      }
      return;
    case "format":
      return readFormat(src.format, run, fail);
  }
}

async function readFormat(original: InputFormat<unknown>, run: SourceRun, fail: (e: unknown) => unknown): Promise<void> {
  const format = instantiateUdf({ value: original, method: "nextRecord" }).target as InputFormat<unknown>;
  try {
    format.configure?.(run.parameters);
    const rich = format as { setRuntimeContext?: (ctx: RuntimeContext) => void };
    if (run.runtimeContext && typeof rich.setRuntimeContext === "function") rich.setRuntimeContext(run.runtimeContext);
  } catch (e) {
    throw fail(e);
  }
  let bytesDone = 0;
  for (const split of run.splits) {
    try {
      await format.open(split);
    } catch (e) {
      throw fail(e);
    }
    try {
      const width = run.out.collectNumbers !== undefined ? format.numberRowsWidth?.() : undefined;
      if (width !== undefined && typeof format.nextNumberRows === "function") await readNumberRows(format, run, bytesDone, width);
      else if (typeof format.nextBatch === "function") await readBatches(format, run, bytesDone);
      else await readRecords(format, run);
    } catch (e) {
      throw fail(e);
    } finally {
      await format.close();
    }
    if (typeof split["length"] === "number") bytesDone += split["length"];
    if (run.counts !== undefined) run.counts.bytesRead = bytesDone;
  }
}

async function readBatches(format: InputFormat<unknown>, run: SourceRun, bytesDone: number): Promise<void> {
  const splitBytes = run.counts !== undefined && typeof format.getSplitBytesRead === "function" ? () => format.getSplitBytesRead!() : undefined;
  while (!format.reachedEnd()) {
    let batch = format.nextBatch!(BATCH_SIZE);
    if (batch instanceof Promise) batch = await batch;
    pushSlice(run.out, batch, 0, batch.length);
    if (run.counts !== undefined) {
      run.counts.recordsIn += batch.length;
      if (splitBytes !== undefined) run.counts.bytesRead = bytesDone + splitBytes();
    }
    const d = run.drain();
    if (d !== undefined) await d;
  }
}

/**
 * Tuples of numbers as NumberRows, for a chain whose first operator takes them: one batch object,
 * refilled for every batch (the operator reads it during its call only).
 */
async function readNumberRows(format: InputFormat<unknown>, run: SourceRun, bytesDone: number, width: number): Promise<void> {
  const splitBytes = run.counts !== undefined && typeof format.getSplitBytesRead === "function" ? () => format.getSplitBytesRead!() : undefined;
  const rows = new NumberRows(width, BATCH_SIZE);
  while (!format.reachedEnd()) {
    const filled = format.nextNumberRows!(rows);
    if (filled instanceof Promise) await filled;
    if (rows.count > 0) run.out.collectNumbers!(0, rows);
    if (run.counts !== undefined) {
      run.counts.recordsIn += rows.count;
      if (splitBytes !== undefined) run.counts.bytesRead = bytesDone + splitBytes();
    }
    const d = run.drain();
    if (d !== undefined) await d;
  }
}

async function readRecords(format: InputFormat<unknown>, run: SourceRun): Promise<void> {
  let n = 0;
  while (!format.reachedEnd()) {
    let r = format.nextRecord();
    if (r instanceof Promise) r = await r;
    if (r === null || r === undefined) continue;
    run.out.collect(r);
    if (++n % BATCH_SIZE === 0) {
      if (run.counts !== undefined) run.counts.recordsIn += BATCH_SIZE;
      const d = run.drain();
      if (d !== undefined) await d;
    }
  }
  if (run.counts !== undefined) run.counts.recordsIn += n % BATCH_SIZE;
}

// The record loops live in small synchronous functions: V8 optimizes them as a whole, while a
// loop inside an async function falls back to the interpreter after every await.
function pushSlice(out: Operator, records: readonly unknown[], from: number, to: number): void {
  if (out.collectBatch !== undefined) out.collectBatch(0, records, from, to);
  else for (let i = from; i < to; i++) out.collect(records[i]);
}

function pushNumbers(out: Operator, from: number, to: number): void {
  for (let v = from; v < to; v++) out.collect(v);
}
