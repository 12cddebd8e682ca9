/**
 * Group reduce and group combine drivers. Records are grouped by hashing the key (groups keep
 * arrival order); with a group order each group is sorted (stable) before the function sees it.
 * Without a key the whole input is one group. Combiners (partial = true) emit once they hold
 * COMBINER_MAX_RECORDS records, bounding their memory as Flink's sort-based combiners do.
 */
import { copyRecord } from "../../common/copy.js";
import type { CompiledKey, HashKey } from "../../common/keys.js";
import { instantiateUdf } from "../../common/udf.js";
import type { GroupCombineNode, GroupReduceNode, Ordering } from "../../plan/logical.js";
import { sortRecords } from "../sort/comparator.js";
import { BaseOperator, nodeUdf, type Operator, type OperatorContext } from "./operator.js";
import { subtaskKey } from "../../common/subtask-key.js";

export const COMBINER_MAX_RECORDS = 1 << 18;

export class GroupOperator extends BaseOperator<any, any, GroupReduceNode | GroupCombineNode> {
  private groups = new Map<HashKey, any[]>();
  private all: any[] = [];
  private held = 0;
  private readonly fn: (values: Iterable<any>, out: Operator) => void;
  private readonly key: CompiledKey | undefined;
  private readonly order: readonly Ordering[];
  private readonly copyIn: boolean;

  constructor(ctx: OperatorContext<GroupReduceNode | GroupCombineNode>, out: Operator, private readonly partial: boolean) {
    const udf = instantiateUdf(nodeUdf(ctx.node));
    super(ctx, out, udf);
    const logical = ctx.node.logical;
    this.fn = udf.call;
    this.key = logical.key ? subtaskKey(logical.key, ctx.node.name) : undefined;
    this.order = logical.groupOrder;
    this.copyIn = !ctx.inputOwned;
  }

  collect(record: any): void {
    const r = this.copyIn ? copyRecord(record) : record;
    if (this.key === undefined) {
      this.all.push(r);
    } else {
      let k: HashKey;
      try {
        k = this.key.hashable(record);
      } catch (e) {
        throw this.fail(e);
      }
      const g = this.groups.get(k);
      if (g === undefined) this.groups.set(k, [r]);
      else g.push(r);
    }
    if (this.partial && ++this.held >= COMBINER_MAX_RECORDS) this.flush();
  }

  private flush(): void {
    this.held = 0;
    if (this.key === undefined) {
      const all = this.all;
      this.all = [];
      // As Flink's AllGroupReduceDriver: no call for an empty input.
      if (all.length > 0) this.callGroup(all);
      return;
    }
    const groups = this.groups;
    this.groups = new Map();
    for (const g of groups.values()) this.callGroup(g);
  }

  private callGroup(values: any[]): void {
    try {
      const sorted = this.order.length > 0 ? sortRecords(values, this.order, this.ctx.node.name) : values;
      this.fn(sorted, this.out);
    } catch (e) {
      throw this.fail(e);
    }
  }

  override finish(): Promise<void> | void {
    this.flush();
    return this.out.finish();
  }
}

/** MapPartition: the function is called once per subtask with all of its records. */
export class MapPartitionOperator extends BaseOperator {
  private readonly buffer: any[] = [];
  private readonly fn: (values: Iterable<any>, out: Operator) => void;
  private readonly copyIn: boolean;

  constructor(ctx: OperatorContext, out: Operator) {
    const udf = instantiateUdf(nodeUdf(ctx.node));
    super(ctx, out, udf);
    this.fn = udf.call;
    this.copyIn = !ctx.inputOwned;
  }
  collect(record: any): void {
    this.buffer.push(this.copyIn ? copyRecord(record) : record);
  }
  override finish(): Promise<void> | void {
    try {
      this.fn(this.buffer, this.out);
    } catch (e) {
      throw this.fail(e);
    }
    this.buffer.length = 0;
    return this.out.finish();
  }
}
