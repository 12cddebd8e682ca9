/** Operators for two-input driver strategies (joins, coGroup, cross). */
import { InternalError } from "../../common/errors.js";
import type { DriverStrategy } from "../../plan/physical.js";
import { CoGroupOperator } from "./cogroup/cogroup-driver.js";
import { NestedLoopCrossOperator } from "./cross/nested-loop-driver.js";
import { HashJoinOperator } from "./join/hash-join-driver.js";
import { MergeJoinOperator } from "./join/merge-join-driver.js";
import type { Operator, OperatorContext } from "./operator.js";

export function createBinaryOperator(driver: DriverStrategy, ctx: OperatorContext, out: Operator): Operator {
  switch (driver) {
    case "HYBRIDHASH_BUILD_FIRST":
    case "LEFT_HYBRIDHASH_BUILD_FIRST":
    case "RIGHT_HYBRIDHASH_BUILD_FIRST":
    case "FULL_OUTER_HYBRIDHASH_BUILD_FIRST":
      return new HashJoinOperator(ctx, out, 0);
    case "HYBRIDHASH_BUILD_SECOND":
    case "LEFT_HYBRIDHASH_BUILD_SECOND":
    case "RIGHT_HYBRIDHASH_BUILD_SECOND":
    case "FULL_OUTER_HYBRIDHASH_BUILD_SECOND":
      return new HashJoinOperator(ctx, out, 1);
    case "INNER_MERGE":
    case "LEFT_OUTER_MERGE":
    case "RIGHT_OUTER_MERGE":
    case "FULL_OUTER_MERGE":
      return new MergeJoinOperator(ctx, out);
    case "CO_GROUP":
      return new CoGroupOperator(ctx, out);
    case "NESTEDLOOP_BLOCKED_OUTER_FIRST":
      return new NestedLoopCrossOperator(ctx, out, 0);
    case "NESTEDLOOP_BLOCKED_OUTER_SECOND":
      return new NestedLoopCrossOperator(ctx, out, 1);
    default:
      throw new InternalError(`${ctx.node.name}: no operator for driver ${driver}`);
  }
}
