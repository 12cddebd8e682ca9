/**
 * Joins and coGroups with the solution set (Flink's JoinWithSolutionSetFirst/SecondDriver and
 * CoGroupWithSolutionSetFirst/SecondDriver): the other input arrives hash-partitioned like the
 * solution set and probes this subtask's index; the solution set input itself carries nothing.
 * The function gets a copy of the solution set record (unless object reuse is on), so mutating
 * it cannot change the solution set behind the iteration's back.
 */
import { copyRecord } from "../../common/copy.js";
import { JoinType } from "../../common/enums.js";
import type { CompiledKey, HashKey } from "../../common/keys.js";
import { instantiateUdf } from "../../common/udf.js";
import type { CoGroupNode, JoinNode, Ordering } from "../../plan/logical.js";
import { BaseOperator, type Operator, type OperatorContext } from "../drivers/operator.js";
import { subtaskKey } from "../../common/subtask-key.js";
import { sortRecords } from "../sort/comparator.js";
import type { SolutionSetIndex } from "./solution-set.js";
import { hooksOf } from "./hooks.js";

abstract class SolutionSetProbe extends BaseOperator {
  protected readonly index: SolutionSetIndex;
  protected readonly key: CompiledKey;
  private readonly copySolution: boolean;

  constructor(ctx: OperatorContext, out: Operator, fn: { udf: JoinNode["udf"] }, probeKey: JoinNode["keyFirst"], protected readonly ssFirst: boolean) {
    super(ctx, out, instantiateUdf(fn.udf));
    this.index = hooksOf(ctx).io.solutionSet(ctx.subtask);
    this.key = subtaskKey(probeKey, ctx.node.name);
    this.copySolution = !ctx.objectReuse;
  }

  collect(record: any): void {
    if (!this.ssFirst) this.probe(record);
  }
  collectSecond(record: any): void {
    if (this.ssFirst) this.probe(record);
  }
  protected abstract probe(record: any): void;

  protected hashable(record: any): HashKey {
    try {
      return this.key.hashable(record);
    } catch (e) {
      throw this.fail(e);
    }
  }
  protected solutionRecord(k: HashKey): unknown {
    const s = this.index.get(k);
    return s !== undefined && this.copySolution ? copyRecord(s) : s;
  }
}

export class SolutionSetJoinOperator extends SolutionSetProbe {
  private readonly fn: (a: any, b: any, out?: any) => any;
  private readonly flat: boolean;
  private readonly outer: boolean;

  constructor(ctx: OperatorContext<JoinNode>, out: Operator, ssFirst: boolean) {
    const node = ctx.node.logical;
    super(ctx, out, node, ssFirst ? node.keySecond : node.keyFirst, ssFirst);
    this.fn = (this.udf!).call;
    this.flat = node.flat;
    this.outer = node.joinType !== JoinType.INNER;
  }

  protected probe(record: any): void {
    let s = this.solutionRecord(this.hashable(record));
    if (s === undefined) {
      if (!this.outer) return;
      s = null;
    }
    const a = this.ssFirst ? s : record;
    const b = this.ssFirst ? record : s;
    try {
      if (this.flat) this.fn(a, b, this.out);
      else this.out.collect(this.fn(a, b));
    } catch (e) {
      throw this.fail(e);
    }
  }
}

export class SolutionSetCoGroupOperator extends SolutionSetProbe {
  private readonly fn: (first: Iterable<any>, second: Iterable<any>, out: any) => void;
  private readonly groups = new Map<HashKey, any[]>();
  private readonly order: readonly Ordering[];

  constructor(ctx: OperatorContext<CoGroupNode>, out: Operator, ssFirst: boolean) {
    const node = ctx.node.logical;
    super(ctx, out, node, ssFirst ? node.keySecond : node.keyFirst, ssFirst);
    this.fn = (this.udf!).call;
    this.order = ssFirst ? node.groupOrderSecond : node.groupOrderFirst;
  }

  protected probe(record: any): void {
    const k = this.hashable(record);
    const g = this.groups.get(k);
    if (g) g.push(record);
    else this.groups.set(k, [record]);
  }

  override finish(): Promise<void> | void {
    for (const [k, values] of this.groups) {
      const s = this.solutionRecord(k);
      const solution = s === undefined ? [] : [s];
      try {
        const group = this.order.length > 0 ? sortRecords(values, this.order, this.ctx.node.name) : values;
        if (this.ssFirst) this.fn(solution, group, this.out);
        else this.fn(group, solution, this.out);
      } catch (e) {
        throw this.fail(e);
      }
    }
    this.groups.clear();
    return this.out.finish();
  }
}
