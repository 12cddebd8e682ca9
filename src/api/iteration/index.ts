/** Entry points of bulk and delta iterations (DataSet.iterate / DataSet.iterateDelta). */
import type { DataSet } from "../data-set.js";
import { createDeltaIteration, DeltaIteration } from "./delta-iteration.js";
import { createIterativeDataSet, type IterativeDataSet } from "./iterative-data-set.js";

export { DeltaIteration, type IterativeDataSet };

export function iterateOf<T>(input: DataSet<T>, maxIterations: number): IterativeDataSet<T> {
  return createIterativeDataSet(input, maxIterations);
}

export function iterateDeltaOf<T, W>(initial: DataSet<T>, workset: DataSet<W>, maxIterations: number, keys: (number | string)[]): DeltaIteration<T, W> {
  return createDeltaIteration(initial, workset, maxIterations, keys);
}
