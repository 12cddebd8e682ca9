/**
 * The push-based operator every driver implements (after Flink's Driver lifecycle: setup via the
 * constructor, open, run as records arrive, finish, close). Records arrive through `collect`
 * (first input) and `collectSecond` (second input); `endInput(i)` says an input is exhausted;
 * `finish()` runs after all inputs ended: a dam driver emits there, then finishes downstream.
 * Chained operators are each other's collectors, so records pass along without channels.
 */
import type { Collector } from "../../common/collector.js";
import { InternalError, TaskFailure } from "../../common/errors.js";
import type { Configuration } from "../../common/configuration.js";
import type { LogicalNode } from "../../plan/logical.js";
import type { PhysicalNode } from "../../plan/physical.js";
import type { RuntimeContextImpl } from "../../common/runtime-context-impl.js";
import type { UdfInstance, UdfSpec } from "../../common/udf.js";
import type { IterationHooks } from "../iteration/hooks.js";
import { holderMemory, type HolderMemory, type JobMemory } from "../memory/job-memory.js";
import { isNumberRows, type NumberRows } from "../../common/number-rows.js";

export interface Operator<IN = any> extends Collector<IN> {
  open(): void;
  /** Async part of opening (output formats), awaited before records flow. */
  openAsync?(): Promise<void>;
  collectSecond?(record: any): void;
  /** For two-input drivers: which input to read completely first (the build side), if any. */
  readonly firstInputToRead?: 0 | 1;
  /**
   * Optional: records[from, to) of input `input` at once, in order (else each comes through
   * collect/collectSecond; `pushBatch` picks). A driver looping over the batch itself runs its
   * hot path as one monomorphic loop instead of a call per record through the chain's adapters.
   */
  collectBatch?(input: 0 | 1, records: readonly any[], from: number, to: number): void;
  /**
   * Optional: rows of number tuples of input `input` (a typed source's batch, common/number-rows.ts),
   * read during the call only. An operator takes them when it can use the numbers where they lie;
   * to any other, `pushRows` hands the rows as records (fresh arrays).
   */
  collectNumbers?(input: 0 | 1, rows: NumberRows): void;
  endInput?(input: 0 | 1): void;
  finish(): Promise<void> | void;
  close(): void;
}

/** Pushes records[from, to) into input `input` of `op`: as a batch when it takes one, else one by one. */
export function pushBatch(op: Operator, input: 0 | 1, records: readonly any[], from: number, to: number): void {
  if (op.collectBatch !== undefined) op.collectBatch(input, records, from, to);
  else if (input === 0) for (let i = from; i < to; i++) op.collect(records[i]);
  else for (let i = from; i < to; i++) op.collectSecond!(records[i]);
}

/** Pushes the rows into input `input` of `op`: as numbers when it takes them, else as fresh records. */
export function pushRows(op: Operator, input: 0 | 1, rows: NumberRows): void {
  if (op.collectNumbers !== undefined) op.collectNumbers(input, rows);
  else {
    const records = rows.records();
    pushBatch(op, input, records, 0, records.length);
  }
}

/** Pushes a batch of an exchange (records, or NumberRows) into input `input` of `op`. */
export function pushAny(op: Operator, input: 0 | 1, batch: readonly any[] | NumberRows): void {
  if (isNumberRows(batch)) pushRows(op, input, batch);
  else pushBatch(op, input, batch, 0, batch.length);
}

/**
 * What every driver gets when it is set up for one subtask. `L` is the logical node the driver
 * runs (the registry narrows it once, checked, from the driver's DriverSpec `runs`).
 */
export interface OperatorContext<L extends LogicalNode = LogicalNode> {
  readonly node: PhysicalNode & { readonly logical: L };
  readonly subtask: number;
  readonly parallelism: number;
  readonly runtimeContext: RuntimeContextImpl;
  readonly parameters: Configuration;
  /** Whether incoming records are owned (safe to keep or mutate without copying). */
  readonly inputOwned: boolean;
  readonly objectReuse: boolean;
  /** Registers work the task must await between batches (async sinks). */
  readonly registerAsync: (drain: () => Promise<void>) => void;
  /** Inside an iteration's step function: superstep, state kept across supersteps (see hooks.ts). */
  readonly iteration?: IterationHooks;
  /** The job's memory: this node's share of it and where to spill (see holderOf). */
  readonly memory: JobMemory;
}

/** The memory of one record holder of the operator (its share of the job's budget, its spill space). */
export function holderOf(ctx: OperatorContext): HolderMemory {
  return holderMemory(ctx.memory, ctx.node);
}

/** Base with the error wrapping and UDF lifecycle most drivers share. */
export abstract class BaseOperator<IN = any, OUT = any, L extends LogicalNode = LogicalNode> implements Operator<IN> {
  constructor(
    protected readonly ctx: OperatorContext<L>,
    protected readonly out: Operator<OUT>,
    protected readonly udf?: UdfInstance,
  ) {}

  abstract collect(record: IN): void;

  open(): void {
    if (this.udf) {
      try {
        this.udf.open(this.ctx.runtimeContext, this.ctx.parameters);
      } catch (e) {
        throw this.fail(e);
      }
    }
  }
  finish(): Promise<void> | void {
    return this.out.finish();
  }
  close(): void {
    if (this.udf) {
      try {
        this.udf.close();
      } catch (e) {
        throw this.fail(e);
      }
    }
  }

  /** Wraps what user code threw with this operator's name and subtask (once). */
  protected fail(e: unknown): unknown {
    if (e instanceof TaskFailure) return e;
    return new TaskFailure(this.ctx.node.name, this.ctx.subtask, this.ctx.parallelism, e);
  }
}

/** A collector that forwards to an operator, for handing `out` to collector-style functions. */
export function collectorOf<T>(op: Operator<T>): Collector<T> {
  return { collect: (r: T) => op.collect(r) };
}

/** The user function a node runs: its combiner function for combiner nodes, else the logical one. */
export function nodeUdf(node: PhysicalNode): UdfSpec {
  if (node.combineUdf) return node.combineUdf;
  const udf = "udf" in node.logical ? node.logical.udf : undefined;
  if (!udf) throw new InternalError(`${node.name}: the ${node.driver} driver needs a user function`);
  return udf;
}
