/**
 * The operators whose results are DataSet subclasses or hold DataSets (groupings, aggregations,
 * sorted partitions, joins, coGroups, crosses, iterations), as one table the ExecutionEnvironment
 * hands to each of its DataSets.
 *
 * Why a table: these modules import data-set.ts (their classes extend DataSet), so data-set.ts
 * cannot import them back without a module cycle. The environment, which sits above both, passes
 * them down instead: `ds.join(other)` calls `this.env.operators.join(...)`. Every import runs one way.
 */
import type { JoinHint, JoinType } from "../common/enums.js";
import type { KeyDefinition } from "../common/keys.js";
import { aggregateOp } from "./aggregate-data-set.js";
import { CoGroupOperatorSets } from "./binary/cogroup.js";
import { crossOf } from "./binary/cross.js";
import { JoinOperatorSets } from "./binary/join.js";
import type { DataSet } from "./data-set.js";
import { UnsortedGrouping } from "./grouping.js";
import { createDeltaIteration } from "./iteration/delta-iteration.js";
import { createIterativeDataSet } from "./iteration/iterative-data-set.js";
import { sortPartitionOf } from "./sort-partition-data-set.js";

/** @internal */
export const OPERATORS = {
  groupBy: <T>(input: DataSet<T>, key: KeyDefinition) => new UnsortedGrouping<T>(input, key),
  aggregate: aggregateOp,
  sortPartition: sortPartitionOf,
  join: <T, R, F1 = T, F2 = R>(first: DataSet<T>, second: DataSet<R>, joinType: JoinType, hint: JoinHint, sizeHint?: "tiny" | "huge") =>
    new JoinOperatorSets<T, R, F1, F2>(first, second, joinType, hint, sizeHint),
  coGroup: <T, R>(first: DataSet<T>, second: DataSet<R>) => new CoGroupOperatorSets<T, R>(first, second),
  cross: crossOf,
  iterate: createIterativeDataSet,
  iterateDelta: createDeltaIteration,
} as const;

/** The table's type, as DataSet sees it through its environment. @internal */
export type Operators = typeof OPERATORS;

