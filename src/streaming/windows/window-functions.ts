/**
 * Function types of windowed streams (Flink's AggregateFunction, ProcessWindowFunction,
 * WindowFunction and the windowed coGroup/join functions). Each may be a plain function, an
 * object with the Flink method name, or a Rich class instance.
 */
import type { Collector } from "../../common/collector.js";
import { AbstractRichFunction } from "../../common/functions.js";
import type { OutputTag } from "../output-tag.js";
import type { TimeWindow } from "../time/time-window.js";

/** Incremental aggregation: one accumulator per key and window. */
export interface AggregateFunction<IN, ACC, OUT> {
  createAccumulator(): ACC;
  /** Adds a value; returns the new accumulator (may be the same object, mutated). */
  add(value: IN, accumulator: ACC): ACC;
  getResult(accumulator: ACC): OUT;
  /** Merges two accumulators (session windows merge). */
  merge(a: ACC, b: ACC): ACC;
}

/** What a ProcessWindowFunction sees of the window being emitted. */
export interface ProcessWindowContext {
  window(): TimeWindow;
  currentWatermark(): number;
  currentProcessingTime(): number;
  /** Emits to a side output (with the window's max timestamp). */
  output<X>(tag: OutputTag<X>, value: X): void;
}

export type ProcessWindowFunctionLike<IN, OUT, K> =
  | ((key: K, context: ProcessWindowContext, elements: IN[], out: Collector<OUT>) => void)
  | { process(key: K, context: ProcessWindowContext, elements: IN[], out: Collector<OUT>): void };

/** Flink's ProcessWindowFunction as a Rich base class. */
export abstract class ProcessWindowFunction<IN, OUT, K> extends AbstractRichFunction {
  abstract process(key: K, context: ProcessWindowContext, elements: IN[], out: Collector<OUT>): void;
}

export type WindowFunction<IN, OUT, K> =
  | ((key: K, window: TimeWindow, input: IN[], out: Collector<OUT>) => void)
  | { apply(key: K, window: TimeWindow, input: IN[], out: Collector<OUT>): void };

/** Flink's RichWindowFunction. */
export abstract class RichWindowFunction<IN, OUT, K> extends AbstractRichFunction {
  abstract apply(key: K, window: TimeWindow, input: IN[], out: Collector<OUT>): void;
}

/** The function of a windowed coGroup: both sides of one key and window, as arrays. */
export type WindowCoGroupFunction<A, B, OUT> =
  | ((first: A[], second: B[], out: Collector<OUT>) => void)
  | { coGroup(first: A[], second: B[], out: Collector<OUT>): void };

/** The function of a windowed join: a JoinFunction, or (three parameters) a FlatJoinFunction. */
export type WindowJoinFunction<A, B, OUT> =
  | ((first: A, second: B) => OUT)
  | ((first: A, second: B, out: Collector<OUT>) => void)
  | { join(first: A, second: B): OUT }
  | { join(first: A, second: B, out: Collector<OUT>): void };
