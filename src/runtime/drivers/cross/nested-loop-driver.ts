/**
 * Cross (Flink's NESTEDLOOP_BLOCKED_OUTER_FIRST / _SECOND): the blocked side (the broadcast one)
 * is read completely and held; every record of the other side then streams past it and is
 * paired with each held record. One algorithm, the held side a parameter; the function always
 * sees (first, second).
 */
import { instantiateUdf } from "../../../common/udf.js";
import type { CrossNode } from "../../../plan/logical.js";
import { BaseOperator, holderOf, type Operator, type OperatorContext } from "../operator.js";
import { memoryExhausted, type HolderMemory } from "../../memory/job-memory.js";
import { RecordSizeEstimator } from "../../memory/size-estimator.js";
import { emitAgainst, heldFirst, pairEmitter, sharingPolicy, type PairEmitter, type SharingPolicy } from "../join/pair-function.js";

export class NestedLoopCrossOperator extends BaseOperator<any, any, CrossNode> {
  readonly firstInputToRead: 0 | 1;
  private block: any[] = [];
  private readonly size = new RecordSizeEstimator();
  private readonly memory: HolderMemory;
  private readonly emit: PairEmitter;
  private readonly policy: SharingPolicy;

  constructor(ctx: OperatorContext<CrossNode>, out: Operator, private readonly held: 0 | 1) {
    const node = ctx.node.logical;
    const udf = instantiateUdf(node.udf);
    super(ctx, out, udf);
    this.firstInputToRead = held;
    this.emit = heldFirst(pairEmitter(udf, false, out), held);
    this.policy = sharingPolicy(ctx);
    this.memory = holderOf(ctx);
  }

  collect(record: any): void {
    if (this.held === 0) this.hold(record);
    else this.stream(record);
  }
  collectSecond(record: any): void {
    if (this.held === 1) this.hold(record);
    else this.stream(record);
  }

  /** The blocked side is held whole (every streamed record meets all of it): past the job's budget the job fails. */
  private hold(record: any): void {
    this.block.push(record);
    if (this.size.add(record) > this.memory.budgetBytes) {
      throw this.fail(memoryExhausted(this.memory, "the blocked (broadcast) side of the cross", this.size.bytes));
    }
  }

  private stream(record: any): void {
    try {
      emitAgainst(this.emit, this.block, 0, this.block.length, record, this.policy);
    } catch (e) {
      throw this.fail(e);
    }
  }

  override finish(): Promise<void> | void {
    this.block = [];
    return this.out.finish();
  }
}
