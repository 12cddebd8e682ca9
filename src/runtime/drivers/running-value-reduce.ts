/**
 * Built-in SUMs (`sum(a).andSum(b)...`, distinct fields), or a lone MIN or MAX, as running values
 * per key (HASH_SUM_REDUCE, HASH_MIN_MAX_REDUCE and their combiners): values in an array by key id
 * (KeyIndex; `width` values per key, `vals[id * width + j]` for field j), the group's first record
 * kept aside and given the values when the table is emitted. One probe per record and no record
 * writes, where hash aggregation of records is several times slower. Past its share a combiner
 * emits its table; a final reduce spills its partial records by key and folds equal keys when the
 * runs are merged. Subclasses keep their own `collect` (the per-record path) and say how two
 * values fold.
 */
import { keptRecord } from "../../common/copy.js";
import type { CompiledKey } from "../../common/keys.js";
import type { ReduceNode } from "../../plan/logical.js";
import { subtaskKey } from "../../common/subtask-key.js";
import { KeyIndex } from "../hash/keyed-map.js";
import { KeyedSpill } from "../spill/keyed-spill.js";
import { BaseOperator, holderOf, type Operator, type OperatorContext } from "./operator.js";
import { COMBINER_MAX_KEYS, entriesOf } from "./reduce-drivers.js";

export abstract class RunningValueReduce extends BaseOperator<any, any, ReduceNode> {
  /** Keys to ids; `firsts[id]` is the group's first record, `vals[id * width + j]` its running value of field j. */
  protected index: KeyIndex;
  protected firsts: any[] = [];
  protected vals: any[] = [];
  private readonly key: CompiledKey;
  private readonly copyIn: boolean;
  private readonly spill: KeyedSpill<any>;
  /** The first field, as a tuple position (or property) and as an object's property name. */
  protected readonly field: number | string;
  protected readonly name: string;
  /** Values per key: the number of fields. */
  protected readonly width: number;

  /**
   * `fields[j]` indexes a tuple (array) record, `names[j]` an object record ("f1" is index 1 of a
   * tuple but the property "f1" of an object).
   */
  constructor(
    ctx: OperatorContext<ReduceNode>,
    out: Operator,
    private readonly partial: boolean,
    protected readonly fields: readonly (number | string)[],
    protected readonly names: readonly string[],
  ) {
    super(ctx, out);
    this.field = fields[0]!;
    this.name = names[0]!;
    this.width = fields.length;
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

  /**
   * A new key's first record and value `v` of the first field (the others read from the record);
   * may emit (combiner) or spill (final) a full table.
   */
  protected addKey(record: any, v: unknown): void {
    const id = this.index.add();
    this.firsts[id] = keptRecord(record, this.copyIn);
    const n = this.width;
    if (n === 1) this.vals[id] = v;
    else {
      const fs = Array.isArray(record) ? this.fields : this.names;
      for (let j = 0; j < n; j++) this.vals[id * n + j] = record[fs[j]!];
    }
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
    const n = this.width;
    for (let id = 0; id < firsts.length; id++) {
      const r = firsts[id];
      const fs = Array.isArray(r) ? this.fields : this.names;
      for (let j = 0; j < n; j++) r[fs[j]!] = vals[id * n + j];
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
      for (const [, group] of this.spill.mergedGroups(entriesOf(...this.takeValues()))) {
        const acc = group[0];
        const fs = Array.isArray(acc) ? this.fields : this.names;
        for (let i = 1; i < group.length; i++) {
          const r = Array.isArray(group[i]) ? this.fields : this.names;
          for (let j = 0; j < fs.length; j++) acc[fs[j]!] = this.fold(acc[fs[j]!], group[i][r[j]!]);
        }
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
    // idOf's lookup written out: one call level less for V8 to inline on the per-record path
    // (group-sum 205 -> 192 ms, and level with p=1 in the default mode).
    let id: number;
    try {
      id = this.index.find(record);
    } catch (e) {
      throw this.fail(e);
    }
    const v = record[Array.isArray(record) ? this.field : this.name];
    if (id < 0) return this.addKey(record, v);
    try {
      this.vals[id] += v;
    } catch (e) {
      throw this.fail(e); // a bigint and a number: named as the record fold names it
    }
  }

  protected fold(acc: any, next: any): unknown {
    return acc + next;
  }
}

/**
 * Built-in SUMs of several distinct fields (`groupBy(k).sum(a).andSum(b)`): the same additions in
 * the same order as the record fold (`a[f] = a[f] + b[f]` per field), into running values.
 */
export class SumsReduceOperator extends SumReduceOperator {
  override collect(record: any): void {
    const id = this.idOf(record);
    const fs = Array.isArray(record) ? this.fields : this.names;
    if (id < 0) return this.addKey(record, record[fs[0]!]);
    const vals = this.vals;
    const n = this.width;
    const at = id * n;
    try {
      for (let j = 0; j < n; j++) vals[at + j] += record[fs[j]!];
    } catch (e) {
      throw this.fail(e);
    }
  }
}
