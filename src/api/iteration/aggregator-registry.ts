/** The aggregators and convergence criterion an iteration registers (shared by bulk and delta). */
import { checkAggregator, convergenceFunction, type Aggregator, type ConvergenceCriterion } from "../../common/aggregators.js";
import { InvalidProgramException } from "../../common/errors.js";
import type { BulkIterationNode, DeltaIterationNode } from "../../plan/logical.js";

/** Adds `aggregator` under `name` to the iteration node. */
export function registerAggregator(node: BulkIterationNode | DeltaIterationNode, name: string, aggregator: Aggregator<any>): void {
  const a = checkAggregator(aggregator, name, node.name);
  if (node.aggregators.has(name)) throw new InvalidProgramException(`${node.name}: an aggregator named '${name}' is already registered`);
  node.aggregators.set(name, a);
}

/** Adds the aggregator and judges its merged value after every superstep with `criterion`. */
export function registerConvergence<T>(
  node: BulkIterationNode | DeltaIterationNode, name: string, aggregator: Aggregator<T>, criterion: ConvergenceCriterion<T>,
): void {
  const fn = convergenceFunction(criterion, node.name);
  // As Flink's AggregatorRegistry: the aggregator already registered under this name may be
  // registered again with the criterion (AggregatorsITCase does); another one may not.
  if (node.aggregators.get(name) !== aggregator) registerAggregator(node, name, aggregator);
  node.convergence = { name, criterion: fn };
}

export function checkMaxIterations(maxIterations: number, what: string): void {
  if (!Number.isInteger(maxIterations) || maxIterations < 1) {
    throw new InvalidProgramException(
      `${what}: maxIterations must be a positive integer (the iteration runs at least one superstep), got ${String(maxIterations)}`,
    );
  }
}
