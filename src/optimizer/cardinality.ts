/**
 * Cardinality estimates for the cost model (strategies/binary.ts costs join candidates with
 * them). Per driver strategy, how its output size follows from its input: "input" when it emits
 * at most what it reads (the input's estimate passes through), "own" when only the estimate the
 * strategy put on the node counts (else unknown). One entry per DRIVERS key: a new strategy does
 * not compile until the optimizer says how to estimate it.
 */
import type { DriverStrategy, PhysicalNode } from "../plan/physical.js";

export const OUTPUT_ESTIMATE = {
  SOURCE: "own",
  SINK: "own",
  MAP: "input",
  FLAT_MAP: "own",
  FILTER: "input",
  PROJECT: "input",
  MAP_PARTITION: "own",
  UNARY_NO_OP: "input",
  SORT_PARTITION: "input",
  HASHED_PARTIAL_REDUCE: "own",
  HASH_REDUCE: "own",
  HASHED_PARTIAL_SUM: "own",
  HASH_SUM_REDUCE: "own",
  HASHED_PARTIAL_MIN_MAX: "own",
  HASH_MIN_MAX_REDUCE: "own",
  HASHED_PARTIAL_DISTINCT: "own",
  HASH_DISTINCT: "own",
  ALL_REDUCE: "own",
  HASH_GROUP_REDUCE: "own",
  SORTED_GROUP_REDUCE: "own",
  ALL_GROUP_REDUCE: "own",
  HASH_GROUP_COMBINE: "own",
  SORTED_GROUP_COMBINE: "own",
  ALL_GROUP_COMBINE: "own",
  HYBRIDHASH_BUILD_FIRST: "own",
  HYBRIDHASH_BUILD_SECOND: "own",
  INNER_MERGE: "own",
  LEFT_OUTER_MERGE: "own",
  RIGHT_OUTER_MERGE: "own",
  FULL_OUTER_MERGE: "own",
  LEFT_HYBRIDHASH_BUILD_FIRST: "own",
  LEFT_HYBRIDHASH_BUILD_SECOND: "own",
  RIGHT_HYBRIDHASH_BUILD_FIRST: "own",
  RIGHT_HYBRIDHASH_BUILD_SECOND: "own",
  FULL_OUTER_HYBRIDHASH_BUILD_FIRST: "own",
  FULL_OUTER_HYBRIDHASH_BUILD_SECOND: "own",
  CO_GROUP: "own",
  HASH_CO_GROUP: "own",
  NESTEDLOOP_BLOCKED_OUTER_FIRST: "own",
  NESTEDLOOP_BLOCKED_OUTER_SECOND: "own",
  BULK_ITERATION: "own",
  DELTA_ITERATION: "own",
  PARTIAL_SOLUTION: "own",
  WORKSET: "own",
  SOLUTION_SET: "own",
  STATIC_INPUT: "own",
  NEXT_PARTIAL_SOLUTION: "own",
  TERMINATION_CRITERION: "own",
  NEXT_WORKSET: "own",
  SOLUTION_SET_DELTA: "own",
  JOIN_WITH_SOLUTION_SET_FIRST: "own",
  JOIN_WITH_SOLUTION_SET_SECOND: "own",
  CO_GROUP_WITH_SOLUTION_SET_FIRST: "own",
  CO_GROUP_WITH_SOLUTION_SET_SECOND: "own",
} as const satisfies Record<DriverStrategy, "input" | "own">;

/** Estimated output records of a node, if the estimates reach it. */
export function estimateOf(n: PhysicalNode): number | undefined {
  if (n.estimatedRecords !== undefined) return n.estimatedRecords;
  if (OUTPUT_ESTIMATE[n.driver] !== "input" || n.inputs.length !== 1) return undefined;
  let total = 0;
  for (const c of n.inputs[0]!.channels) {
    const e = estimateOf(c.source);
    if (e === undefined) return undefined;
    total += e;
  }
  return total;
}
