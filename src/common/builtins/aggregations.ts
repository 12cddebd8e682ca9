/**
 * Built-in aggregations (Flink's AggregateOperator): SUM, MIN, MAX over fields, as a combinable
 * reduce. The aggregates are folded into the group's first record, which the reduce drivers own;
 * its other fields are kept as they are (Flink leaves non-aggregated fields unspecified).
 * SUMs alone (of distinct fields) and a single MIN or MAX run on the drivers' running-value paths
 * (see `sumFields`, `singleMinMax`).
 */
import { Aggregations } from "../enums.js";
import { compileGetter, type FieldRef } from "../field-access.js";
import { compareKeys } from "../keys.js";

export interface AggregationSpec {
  readonly agg: Aggregations;
  readonly field: FieldRef;
}

/** An aggregation's reduce function, carrying its (live) list of aggregations. */
export type AggregationReducer = ((a: any, b: any) => any) & { readonly aggregations: readonly AggregationSpec[] };

/** A field as something the record path can index directly: a tuple position or a property name. */
export function directField(ref: FieldRef): number | string | undefined {
  if (typeof ref === "number") return ref;
  if (/^f?\d+$/.test(ref)) return Number(ref[0] === "f" ? ref.slice(1) : ref);
  return ref === "*" || ref.includes(".") ? undefined : ref;
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
 * A reduce function applying `aggs` (which `.and(...)` may still extend before the job runs):
 * folds `b` into the accumulator `a` and returns `a`, so no record is allocated per step.
 */
export function aggregationReducer(aggs: readonly AggregationSpec[]): AggregationReducer {
  let fold: ((a: any, b: any) => any) | undefined;
  const reducer = (a: any, b: any): any => (fold ??= compileFold(aggs))(a, b);
  return Object.assign(reducer, { aggregations: aggs });
}

/**
 * The fields of a reducer that only SUMs, each a field records can index directly (`fields[j]` for
 * a tuple, `names[j]` for an object: "f1" is index 1 of a tuple, property "f1" of an object), no
 * field twice (`sum(1).andSum(1)` adds each value twice, as the record fold does); else undefined.
 */
export function sumFields(fn: unknown): { readonly fields: readonly (number | string)[]; readonly names: readonly string[] } | undefined {
  const aggs = (fn as Partial<AggregationReducer> | undefined)?.aggregations;
  if (!aggs || aggs.length === 0 || aggs.some((a) => a.agg !== Aggregations.SUM)) return undefined;
  const fields = aggs.map((a) => directField(a.field));
  if (fields.some((f) => f === undefined)) return undefined;
  const names = aggs.map((a) => String(a.field));
  if (new Set(fields).size !== fields.length || new Set(names).size !== names.length) return undefined;
  return { fields: fields as (number | string)[], names };
}

/**
 * The field and kind of a lone MIN or MAX that records can index directly, if that is all the
 * reducer does (the running MIN/MAX drivers: runtime/drivers/min-max-reduce.ts).
 */
export function singleMinMax(fn: unknown): { readonly field: number | string; readonly max: boolean } | undefined {
  const aggs = (fn as Partial<AggregationReducer> | undefined)?.aggregations;
  if (!aggs || aggs.length !== 1) return undefined;
  const agg = aggs[0]!.agg;
  if (agg !== Aggregations.MIN && agg !== Aggregations.MAX) return undefined;
  const field = directField(aggs[0]!.field);
  return field === undefined ? undefined : { field, max: agg === Aggregations.MAX };
}

function compileFold(aggs: readonly AggregationSpec[]): (a: any, b: any) => any {
  const direct = aggs.map((s) => directField(s.field));
  if (direct.every((f) => f !== undefined)) {
    const fields = direct as (number | string)[];
    const kinds = aggs.map((s) => s.agg);
    // "f1" names index 1 of a tuple but the property "f1" of an object.
    const names = aggs.map((s) => (typeof s.field === "string" ? s.field : String(s.field)));
    return generatedFold(fields, names, kinds);
  }
  const compiled = aggs.map((s) => ({ agg: s.agg, get: compileGetter(s.field), set: setterOf(s.field) }));
  return (a, b) => {
    for (const c of compiled) c.set(a, combine(c.agg, c.get(a), c.get(b)));
    return a;
  };
}

const FOLDS = new Map<string, (a: any, b: any) => any>();

/**
 * The fold over direct fields as generated code, one statement per aggregation (`a[1] = a[1] +
 * b[1]` for a tuple, `a["v"] = ...` for an object), cached per signature: V8 compiles it as one
 * small function instead of a loop over a switch, which a grouped aggregation calls per record.
 * Field names enter the code only through JSON.stringify.
 */
function generatedFold(fields: readonly (number | string)[], names: readonly string[], kinds: readonly Aggregations[]): (a: any, b: any) => any {
  const signature = JSON.stringify([fields, names, kinds]);
  const known = FOLDS.get(signature);
  if (known !== undefined) return known;
  const step = (f: string, agg: Aggregations): string => {
    switch (agg) {
      case Aggregations.SUM: return `a[${f}] = a[${f}] + b[${f}];`;
      case Aggregations.MIN: return `if (compareKeys(b[${f}], a[${f}]) < 0) a[${f}] = b[${f}];`;
      case Aggregations.MAX: return `if (compareKeys(b[${f}], a[${f}]) > 0) a[${f}] = b[${f}];`;
    }
  };
  const tuple = fields.map((f, i) => step(JSON.stringify(f), kinds[i]!)).join(" ");
  const object = names.map((f, i) => step(JSON.stringify(f), kinds[i]!)).join(" ");
  const body = `return function fold(a, b) { if (Array.isArray(a)) { ${tuple} } else { ${object} } return a; };`;
  const fold = new Function("compareKeys", body)(compareKeys) as (a: any, b: any) => any;
  FOLDS.set(signature, fold);
  return fold;
}

/** Sets a dotted path's last property on the object the rest of the path leads to. */
function setterOf(ref: FieldRef): (record: any, value: unknown) => void {
  const path = String(ref).split(".");
  const last = path.pop()!;
  const parent = path.length === 0 ? (r: any) => r : compileGetter(path.join("."));
  return (r, v) => {
    const p = parent(r) as any;
    const pos = /^f\d+$/.test(last) && Array.isArray(p) ? Number(last.slice(1)) : last;
    p[pos] = v;
  };
}

export function describeAggregations(aggs: readonly AggregationSpec[]): string {
  return aggs.map((a) => `${a.agg}(${a.field})`).join(", ");
}
