/** Sort order of a key field, as Flink's `Order`. */
export enum Order {
  ASCENDING = "ASCENDING",
  DESCENDING = "DESCENDING",
}

/** Built-in aggregations for `aggregate(...)`. */
export enum Aggregations {
  SUM = "SUM",
  MIN = "MIN",
  MAX = "MAX",
}

/** What a file sink does with an existing path. */
export enum WriteMode {
  NO_OVERWRITE = "NO_OVERWRITE",
  OVERWRITE = "OVERWRITE",
}

/** Join execution strategy hints (Flink's JoinOperatorBase.JoinHint). */
export enum JoinHint {
  OPTIMIZER_CHOOSES = "OPTIMIZER_CHOOSES",
  BROADCAST_HASH_FIRST = "BROADCAST_HASH_FIRST",
  BROADCAST_HASH_SECOND = "BROADCAST_HASH_SECOND",
  REPARTITION_HASH_FIRST = "REPARTITION_HASH_FIRST",
  REPARTITION_HASH_SECOND = "REPARTITION_HASH_SECOND",
  REPARTITION_SORT_MERGE = "REPARTITION_SORT_MERGE",
}

/** Kinds of join. */
export enum JoinType {
  INNER = "INNER",
  LEFT_OUTER = "LEFT_OUTER",
  RIGHT_OUTER = "RIGHT_OUTER",
  FULL_OUTER = "FULL_OUTER",
}
