/**
 * User function types in API.md's three forms (plain function, object with Flink's method name,
 * Rich class instance) and the Rich base classes.
 */
import type { Collector } from "./collector.js";
import type { Configuration } from "./configuration.js";
import type { RuntimeContext } from "./runtime-context.js";
import { InvalidProgramException } from "./errors.js";

/** Base of every Rich function: lifecycle plus the runtime context. */
export abstract class AbstractRichFunction {
  private runtimeContext: RuntimeContext | undefined;
  /** @internal called by the runtime before `open`. */
  setRuntimeContext(ctx: RuntimeContext): void {
    this.runtimeContext = ctx;
  }
  getRuntimeContext(): RuntimeContext {
    if (!this.runtimeContext)
      throw new InvalidProgramException("The runtime context is only available while the function runs (in open, the function methods and close).");
    return this.runtimeContext;
  }
  open(_parameters: Configuration): void {}
  close(): void {}
}

export type MapFunction<IN, OUT> = ((value: IN) => OUT) | { map(value: IN): OUT };
export type FlatMapFunction<IN, OUT> = ((value: IN, out: Collector<OUT>) => void) | { flatMap(value: IN, out: Collector<OUT>): void };
export type FilterFunction<T> = ((value: T) => boolean) | { filter(value: T): boolean };
export type MapPartitionFunction<IN, OUT> =
  ((values: Iterable<IN>, out: Collector<OUT>) => void) | { mapPartition(values: Iterable<IN>, out: Collector<OUT>): void };
export type ReduceFunction<T> = ((a: T, b: T) => T) | { reduce(a: T, b: T): T };
export type GroupReduceFunction<IN, OUT> =
  | ((values: Iterable<IN>, out: Collector<OUT>) => void)
  | { reduce(values: Iterable<IN>, out: Collector<OUT>): void; combine?(values: Iterable<IN>, out: Collector<IN>): void };
export type GroupCombineFunction<IN, OUT> =
  ((values: Iterable<IN>, out: Collector<OUT>) => void) | { combine(values: Iterable<IN>, out: Collector<OUT>): void };
export type JoinFunction<A, B, OUT> = ((first: A, second: B) => OUT) | { join(first: A, second: B): OUT };
export type FlatJoinFunction<A, B, OUT> = ((first: A, second: B, out: Collector<OUT>) => void) | { join(first: A, second: B, out: Collector<OUT>): void };
export type CoGroupFunction<A, B, OUT> =
  ((first: Iterable<A>, second: Iterable<B>, out: Collector<OUT>) => void) | { coGroup(first: Iterable<A>, second: Iterable<B>, out: Collector<OUT>): void };
export type CrossFunction<A, B, OUT> = ((first: A, second: B) => OUT) | { cross(first: A, second: B): OUT };
export type KeySelector<T, K> = ((value: T) => K) | { getKey(value: T): K };
export type Partitioner<K> = ((key: K, numPartitions: number) => number) | { partition(key: K, numPartitions: number): number };
export type TextFormatter<T> = ((value: T) => string) | { format(value: T): string };

export abstract class RichMapFunction<IN, OUT> extends AbstractRichFunction {
  abstract map(value: IN): OUT;
}
export abstract class RichFlatMapFunction<IN, OUT> extends AbstractRichFunction {
  abstract flatMap(value: IN, out: Collector<OUT>): void;
}
export abstract class RichFilterFunction<T> extends AbstractRichFunction {
  abstract filter(value: T): boolean;
}
export abstract class RichMapPartitionFunction<IN, OUT> extends AbstractRichFunction {
  abstract mapPartition(values: Iterable<IN>, out: Collector<OUT>): void;
}
export abstract class RichReduceFunction<T> extends AbstractRichFunction {
  abstract reduce(a: T, b: T): T;
}
export abstract class RichGroupReduceFunction<IN, OUT> extends AbstractRichFunction {
  abstract reduce(values: Iterable<IN>, out: Collector<OUT>): void;
}
export abstract class RichGroupCombineFunction<IN, OUT> extends AbstractRichFunction {
  abstract combine(values: Iterable<IN>, out: Collector<OUT>): void;
}
export abstract class RichJoinFunction<A, B, OUT> extends AbstractRichFunction {
  abstract join(first: A, second: B): OUT;
}
export abstract class RichFlatJoinFunction<A, B, OUT> extends AbstractRichFunction {
  abstract join(first: A, second: B, out: Collector<OUT>): void;
}
export abstract class RichCoGroupFunction<A, B, OUT> extends AbstractRichFunction {
  abstract coGroup(first: Iterable<A>, second: Iterable<B>, out: Collector<OUT>): void;
}
export abstract class RichCrossFunction<A, B, OUT> extends AbstractRichFunction {
  abstract cross(first: A, second: B): OUT;
}
