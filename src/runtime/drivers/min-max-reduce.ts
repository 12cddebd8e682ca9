/**
 * A lone built-in MIN or MAX (`groupBy(k).min(f)`, `aggregate(MAX, f)`) as a running value per
 * key (running-value-reduce.ts, like the running sum), values in an array by key id (KeyIndex), the
 * group's first record kept aside and given the value when the table is emitted. The record-path
 * fold (`a[f] = compareKeys(b[f], a[f]) < 0 ? b[f] : a[f]`, through the reducer and the generated
 * fold) becomes one probe and one comparison per record, of two numbers where both are numbers.
 * Same order as the fold (compareKeys: -0 before 0, NaN after every number), same result record:
 * the group's first record with the smallest (largest) value, ties keep the earlier value.
 */
import { compareKeys } from "../../common/keys.js";
import type { ReduceNode } from "../../plan/logical.js";
import type { Operator, OperatorContext } from "./operator.js";
import { RunningValueReduce } from "./running-value-reduce.js";

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

export class MinMaxReduceOperator extends RunningValueReduce {
  /** `v` replaces the running value `cur`: `before` for MIN, `after` for MAX. */
  private readonly better: (v: unknown, cur: unknown) => boolean;

  constructor(
    ctx: OperatorContext<ReduceNode>,
    out: Operator,
    partial: boolean,
    max: boolean,
    field: number | string,
    name: string,
  ) {
    super(ctx, out, partial, [field], [name]);
    this.better = max ? after : before;
  }

  collect(record: any): void {
    const id = this.idOf(record);
    const v: unknown = record[Array.isArray(record) ? this.field : this.name];
    if (id < 0) return this.addKey(record, v);
    if (this.better(v, this.vals[id])) this.vals[id] = v;
  }

  protected fold(acc: unknown, next: unknown): unknown {
    return this.better(next, acc) ? next : acc;
  }
}
