/** Entry points of the two-input operators (join, outer joins, coGroup, cross), called by DataSet. */
import type { JoinHint, JoinType } from "../../common/enums.js";
import type { DataSet } from "../data-set.js";
import { CoGroupOperatorSets } from "./cogroup.js";
import { JoinOperatorSets } from "./join.js";

export { JoinOperatorSets, JoinOperatorSetsPredicate, JoinOperator, DefaultJoin, ProjectJoin, allowedJoinHints } from "./join.js";
export { CoGroupOperatorSets, CoGroupOperatorSetsPredicate, CoGroupOperatorWithoutFunction, CoGroupOperator, type CoGroupFunctionArg } from "./cogroup.js";
export { CrossOperator, DefaultCross, ProjectCross, crossOf } from "./cross.js";
export { TwoInputOperator } from "./two-input.js";

/** `a.join(b)` and the outer joins: keys next, with `.where(...)`. */
export function joinSets<T, R>(first: DataSet<T>, second: DataSet<R>, joinType: JoinType, hint: JoinHint, sizeHint?: "tiny" | "huge"): JoinOperatorSets<T, R> {
  return new JoinOperatorSets(first, second, joinType, hint, sizeHint);
}

/** `a.coGroup(b)`: keys next, with `.where(...)`. */
export function coGroupSets<T, R>(first: DataSet<T>, second: DataSet<R>): CoGroupOperatorSets<T, R> {
  return new CoGroupOperatorSets(first, second);
}
