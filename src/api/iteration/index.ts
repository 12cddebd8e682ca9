/** Bulk and delta iterations (DataSet.iterate / DataSet.iterateDelta). */
export { DeltaIteration } from "./delta-iteration.js";
export { IterativeDataSet } from "./iterative-data-set.js";
