/** What a finished job reports besides accumulators: records per channel, what each iteration did. */

/** Records moved through one channel (JobExecutionResult.getChannelMetrics()). */
export interface ChannelMetric {
  readonly source: string;
  readonly target: string;
  readonly ship: string;
  readonly records: number;
  /** The id of the source operator in the plan (plan JSON's node id), telling apart same-named sources. */
  readonly sourceId?: number;
}

/** What an iteration reports about its run (JobExecutionResult.getIterationStats()). */
export interface IterationStats {
  /** The iteration's name (as given with `.name(...)`). */
  readonly name: string;
  readonly kind: "bulk" | "delta";
  /** Supersteps run. */
  readonly supersteps: number;
  readonly terminatedBy: "maxIterations" | "terminationCriterion" | "emptyWorkset" | "convergence";
  /**
   * Per superstep: records the step processed on its dynamic path, i.e. the partial solution or
   * workset fed in plus every record sent through a channel of the step function that does not
   * come straight from a static input.
   */
  readonly recordsPerSuperstep: readonly number[];
  /** Per superstep: the size of the partial solution (bulk) or workset (delta) fed in. */
  readonly inputPerSuperstep: readonly number[];
  /** Per superstep: records of static inputs fed again (0 where an operator keeps them, e.g. as a hash table). */
  readonly staticRecordsPerSuperstep: readonly number[];
  /** The sum of recordsPerSuperstep. */
  readonly totalRecords: number;
}
