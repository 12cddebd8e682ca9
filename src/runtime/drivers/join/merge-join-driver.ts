/**
 * Sort-merge join (Flink's INNER_MERGE and LEFT/RIGHT/FULL_OUTER_MERGE): both inputs arrive
 * hash-partitioned and sorted on their keys (the channel's local SORT strategy). The first input
 * is held (held-sorted-input.ts: spilled past the driver's share); the second streams in key
 * order and advances a cursor over the first input's runs of equal keys:
 * - runs with smaller keys are passed (emitted with null if the first side is outer and the run
 *   never matched);
 * - a run with an equal key is paired with the streamed record;
 * - no equal run: the streamed record is emitted with null if the second side is outer.
 */
import { compareKeys } from "../../../common/keys.js";
import { instantiateUdf } from "../../../common/udf.js";
import type { JoinNode } from "../../../plan/logical.js";
import { BaseOperator, holderOf, type Operator, type OperatorContext } from "../operator.js";
import { HeldSortedInput } from "./held-sorted-input.js";
import { emitAgainst, lastUse, outerSides, pairEmitter, sharingPolicy, type PairEmitter, type SharingPolicy } from "./pair-function.js";
import { sortKeyOf } from "./side-key.js";

export class MergeJoinOperator extends BaseOperator<any, any, JoinNode> {
  readonly firstInputToRead = 0 as const;
  private readonly first: HeldSortedInput;
  /** The current group of the first input, its key, and whether a record of the second matched it. */
  private run: any[] = [];
  private runKey: unknown = undefined;
  private runMatched = false;
  private started = false;
  private readonly keySecond: (r: any) => unknown;
  private readonly emit: PairEmitter;
  private readonly outer: readonly [boolean, boolean];
  private readonly policy: SharingPolicy;

  constructor(ctx: OperatorContext<JoinNode>, out: Operator) {
    const node = ctx.node.logical;
    const udf = instantiateUdf(node.udf);
    super(ctx, out, udf);
    this.first = new HeldSortedInput(holderOf(ctx), sortKeyOf(node.keyFirst, ctx.node.name));
    this.keySecond = sortKeyOf(node.keySecond, ctx.node.name);
    this.emit = pairEmitter(udf, node.flat, out);
    this.outer = outerSides(node.joinType);
    this.policy = sharingPolicy(ctx);
  }

  collect(record: any): void {
    try {
      this.first.add(record);
    } catch (e) {
      throw this.fail(e);
    }
  }

  collectSecond(record: any): void {
    try {
      if (!this.started) this.start();
      const key = this.keySecond(record);
      while (this.run.length > 0) {
        const c = compareKeys(this.runKey, key);
        if (c > 0) break;
        if (c === 0) {
          emitAgainst(this.emit, this.run, 0, this.run.length, record, this.policy);
          this.runMatched = true;
          return;
        }
        this.nextRun();
      }
      if (this.outer[1]) this.emit(null, lastUse(record, this.policy));
    } catch (e) {
      throw this.fail(e);
    }
  }

  private start(): void {
    this.started = true;
    this.loadRun();
  }

  /** Leaves the current run, emitting it with nulls if the first side is outer and nothing matched. */
  private nextRun(): void {
    if (this.outer[0] && !this.runMatched) {
      for (const r of this.run) this.emit(r, null);
    }
    this.loadRun();
  }

  private loadRun(): void {
    this.runMatched = false;
    if (this.first.hasNext) {
      this.runKey = this.first.key;
      this.run = this.first.takeGroup();
    } else {
      this.run = [];
    }
  }

  override finish(): Promise<void> | void {
    try {
      if (!this.started) this.start();
      while (this.run.length > 0) this.nextRun();
    } catch (e) {
      throw this.fail(e);
    } finally {
      this.first.dispose();
    }
    return this.out.finish();
  }
}
