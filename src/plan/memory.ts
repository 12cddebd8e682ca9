/**
 * Which operators hold records, and how many record holders each has (Flink's DriverStrategy
 * "dams" and the sorters its local strategies add). A node's memory fraction (optimizer
 * passes/memory.ts) is split equally among its holders: the sort buffer of each input with a local
 * SORT, then its driver's own table or buffer.
 */
import type { DriverStrategy, PhysicalNode } from "./physical.js";

/**
 * Whether a driver holds records beyond the one in hand: hash tables, groups, combiners, the held
 * input of a merge join, coGroup or cross, a whole partition (mapPartition), the solution set.
 */
export const HOLDS_RECORDS = {
  SOURCE: false, SINK: false, MAP: false, FLAT_MAP: false, FILTER: false, PROJECT: false, UNARY_NO_OP: false,
  SORT_PARTITION: false,
  MAP_PARTITION: true,
  HASHED_PARTIAL_REDUCE: true, HASH_REDUCE: true, HASHED_PARTIAL_SUM: true, HASH_SUM_REDUCE: true,
  HASHED_PARTIAL_MIN_MAX: true, HASH_MIN_MAX_REDUCE: true, HASHED_PARTIAL_DISTINCT: true, HASH_DISTINCT: true, ALL_REDUCE: false,
  HASH_GROUP_REDUCE: true, SORTED_GROUP_REDUCE: true, ALL_GROUP_REDUCE: true,
  HASH_GROUP_COMBINE: true, SORTED_GROUP_COMBINE: true, ALL_GROUP_COMBINE: true,
  HYBRIDHASH_BUILD_FIRST: true, HYBRIDHASH_BUILD_SECOND: true,
  INNER_MERGE: true, LEFT_OUTER_MERGE: true, RIGHT_OUTER_MERGE: true, FULL_OUTER_MERGE: true,
  LEFT_HYBRIDHASH_BUILD_FIRST: true, LEFT_HYBRIDHASH_BUILD_SECOND: true,
  RIGHT_HYBRIDHASH_BUILD_FIRST: true, RIGHT_HYBRIDHASH_BUILD_SECOND: true,
  FULL_OUTER_HYBRIDHASH_BUILD_FIRST: true, FULL_OUTER_HYBRIDHASH_BUILD_SECOND: true,
  CO_GROUP: true, HASH_CO_GROUP: true,
  NESTEDLOOP_BLOCKED_OUTER_FIRST: true, NESTEDLOOP_BLOCKED_OUTER_SECOND: true,
  BULK_ITERATION: true, DELTA_ITERATION: true,
  PARTIAL_SOLUTION: false, WORKSET: false, SOLUTION_SET: false, STATIC_INPUT: false,
  NEXT_PARTIAL_SOLUTION: true, TERMINATION_CRITERION: false, NEXT_WORKSET: true, SOLUTION_SET_DELTA: true,
  JOIN_WITH_SOLUTION_SET_FIRST: false, JOIN_WITH_SOLUTION_SET_SECOND: false,
  CO_GROUP_WITH_SOLUTION_SET_FIRST: true, CO_GROUP_WITH_SOLUTION_SET_SECOND: true,
} as const satisfies Record<DriverStrategy, boolean>;

/** Share of the budget the buffered exchanges get together; operators share the rest by fraction. */
export const EXCHANGE_SHARE = 0.3;

/** The record holders of `node`: one sorter per input with a local SORT, plus its driver's own. */
export function memoryHolders(node: PhysicalNode): number {
  let n = HOLDS_RECORDS[node.driver] ? 1 : 0;
  for (const gate of node.inputs) if (gate.channels[0]?.local === "SORT") n++;
  return n;
}
