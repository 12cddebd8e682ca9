/**
 * Built-in aggregations (Flink's AggregateOperator): SUM, MIN, MAX over fields, as a combinable
 * reduce. Non-aggregated fields keep the value of the group's last record, as Flink's
 * AggregatingUdf does (it copies the last record and sets the aggregated fields).
 */
import { Aggregations } from "../../common/enums.js";
import { compileGetter, type FieldRef } from "../../common/field-access.js";
import { compareKeys } from "../../common/keys.js";
import { copyRecord } from "../../common/copy.js";

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
 * It folds `b` into the accumulator `a` and returns `a`: the reduce drivers hand built-in
 * functions an owned accumulator, so no record is allocated per step. The other fields take
 * `b`'s values, so the result carries the group's last record, as Flink's AggregatingUdf does.
 */
export function aggregationReducer(aggs: readonly AggregationSpec[]): (a: any, b: any) => any {
  let fold: ((a: any, b: any) => any) | undefined;
  return (a, b) => (fold ??= compileFold(aggs))(a, b);
}

function compileFold(aggs: readonly AggregationSpec[]): (a: any, b: any) => any {
  const positions = aggs.map((s) => (typeof s.field === "number" ? s.field : /^f\d+$/.test(s.field) ? Number(s.field.slice(1)) : undefined));
  if (positions.every((p) => p !== undefined)) {
    // Tuples: a typed fast path for one SUM, else a loop over the aggregations.
    const pos = positions as number[];
    const kinds = aggs.map((s) => s.agg);
    const aggregated = new Set(pos);
    let objects: ((a: any, b: any) => any) | undefined;
    let others: number[] = [];
    let othersFor = -1;
    const takeOthers = (a: any[], b: any[]): void => {
      if (b.length !== othersFor) {
        others = Array.from({ length: b.length }, (_, i) => i).filter((i) => !aggregated.has(i));
        othersFor = b.length;
      }
      for (let j = 0; j < others.length; j++) {
        const i = others[j]!;
        const v = b[i];
        a[i] = typeof v === "object" && v !== null ? copyRecord(v) : v;
      }
    };
    if (pos.length === 1 && kinds[0] === Aggregations.SUM) {
      const f = pos[0]!;
      return (a, b) => {
        if (!Array.isArray(b)) return (objects ??= objectFold(aggs))(a, b);
        a[f] = a[f] + b[f];
        if (b.length > 1) takeOthers(a, b);
        return a;
      };
    }
    return (a, b) => {
      if (!Array.isArray(b)) return (objects ??= objectFold(aggs))(a, b);
      for (let i = 0; i < pos.length; i++) a[pos[i]!] = combine(kinds[i]!, a[pos[i]!], b[pos[i]!]);
      takeOthers(a, b);
      return a;
    };
  }
  return objectFold(aggs);
}

/**
 * Objects (POJOs): the aggregates are folded into the accumulator's own properties; its other
 * fields stay those of the group's first record (Flink allows aggregations on tuples only, and
 * leaves non-aggregated fields unspecified), so no per-record copying is needed.
 */
function objectFold(aggs: readonly AggregationSpec[]): (a: any, b: any) => any {
  const plain = aggs.every((s) => typeof s.field === "string" && !s.field.includes(".") && s.field !== "*");
  if (plain && aggs.length === 1 && aggs[0]!.agg === Aggregations.SUM) {
    const f = aggs[0]!.field as string;
    return (a, b) => {
      a[f] = a[f] + b[f];
      return a;
    };
  }
  if (plain) {
    const names = aggs.map((s) => s.field as string);
    const kinds = aggs.map((s) => s.agg);
    return (a, b) => {
      for (let i = 0; i < names.length; i++) a[names[i]!] = combine(kinds[i]!, a[names[i]!], b[names[i]!]);
      return a;
    };
  }
  const compiled = aggs.map((s) => ({ agg: s.agg, get: compileGetter(s.field), set: compileSetter(s.field) }));
  return (a, b) => {
    for (const c of compiled) c.set(a, combine(c.agg, c.get(a), c.get(b)));
    return a;
  };
}

export function describeAggregations(aggs: readonly AggregationSpec[]): string {
  return aggs.map((a) => `${a.agg}(${a.field})`).join(", ");
}
