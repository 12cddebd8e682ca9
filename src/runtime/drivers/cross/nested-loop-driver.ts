/**
 * Cross (Flink's NESTEDLOOP_BLOCKED_OUTER_FIRST / _SECOND): the held side (the broadcast one)
 * is read completely first; every record of the other side then streams past it and is
 * paired with each held record. One algorithm, the held side a parameter; the function always
 * sees (first, second). The held side is a spillable list: past the operator's share it goes to
 * disk, and the streamed side is then gathered in blocks within the share, each block paired with
 * the held side read back from disk once (Flink's blocked nested loop over a spilling resettable
 * iterator).
 */
import { instantiateUdf } from "../../../common/udf.js";
import type { CrossNode } from "../../../plan/logical.js";
import { BaseOperator, holderOf, type Operator, type OperatorContext } from "../operator.js";
import type { HolderMemory } from "../../memory/job-memory.js";
import { RecordSizeEstimator } from "../../memory/size-estimator.js";
import { SpillableList } from "../../spill/spillable-list.js";
import { copyRecord } from "../../../common/copy.js";
import { emitAgainst, heldFirst, pairEmitter, sharingPolicy, type PairEmitter, type SharingPolicy } from "../join/pair-function.js";

export class NestedLoopCrossOperator extends BaseOperator<any, any, CrossNode> {
  readonly firstInputToRead: 0 | 1;
  private readonly heldSide: SpillableList<any>;
  /** The held records while nothing spilled (the list's own array). */
  private heldArray: any[] | undefined;
  /** After the held side spilled: the streamed records gathered for the next pass over it. */
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
    this.heldSide = new SpillableList(this.memory, "cross");
  }

  collect(record: any): void {
    if (this.held === 0) this.hold(record);
    else this.stream(record);
  }
  collectSecond(record: any): void {
    if (this.held === 1) this.hold(record);
    else this.stream(record);
  }

  private hold(record: any): void {
    try {
      this.heldSide.add(record);
    } catch (e) {
      throw this.fail(e);
    }
  }

  private stream(record: any): void {
    try {
      if (this.heldArray === undefined && !this.heldSide.spilled) this.heldArray = this.heldSide.contents() as any[];
      if (this.heldArray !== undefined) return emitAgainst(this.emit, this.heldArray, 0, this.heldArray.length, record, this.policy);
      this.block.push(this.ctx.inputOwned ? record : copyRecord(record));
      if (this.size.add(record) >= this.memory.limit) this.passBlock();
    } catch (e) {
      throw this.fail(e);
    }
  }

  /** Pairs the gathered block with every held record, the held side read back once. */
  private passBlock(): void {
    const block = this.block;
    this.block = [];
    this.size.reset();
    if (block.length === 0) return;
    // The held record is the streamed one here: (block record, held record) -> emit(held, streamed).
    const swapped = (s: any, h: any): void => this.emit(h, s);
    const policy = { ...this.policy, streamedOwned: true };
    for (const h of this.heldSide) emitAgainst(swapped, block, 0, block.length, h, policy);
  }

  override finish(): Promise<void> | void {
    try {
      this.passBlock();
    } catch (e) {
      throw this.fail(e);
    } finally {
      this.heldSide.dispose();
      this.heldArray = undefined;
    }
    return this.out.finish();
  }
}
