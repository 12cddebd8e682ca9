/**
 * Two-field keys held in KeyIndex's pair tables (int pairs, number/string pairs) spill as
 * sorted runs by their hashable (KeyIndex.keyOf) and merge back by key: under a tiny budget the
 * grouping operators give what they give with plenty of memory, at p=1 and p=4.
 */
import { test } from "node:test";
import type { DataSet, ExecutionEnvironment } from "../../src/index.js";
import { PARALLELISMS } from "../helpers.js";
import { assertSpillsAlike, keyOf } from "./spill-helpers.js";

const N = 6000;

/** Second leaves of every pair-table kind: int (int-pair table), string, double, NaN (nested Maps). */
function second(i: number): number | string {
  switch (i % 4) {
    case 0: return i % 5;
    case 1: return `s${i % 3}`;
    case 2: return (i % 3) + 0.5;
    default: return i % 7 === 0 ? NaN : -(i % 4);
  }
}

type Row = [number, number | string, number];

function rows(env: ExecutionEnvironment): DataSet<Row> {
  return env.fromCollection(Array.from({ length: N }, (_, i) => [keyOf(i, N) - 500, second(i), i] as Row));
}

const CASES: { name: string; job: (env: ExecutionEnvironment) => Promise<unknown[]> }[] = [
  { name: "distinct on two fields", job: (env) => rows(env).distinct(0, 1).map((r: Row) => [r[0], r[1]]).collect() },
  { name: "distinct() of pair tuples", job: (env) => rows(env).map((r: Row) => [r[0], r[1]]).distinct().collect() },
  { name: "reduce on two fields", job: (env) => rows(env).groupBy(0, 1).reduce((a: Row, b: Row) => (a[2] <= b[2] ? a : b)).collect() },
  { name: "sum on two fields", job: (env) => rows(env).groupBy(0, 1).sum(2).collect() },
  {
    name: "group reduce on two fields",
    job: (env) => rows(env).groupBy(0, 1).reduceGroup((values: Iterable<Row>, out) => {
      let n = 0;
      let min = Infinity;
      let k: unknown[] = [];
      for (const v of values) {
        n++;
        min = Math.min(min, v[2]);
        k = [v[0], v[1]];
      }
      out.collect([k, n, min]);
    }).collect(),
  },
];

for (const p of PARALLELISMS) {
  for (const c of CASES) {
    test(`${c.name} with pair keys within a tiny budget [p=${p}]`, () => assertSpillsAlike(p, c.job, "sort"));
  }
}
