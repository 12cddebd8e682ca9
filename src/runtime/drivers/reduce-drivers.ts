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
import { copyRecord, keptRecord } from "../../common/copy.js";
import type { CompiledKey } from "../../common/keys.js";
import { instantiateUdf } from "../../common/udf.js";
import type { ReduceNode } from "../../plan/logical.js";
import { BaseOperator, holderOf, nodeUdf, type Operator, type OperatorContext } from "./operator.js";
import { KeyedSpill, type KeyedEntry } from "../spill/keyed-spill.js";
import { KeyIndex } from "../hash/keyed-map.js";
import { subtaskKey } from "../../common/subtask-key.js";

/** Distinct keys a combiner holds before it emits its partial results. */
export const COMBINER_MAX_KEYS = 1 << 17;

export class HashReduceOperator extends BaseOperator<any, any, ReduceNode> {
  /** Keys to ids; `accs[id]` is the key's accumulator. */
  private index: KeyIndex;
  private accs: any[] = [];
  private readonly fn: (a: any, b: any) => any;
  private readonly key: CompiledKey;
  private readonly copyIn: boolean;
  private readonly copyOut: boolean;
  private readonly builtin: boolean;
  /** distinct(): the first record of a key is kept, later ones are dropped without a call. */
  private readonly keepsFirst: boolean;
  private readonly spill: KeyedSpill<any>;

  constructor(ctx: OperatorContext<ReduceNode>, out: Operator, private readonly partial: boolean) {
    const udf = instantiateUdf(nodeUdf(ctx.node));
    super(ctx, out, udf);
    const logical = ctx.node.logical;
    this.fn = udf.call;
    this.key = subtaskKey(logical.key!, ctx.node.name);
    this.index = new KeyIndex(this.key);
    this.copyIn = !ctx.inputOwned;
    this.copyOut = !ctx.objectReuse;
    this.builtin = logical.builtin !== undefined;
    this.keepsFirst = logical.builtin === "distinct";
    this.spill = new KeyedSpill(holderOf(ctx));
  }

  collect(record: any): void {
    try {
      const id = this.index.find(record);
      if (id < 0) {
        this.accs[this.index.add()] = keptRecord(record, this.copyIn);
        if (this.spill.full(record)) this.tableFull();
        else if (this.partial && this.accs.length >= COMBINER_MAX_KEYS) this.flush();
        return;
      }
      if (this.keepsFirst) return;
      const acc = this.accs[id];
      const r = this.step(acc, record);
      if (r !== acc) this.accs[id] = r;
    } catch (e) {
      throw this.fail(e);
    }
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

  /** Empties the table, returning its (index, accumulators). */
  private take(): [KeyIndex, any[]] {
    const taken: [KeyIndex, any[]] = [this.index, this.accs];
    this.index = new KeyIndex(this.key);
    this.accs = [];
    return taken;
  }

  private flush(): void {
    const [, accs] = this.take();
    this.spill.reset();
    for (const v of accs) this.out.collect(v);
  }

  /** The table holds its share: a combiner emits it, a final reduce spills it. */
  private tableFull(): void {
    if (this.partial) return this.flush();
    this.spill.spill(entriesOf(...this.take()));
  }

  override finish(): Promise<void> | void {
    if (!this.spill.spilled) {
      this.flush();
      return this.out.finish();
    }
    try {
      for (const [, group] of this.spill.mergedGroups(entriesOf(...this.take()), holderOf(this.ctx))) {
        let acc = group[0];
        for (let i = 1; i < group.length; i++) acc = this.step(acc, group[i]);
        this.out.collect(acc);
      }
    } catch (e) {
      throw this.fail(e);
    } finally {
      this.take();
      this.spill.dispose();
    }
    return this.out.finish();
  }
}

/** A table's (key's hashable, value) entries in id order, for the spill. */
export function* entriesOf<V>(index: KeyIndex, values: readonly V[]): Generator<KeyedEntry<V>> {
  for (let id = 0; id < values.length; id++) yield [index.keyOf(id), values[id]!];
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
