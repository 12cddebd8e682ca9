/**
 * Iteration aggregators (Flink's org.apache.flink.api.common.aggregators): every subtask
 * aggregates into its own instance during a superstep; afterwards the iteration merges them by
 * feeding each subtask's `getAggregate()` into a fresh instance's `aggregate(...)`, as Flink's
 * synchronization task does. The merged value is what `getPreviousIterationAggregate(name)`
 * returns in the next superstep and what a convergence criterion judges.
 * @example
 * const it = initial.iterate(100).registerAggregator("changed", new LongSumAggregator());
 * // in a Rich function: this.getRuntimeContext().getIterationAggregator<LongSumAggregator>("changed").aggregate(1);
 */
import { InvalidProgramException } from "./errors.js";

/** Aggregates values of one superstep. */
export interface Aggregator<T = unknown> {
  aggregate(value: T): void;
  getAggregate(): T;
  reset(): void;
}

/** Decides after a superstep, from an aggregator's merged value, whether the iteration is done. */
export type ConvergenceCriterion<T = unknown> =
  | ((superstep: number, value: T) => boolean)
  | { isConverged(superstep: number, value: T): boolean };

/** Sums integers (Flink's LongSumAggregator); fractions are truncated. */
export class LongSumAggregator implements Aggregator<number> {
  private sum = 0;
  aggregate(value: number): void {
    this.sum += Math.trunc(value);
  }
  getAggregate(): number {
    return this.sum;
  }
  reset(): void {
    this.sum = 0;
  }
}

/** Sums doubles (Flink's DoubleSumAggregator). */
export class DoubleSumAggregator implements Aggregator<number> {
  private sum = 0;
  aggregate(value: number): void {
    this.sum += value;
  }
  getAggregate(): number {
    return this.sum;
  }
  reset(): void {
    this.sum = 0;
  }
}

/** Definition-time check of an aggregator. @internal */
export function checkAggregator(aggregator: unknown, name: string, where: string): Aggregator {
  if (typeof name !== "string" || name.length === 0) throw new InvalidProgramException(`${where}: an aggregator needs a non-empty name`);
  const a = aggregator as Partial<Aggregator> | null;
  if (a === null || typeof a !== "object" || typeof a.aggregate !== "function" || typeof a.getAggregate !== "function" || typeof a.reset !== "function") {
    throw new InvalidProgramException(`${where}: aggregator '${name}' must have aggregate(value), getAggregate() and reset() methods`);
  }
  return a as Aggregator;
}

/** Definition-time check of a convergence criterion; returns it as a function. @internal */
export function convergenceFunction<T>(criterion: ConvergenceCriterion<T>, where: string): (superstep: number, value: T) => boolean {
  if (typeof criterion === "function") return criterion;
  if (criterion !== null && typeof criterion === "object" && typeof criterion.isConverged === "function") {
    return (superstep, value) => criterion.isConverged(superstep, value);
  }
  throw new InvalidProgramException(
    `${where}: a convergence criterion is a function (superstep, value) => boolean or an object with isConverged(superstep, value)`,
  );
}
