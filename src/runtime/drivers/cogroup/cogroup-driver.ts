/**
 * CoGroup (Flink's CO_GROUP driver, sort-merge based): both inputs arrive hash-partitioned and
 * sorted on key (then on the group order, if any). The first input is held (held-sorted-input.ts:
 * spilled past the driver's share); the second streams
 * in key order and is cut into runs of equal keys. Each key of either input produces exactly one
 * call `f(firstGroup, secondGroup, out)`, in key order, with an empty group for a side that
 * lacks the key. Groups are fresh arrays of records the driver owns.
 */
import { compareKeys } from "../../../common/keys.js";
import { instantiateUdf } from "../../../common/udf.js";
import type { CoGroupNode } from "../../../plan/logical.js";
import { BaseOperator, holderOf, type Operator, type OperatorContext } from "../operator.js";
import { HeldSortedInput } from "../join/held-sorted-input.js";
import { sortKeyOf } from "../join/side-key.js";
import { copyRecord } from "../../../common/copy.js";

type CoGroupCall = (first: Iterable<any>, second: Iterable<any>, out: Operator) => void;

export class CoGroupOperator extends BaseOperator<any, any, CoGroupNode> {
  readonly firstInputToRead = 0 as const;
  private readonly first: HeldSortedInput;
  /** The second input's current run of equal keys. */
  private run: any[] = [];
  private runKey: unknown = undefined;
  private readonly keySecond: (r: any) => unknown;
  private readonly fn: CoGroupCall;
  private readonly copyIn: boolean;

  constructor(ctx: OperatorContext<CoGroupNode>, out: Operator) {
    const node = ctx.node.logical;
    const udf = instantiateUdf(node.udf);
    super(ctx, out, udf);
    this.fn = udf.call;
    this.first = new HeldSortedInput(holderOf(ctx), sortKeyOf(node.keyFirst, ctx.node.name));
    this.keySecond = sortKeyOf(node.keySecond, ctx.node.name);
    this.copyIn = !ctx.inputOwned;
  }

  collect(record: any): void {
    try {
      this.first.add(this.copyIn ? copyRecord(record) : record);
    } catch (e) {
      throw this.fail(e);
    }
  }

  collectSecond(record: any): void {
    let key: unknown;
    try {
      key = this.keySecond(record);
    } catch (e) {
      throw this.fail(e);
    }
    if (this.run.length > 0 && compareKeys(this.runKey, key) !== 0) this.closeRun();
    this.run.push(this.copyIn ? copyRecord(record) : record);
    this.runKey = key;
  }

  /** Calls the function for every first-input key up to the run's key, then for the run. */
  private closeRun(): void {
    const key = this.runKey;
    const second = this.run;
    this.run = [];
    const first = this.first;
    while (this.has() && compareKeys(first.key, key) < 0) this.call(first.takeGroup(), []);
    const matches = this.has() && compareKeys(first.key, key) === 0;
    this.call(matches ? first.takeGroup() : [], second);
  }

  private has(): boolean {
    try {
      return this.first.hasNext;
    } catch (e) {
      throw this.fail(e);
    }
  }

  private call(first: any[], second: any[]): void {
    try {
      this.fn(first, second, this.out);
    } catch (e) {
      throw this.fail(e);
    }
  }

  override finish(): Promise<void> | void {
    try {
      if (this.run.length > 0) this.closeRun();
      while (this.has()) this.call(this.first.takeGroup(), []);
    } finally {
      this.first.dispose();
    }
    return this.out.finish();
  }
}
