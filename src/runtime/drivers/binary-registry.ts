/** Operators for two-input driver strategies (joins, coGroup, cross). */
import { InternalError } from "../../common/errors.js";
import type { DriverStrategy } from "../../plan/physical.js";
import type { Operator, OperatorContext } from "./operator.js";

export function createBinaryOperator(driver: DriverStrategy, ctx: OperatorContext, _out: Operator): Operator {
  throw new InternalError(`${ctx.node.name}: no operator for driver ${driver}`);
}
