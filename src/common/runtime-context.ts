import type { Accumulator } from "./accumulators.js";
import type { IntCounter, LongCounter } from "./accumulators.js";

/** What a Rich function sees of its parallel instance (Flink's RuntimeContext). */
export interface RuntimeContext {
  getIndexOfThisSubtask(): number;
  getNumberOfParallelSubtasks(): number;
  getTaskName(): string;
  getBroadcastVariable<T = unknown>(name: string): T[];
  addAccumulator<V, R>(name: string, accumulator: Accumulator<V, R>): void;
  getAccumulator<V, R>(name: string): Accumulator<V, R> | undefined;
  getIntCounter(name: string): IntCounter;
  getLongCounter(name: string): LongCounter;
  /** Inside iterations: the current superstep, starting at 1. */
  getSuperstepNumber(): number;
  /** Inside iterations: the aggregator registered under `name`, for this superstep. */
  getIterationAggregator<A = unknown>(name: string): A;
  /** Inside iterations: what the aggregator `name` returned after the previous superstep. */
  getPreviousIterationAggregate<V = unknown>(name: string): V;
}
