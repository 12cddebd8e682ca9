/** The two-input operators (join, outer joins, coGroup, cross). */

export { JoinOperatorSets, JoinOperatorSetsPredicate, JoinOperator, DefaultJoin, ProjectJoin, allowedJoinHints } from "./join.js";
export { CoGroupOperatorSets, CoGroupOperatorSetsPredicate, CoGroupOperatorWithoutFunction, CoGroupOperator, type CoGroupFunctionArg } from "./cogroup.js";
export { CrossOperator, DefaultCross, ProjectCross, crossOf } from "./cross.js";
export { TwoInputOperator } from "./two-input.js";

