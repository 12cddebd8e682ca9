/**
 * Reduce drivers. Keyed reduce is hash aggregation: one accumulator per key (Flink's
 * HASHED_PARTIAL_REDUCE for the combiner, a hash-based final reduce after the shuffle). The
 * combiner flushes when it holds too many keys, so its memory is bounded. ALL_REDUCE folds the
 * whole input into one record. Past its memory share a combiner emits its partial results early
 * and a final reduce spills its table as a sorted run (runtime/spill/keyed-spill.ts), merging the
 * runs by key at the end.
 * Ownership: functions receive records the driver owns (chained input that is not owned is
 * copied first), and a user function's new result is copied before it is kept, so a function
 * that reuses its output object cannot corrupt stored accumulators.
 */
import { copyRecord } from "../../common/copy.js";
import type { CompiledKey, HashKey } from "../../common/keys.js";
import { instantiateUdf } from "../../common/udf.js";
import type { ReduceNode } from "../../plan/logical.js";
import { BaseOperator, holderOf, nodeUdf, type Operator, type OperatorContext } from "./operator.js";
import { groupsOf, KeyedSpill } from "../spill/keyed-spill.js";
import { subtaskKey } from "../../common/subtask-key.js";

/** Distinct keys a combiner holds before it emits its partial results. */
export const COMBINER_MAX_KEYS = 1 << 17;

export class HashReduceOperator extends BaseOperator<any, any, ReduceNode> {
  private table = new Map<HashKey, any>();
  private readonly fn: (a: any, b: any) => any;
  private readonly key: CompiledKey;
  private readonly copyIn: boolean;
  private readonly copyOut: boolean;
  private readonly builtin: boolean;
  private readonly spill: KeyedSpill<any>;

  constructor(ctx: OperatorContext<ReduceNode>, out: Operator, private readonly partial: boolean) {
    const udf = instantiateUdf(nodeUdf(ctx.node));
    super(ctx, out, udf);
    const logical = ctx.node.logical;
    this.fn = udf.call;
    this.key = subtaskKey(logical.key!, ctx.node.name);
    this.copyIn = !ctx.inputOwned;
    this.copyOut = !ctx.objectReuse;
    this.builtin = logical.builtin !== undefined;
    this.spill = new KeyedSpill(holderOf(ctx));
  }

  collect(record: any): void {
    let k: HashKey;
    let r: any;
    try {
      k = this.key.hashable(record);
      const acc = this.table.get(k);
      if (acc === undefined) {
        this.table.set(k, this.copyIn ? copyRecord(record) : record);
        if (this.spill.full(record)) this.tableFull();
        else if (this.partial && this.table.size >= COMBINER_MAX_KEYS) this.flush();
        return;
      }
      r = this.step(acc, record);
      if (r === acc) return;
    } catch (e) {
      throw this.fail(e);
    }
    this.table.set(k, r);
  }

  /**
   * One reduce step; returns what to keep. Built-ins fold into the owned accumulator and never
   * touch `record`; user functions may mutate their inputs, so they get an owned `b`.
   */
  private step(acc: any, record: any): any {
    if (this.builtin) {
      const r = this.fn(acc, record);
      return r === record && this.copyIn ? copyRecord(r) : r;
    }
    const b = this.copyIn ? copyRecord(record) : record;
    const r = this.fn(acc, b);
    return r === acc || r === b || !this.copyOut ? r : copyRecord(r);
  }

  private flush(): void {
    const t = this.table;
    this.table = new Map();
    this.spill.reset();
    for (const v of t.values()) this.out.collect(v);
  }

  /** The table holds its share: a combiner emits it, a final reduce spills it. */
  private tableFull(): void {
    if (this.partial) return this.flush();
    const t = this.table;
    this.table = new Map();
    this.spill.spill(t.entries());
  }

  override finish(): Promise<void> | void {
    if (!this.spill.spilled) {
      this.flush();
      return this.out.finish();
    }
    try {
      for (const [, group] of groupsOf(this.spill.merged(this.table.entries()), holderOf(this.ctx))) {
        let acc = group[0];
        for (let i = 1; i < group.length; i++) acc = this.step(acc, group[i]);
        this.out.collect(acc);
      }
    } catch (e) {
      throw this.fail(e);
    } finally {
      this.table = new Map();
      this.spill.dispose();
    }
    return this.out.finish();
  }
}

export class AllReduceOperator extends BaseOperator<any, any, ReduceNode> {
  private acc: any = undefined;
  private readonly fn: (a: any, b: any) => any;
  private readonly copyIn: boolean;
  private readonly copyOut: boolean;
  private readonly builtin: boolean;

  constructor(ctx: OperatorContext<ReduceNode>, out: Operator) {
    const udf = instantiateUdf(nodeUdf(ctx.node));
    super(ctx, out, udf);
    this.fn = udf.call;
    this.copyIn = !ctx.inputOwned;
    this.copyOut = !ctx.objectReuse;
    this.builtin = ctx.node.logical.builtin !== undefined;
  }

  collect(record: any): void {
    if (this.acc === undefined) {
      this.acc = this.copyIn ? copyRecord(record) : record;
      return;
    }
    try {
      if (this.builtin) {
        const r = this.fn(this.acc, record);
        this.acc = r === record && this.copyIn ? copyRecord(r) : r;
      } else {
        const b = this.copyIn ? copyRecord(record) : record;
        const r = this.fn(this.acc, b);
        this.acc = r === this.acc || r === b || !this.copyOut ? r : copyRecord(r);
      }
    } catch (e) {
      throw this.fail(e);
    }
  }

  override finish(): Promise<void> | void {
    if (this.acc !== undefined) this.out.collect(this.acc);
    this.acc = undefined;
    return this.out.finish();
  }
}

/**
 * A lone built-in SUM (`groupBy(k).sum(f)`): running sums in a Map of numbers, the group's first
 * record kept aside and given the sum when the table is emitted. Two Map operations per record
 * and no record writes: the plain-JavaScript way to sum, which hash aggregation of records is
 * several times slower than.
 */
export class SumReduceOperator extends BaseOperator<any, any, ReduceNode> {
  private firsts = new Map<HashKey, any>();
  private sums = new Map<HashKey, any>();
  private readonly key: CompiledKey;
  private readonly copyIn: boolean;
  private readonly spill: KeyedSpill<any>;

  constructor(
    ctx: OperatorContext<ReduceNode>,
    out: Operator,
    private readonly partial: boolean,
    private readonly field: number | string,
    private readonly name: string,
  ) {
    super(ctx, out);
    this.key = subtaskKey(ctx.node.logical.key!, ctx.node.name);
    this.copyIn = !ctx.inputOwned;
    this.spill = new KeyedSpill(holderOf(ctx));
  }

  collect(record: any): void {
    let k: HashKey;
    try {
      k = this.key.hashable(record);
    } catch (e) {
      throw this.fail(e);
    }
    const v = record[Array.isArray(record) ? this.field : this.name];
    const s = this.sums.get(k);
    if (s === undefined) {
      this.firsts.set(k, this.copyIn ? copyRecord(record) : record);
      this.sums.set(k, v);
      if (this.spill.full(record)) this.tableFull();
      else if (this.partial && this.sums.size >= COMBINER_MAX_KEYS) this.flush();
      return;
    }
    this.sums.set(k, s + v);
  }

  private flush(): void {
    this.spill.reset();
    for (const [, r] of this.takeSums()) this.out.collect(r);
  }

  /** The groups' first records with their sums written in, the maps emptied. */
  private *takeSums(): Generator<[HashKey, any]> {
    const { firsts, sums } = this;
    this.firsts = new Map();
    this.sums = new Map();
    for (const [k, r] of firsts) {
      r[Array.isArray(r) ? this.field : this.name] = sums.get(k);
      yield [k, r];
    }
  }

  /** The table holds its share: a combiner emits it, a final sum spills its partial sums. */
  private tableFull(): void {
    if (this.partial) return this.flush();
    this.spill.spill(this.takeSums());
  }

  override finish(): Promise<void> | void {
    if (!this.spill.spilled) {
      this.flush();
      return this.out.finish();
    }
    try {
      for (const [, group] of groupsOf(this.spill.merged(this.takeSums()))) {
        const acc = group[0];
        const f = Array.isArray(acc) ? this.field : this.name;
        for (let i = 1; i < group.length; i++) acc[f] += group[i][f];
        this.out.collect(acc);
      }
    } finally {
      this.spill.dispose();
    }
    return this.out.finish();
  }
}
