/**
 * A lone built-in SUM, MIN or MAX as a running value per key (HASH_SUM_REDUCE,
 * HASH_MIN_MAX_REDUCE and their combiners): values in an array by key id (KeyIndex), the group's
 * first record kept aside and given the value when the table is emitted. One probe per record and
 * no record writes, where hash aggregation of records is several times slower. Past its share a
 * combiner emits its table; a final reduce spills its partial records by key and folds equal keys
 * when the runs are merged. Subclasses keep their own `collect` (the per-record path) and say how
 * two values fold.
 */
import { copyRecord } from "../../common/copy.js";
import type { CompiledKey } from "../../common/keys.js";
import type { ReduceNode } from "../../plan/logical.js";
import { subtaskKey } from "../../common/subtask-key.js";
import { KeyIndex } from "../hash/keyed-map.js";
import { groupsOf, KeyedSpill } from "../spill/keyed-spill.js";
import { BaseOperator, holderOf, type Operator, type OperatorContext } from "./operator.js";
import { COMBINER_MAX_KEYS, entriesOf } from "./reduce-drivers.js";

export abstract class RunningValueReduce extends BaseOperator<any, any, ReduceNode> {
  /** Keys to ids; `firsts[id]` is the group's first record, `vals[id]` its running value. */
  protected index: KeyIndex;
  protected firsts: any[] = [];
  protected vals: any[] = [];
  private readonly key: CompiledKey;
  private readonly copyIn: boolean;
  private readonly spill: KeyedSpill<any>;

  constructor(
    ctx: OperatorContext<ReduceNode>,
    out: Operator,
    private readonly partial: boolean,
    protected readonly field: number | string,
    protected readonly name: string,
  ) {
    super(ctx, out);
    this.key = subtaskKey(ctx.node.logical.key!, ctx.node.name);
    this.index = new KeyIndex(this.key);
    this.copyIn = !ctx.inputOwned;
    this.spill = new KeyedSpill(holderOf(ctx));
  }

  /** The value `acc` holds after `next` (a record of the same key) is folded into it. */
  protected abstract fold(acc: unknown, next: unknown): unknown;

  /** The key's id, or a failure naming the operator and the key. */
  protected idOf(record: any): number {
    try {
      return this.index.find(record);
    } catch (e) {
      throw this.fail(e);
    }
  }

  /** A new key's first record and value; may emit (combiner) or spill (final) a full table. */
  protected addKey(record: any, v: unknown): void {
    const id = this.index.add();
    this.firsts[id] = this.copyIn ? copyRecord(record) : record;
    this.vals[id] = v;
    if (this.spill.full(record)) this.tableFull();
    else if (this.partial && id + 1 >= COMBINER_MAX_KEYS) this.flush();
  }

  private flush(): void {
    this.spill.reset();
    const [, firsts] = this.takeValues();
    for (const r of firsts) this.out.collect(r);
  }

  /** The table emptied: its index and its groups' first records with their values written in. */
  private takeValues(): [KeyIndex, any[]] {
    const { index, firsts, vals } = this;
    this.index = new KeyIndex(this.key);
    this.firsts = [];
    this.vals = [];
    for (let id = 0; id < firsts.length; id++) {
      const r = firsts[id];
      r[Array.isArray(r) ? this.field : this.name] = vals[id];
    }
    return [index, firsts];
  }

  /** The table holds its share: a combiner emits it, a final reduce spills its partial records. */
  private tableFull(): void {
    if (this.partial) return this.flush();
    this.spill.spill(entriesOf(...this.takeValues()));
  }

  override finish(): Promise<void> | void {
    if (!this.spill.spilled) {
      this.flush();
      return this.out.finish();
    }
    try {
      for (const [, group] of groupsOf(this.spill.merged(entriesOf(...this.takeValues())))) {
        const acc = group[0];
        const f = Array.isArray(acc) ? this.field : this.name;
        for (let i = 1; i < group.length; i++) acc[f] = this.fold(acc[f], group[i][f]);
        this.out.collect(acc);
      }
    } finally {
      this.spill.dispose();
    }
    return this.out.finish();
  }
}

/** A lone built-in SUM (`groupBy(k).sum(f)`). */
export class SumReduceOperator extends RunningValueReduce {
  collect(record: any): void {
    const id = this.idOf(record);
    const v = record[Array.isArray(record) ? this.field : this.name];
    if (id < 0) return this.addKey(record, v);
    this.vals[id] += v;
  }

  protected fold(acc: any, next: any): unknown {
    return acc + next;
  }
}
