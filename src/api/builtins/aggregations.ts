/**
 * Built-in aggregations (Flink's AggregateOperator): SUM, MIN, MAX over fields, as a combinable
 * reduce. Non-aggregated fields keep the value of the group's last record, as Flink's
 * AggregatingUdf does (it copies the last record and sets the aggregated fields).
 */
import { Aggregations } from "../../common/enums.js";
import { compileGetter, type FieldRef } from "../../common/field-access.js";
import { compareKeys } from "../../common/keys.js";

export interface AggregationSpec {
  readonly agg: Aggregations;
  readonly field: FieldRef;
}

type Setter = (record: any, value: unknown) => void;

function compileSetter(ref: FieldRef): Setter {
  if (typeof ref === "number") return (r, v) => { r[ref] = v; };
  const pos = /^f\d+$/.test(ref) ? Number(ref.slice(1)) : undefined;
  return (r, v) => {
    if (pos !== undefined && Array.isArray(r)) r[pos] = v;
    else r[ref] = v;
  };
}

function combine(agg: Aggregations, x: any, y: any): unknown {
  switch (agg) {
    case Aggregations.SUM:
      return x + y;
    case Aggregations.MIN:
      return compareKeys(x, y) <= 0 ? x : y;
    case Aggregations.MAX:
      return compareKeys(x, y) >= 0 ? x : y;
  }
}

/**
 * A reduce function applying `aggs` (which `.and(...)` may still extend before the job runs).
 * It writes the aggregates into `b` and returns it: the reduce drivers hand built-in functions
 * records they own, so no new record is allocated per step.
 */
export function aggregationReducer(aggs: readonly AggregationSpec[]): (a: any, b: any) => any {
  let compiled: { agg: Aggregations; get: (r: any) => unknown; set: Setter }[] | undefined;
  return (a, b) => {
    compiled ??= aggs.map((s) => ({ agg: s.agg, get: compileGetter(s.field), set: compileSetter(s.field) }));
    for (const c of compiled) c.set(b, combine(c.agg, c.get(a), c.get(b)));
    return b;
  };
}

export function describeAggregations(aggs: readonly AggregationSpec[]): string {
  return aggs.map((a) => `${a.agg}(${a.field})`).join(", ");
}
