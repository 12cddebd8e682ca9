/**
 * The drivers that end a step function: gather the next partial solution or next workset,
 * count the termination criterion, and merge the solution set delta into the solution set index
 * at once (updates are visible within the superstep, Flink's default).
 */
import { copyRecord } from "../../common/copy.js";
import { InternalError } from "../../common/errors.js";
import type { DriverStrategy } from "../../plan/physical.js";
import { BaseOperator, type Operator, type OperatorContext } from "../drivers/operator.js";
import { END_OF_CHAIN } from "../drivers/sink-drivers.js";
import { hooksOf } from "./hooks.js";
import type { SolutionSetIndex } from "./solution-set.js";
import { SolutionSetCoGroupOperator, SolutionSetJoinOperator } from "./solution-set-drivers.js";

/** The operators of the iteration's own driver strategies. */
export function createIterationOperator(driver: DriverStrategy, ctx: OperatorContext, out: Operator): Operator {
  switch (driver) {
    case "NEXT_PARTIAL_SOLUTION":
    case "NEXT_WORKSET": return new GatherOperator(ctx);
    case "TERMINATION_CRITERION": return new CriterionOperator(ctx);
    case "SOLUTION_SET_DELTA": return new SolutionSetDeltaOperator(ctx);
    case "JOIN_WITH_SOLUTION_SET_FIRST": return new SolutionSetJoinOperator(ctx, out, true);
    case "JOIN_WITH_SOLUTION_SET_SECOND": return new SolutionSetJoinOperator(ctx, out, false);
    case "CO_GROUP_WITH_SOLUTION_SET_FIRST": return new SolutionSetCoGroupOperator(ctx, out, true);
    case "CO_GROUP_WITH_SOLUTION_SET_SECOND": return new SolutionSetCoGroupOperator(ctx, out, false);
    default: throw new InternalError(`${ctx.node.name}: ${driver} is not an iteration driver`);
  }
}

class GatherOperator extends BaseOperator {
  private readonly target: unknown[];
  private readonly copyIn: boolean;
  constructor(ctx: OperatorContext) {
    super(ctx, END_OF_CHAIN);
    this.target = hooksOf(ctx).io.gather(ctx.subtask);
    this.copyIn = !ctx.inputOwned;
  }
  collect(record: any): void {
    this.target.push(this.copyIn ? copyRecord(record) : record);
  }
}

class CriterionOperator extends BaseOperator {
  private count = 0;
  constructor(ctx: OperatorContext) {
    super(ctx, END_OF_CHAIN);
  }
  collect(): void {
    this.count++;
  }
  override finish(): void {
    hooksOf(this.ctx).io.countCriterion(this.count);
  }
}

class SolutionSetDeltaOperator extends BaseOperator {
  private readonly index: SolutionSetIndex;
  private readonly copyIn: boolean;
  constructor(ctx: OperatorContext) {
    super(ctx, END_OF_CHAIN);
    this.index = hooksOf(ctx).io.solutionSet(ctx.subtask);
    this.copyIn = !ctx.inputOwned;
  }
  collect(record: any): void {
    try {
      this.index.upsert(this.copyIn ? copyRecord(record) : record);
    } catch (e) {
      throw this.fail(e);
    }
  }
}
