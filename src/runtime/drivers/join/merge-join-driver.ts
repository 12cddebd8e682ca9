/**
 * Sort-merge join (Flink's INNER_MERGE and LEFT/RIGHT/FULL_OUTER_MERGE): both inputs arrive
 * hash-partitioned and sorted on their keys (the channel's local SORT strategy). The first input
 * is held (it is the sorted run the runner already materialized); the second streams in key
 * order and advances a cursor over the first input's runs of equal keys:
 * - runs with smaller keys are passed (emitted with null if the first side is outer and the run
 *   never matched);
 * - a run with an equal key is paired with the streamed record;
 * - no equal run: the streamed record is emitted with null if the second side is outer.
 */
import { compareKeys } from "../../../common/keys.js";
import { instantiateUdf } from "../../../common/udf.js";
import type { JoinNode } from "../../../plan/logical.js";
import { BaseOperator, type Operator, type OperatorContext } from "../operator.js";
import { emitAgainst, outerSides, pairEmitter, sharingPolicy, type PairEmitter, type SharingPolicy } from "./pair-function.js";
import { groupEnd, sortKeyOf } from "./side-key.js";

export class MergeJoinOperator extends BaseOperator<any, any, JoinNode> {
  readonly firstInputToRead = 0 as const;
  private rows: any[] = [];
  private keys: unknown[] = [];
  /** The current run of the first input: [start, end), and whether a record of the second matched it. */
  private start = 0;
  private end = 0;
  private runMatched = false;
  private readonly keyFirst: (r: any) => unknown;
  private readonly keySecond: (r: any) => unknown;
  private readonly emit: PairEmitter;
  private readonly outer: readonly [boolean, boolean];
  private readonly policy: SharingPolicy;

  constructor(ctx: OperatorContext<JoinNode>, out: Operator) {
    const node = ctx.node.logical;
    const udf = instantiateUdf(node.udf);
    super(ctx, out, udf);
    this.keyFirst = sortKeyOf(node.keyFirst, ctx.node.name);
    this.keySecond = sortKeyOf(node.keySecond, ctx.node.name);
    this.emit = pairEmitter(udf, node.flat, out);
    this.outer = outerSides(node.joinType);
    this.policy = sharingPolicy(ctx);
  }

  collect(record: any): void {
    try {
      this.keys.push(this.keyFirst(record));
    } catch (e) {
      throw this.fail(e);
    }
    this.rows.push(record);
  }

  endInput(input: 0 | 1): void {
    if (input === 0) this.end = this.rows.length > 0 ? groupEnd(this.keys, 0, compareKeys) : 0;
  }

  collectSecond(record: any): void {
    try {
      const key = this.keySecond(record);
      while (this.start < this.rows.length) {
        const c = compareKeys(this.keys[this.start], key);
        if (c > 0) break;
        if (c === 0) {
          emitAgainst(this.emit, this.rows, this.start, this.end, record, this.policy);
          this.runMatched = true;
          return;
        }
        this.nextRun();
      }
      if (this.outer[1]) this.emit(null, record);
    } catch (e) {
      throw this.fail(e);
    }
  }

  /** Leaves the current run, emitting it with nulls if the first side is outer and nothing matched. */
  private nextRun(): void {
    if (this.outer[0] && !this.runMatched) {
      for (let i = this.start; i < this.end; i++) this.emit(this.rows[i], null);
    }
    this.start = this.end;
    this.end = this.start < this.rows.length ? groupEnd(this.keys, this.start, compareKeys) : this.start;
    this.runMatched = false;
  }

  override finish(): Promise<void> | void {
    try {
      while (this.start < this.rows.length) this.nextRun();
    } catch (e) {
      throw this.fail(e);
    }
    this.rows = [];
    this.keys = [];
    return this.out.finish();
  }
}
