/**
 * The drivers that end a step function: gather the next partial solution or next workset,
 * count the termination criterion, and merge the solution set delta into the solution set index
 * at once (updates are visible within the superstep, Flink's default).
 */
import { copyRecord } from "../../common/copy.js";
import { BaseOperator, type OperatorContext } from "../drivers/operator.js";
import { END_OF_CHAIN } from "../drivers/sink-drivers.js";
import { hooksOf } from "./hooks.js";
import type { SolutionSetIndex } from "./solution-set.js";

/** NEXT_PARTIAL_SOLUTION / NEXT_WORKSET: gathers what the next superstep reads. */
export class GatherOperator extends BaseOperator {
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

export class CriterionOperator extends BaseOperator {
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

export class SolutionSetDeltaOperator extends BaseOperator {
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
