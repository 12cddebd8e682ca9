/**
 * A lone built-in MIN or MAX (`groupBy(k).min(f)`, `aggregate(MAX, f)`) as a running value per
 * key: like the running sum (SumReduceOperator), values in an array by key id (KeyIndex), the
 * group's first record kept aside and given the value when the table is emitted. The record-path
 * fold (`a[f] = compareKeys(b[f], a[f]) < 0 ? b[f] : a[f]`, through the reducer and the generated
 * fold) becomes one probe and one comparison per record, of two numbers where both are numbers.
 * Same order as the fold (compareKeys: -0 before 0, NaN after every number), same result record:
 * the group's first record with the smallest (largest) value, ties keep the earlier value.
 */
import { copyRecord } from "../../common/copy.js";
import { compareKeys, type CompiledKey } from "../../common/keys.js";
import type { ReduceNode } from "../../plan/logical.js";
import { subtaskKey } from "../../common/subtask-key.js";
import { KeyIndex } from "../hash/keyed-map.js";
import { groupsOf, KeyedSpill } from "../spill/keyed-spill.js";
import { BaseOperator, holderOf, type Operator, type OperatorContext } from "./operator.js";
import { COMBINER_MAX_KEYS, entriesOf } from "./reduce-drivers.js";

/** Whether `v` comes before `cur` in the key order (compareKeys), two numbers without a call. */
export function before(v: unknown, cur: unknown): boolean {
  if (typeof v === "number" && typeof cur === "number") {
    if (v < cur) return true;
    if (v > cur) return false;
  }
  // Equal numbers (-0 and 0 differ in the key order), NaN, and every other value.
  return compareKeys(v, cur) < 0;
}

/** Whether `v` comes after `cur` in the key order. */
export function after(v: unknown, cur: unknown): boolean {
  if (typeof v === "number" && typeof cur === "number") {
    if (v > cur) return true;
    if (v < cur) return false;
  }
  return compareKeys(v, cur) > 0;
}

export class MinMaxReduceOperator extends BaseOperator<any, any, ReduceNode> {
  /** Keys to ids; `firsts[id]` is the group's first record, `vals[id]` its running MIN/MAX. */
  private index: KeyIndex;
  private firsts: any[] = [];
  private vals: unknown[] = [];
  private readonly key: CompiledKey;
  private readonly copyIn: boolean;
  private readonly spill: KeyedSpill<any>;
  /** `v` replaces the running value `cur`: `before` for MIN, `after` for MAX. */
  private readonly better: (v: unknown, cur: unknown) => boolean;

  constructor(
    ctx: OperatorContext<ReduceNode>,
    out: Operator,
    private readonly partial: boolean,
    max: boolean,
    private readonly field: number | string,
    private readonly name: string,
  ) {
    super(ctx, out);
    this.key = subtaskKey(ctx.node.logical.key!, ctx.node.name);
    this.index = new KeyIndex(this.key);
    this.copyIn = !ctx.inputOwned;
    this.spill = new KeyedSpill(holderOf(ctx));
    this.better = max ? after : before;
  }

  collect(record: any): void {
    let id: number;
    try {
      id = this.index.find(record);
    } catch (e) {
      throw this.fail(e);
    }
    const v: unknown = record[Array.isArray(record) ? this.field : this.name];
    if (id < 0) {
      id = this.index.add();
      this.firsts[id] = this.copyIn ? copyRecord(record) : record;
      this.vals[id] = v;
      if (this.spill.full(record)) this.tableFull();
      else if (this.partial && id + 1 >= COMBINER_MAX_KEYS) this.flush();
      return;
    }
    if (this.better(v, this.vals[id])) this.vals[id] = v;
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

  /** The table holds its share: a combiner emits it, a final reduce spills its partial values. */
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
        for (let i = 1; i < group.length; i++) if (this.better(group[i][f], acc[f])) acc[f] = group[i][f];
        this.out.collect(acc);
      }
    } finally {
      this.spill.dispose();
    }
    return this.out.finish();
  }
}
