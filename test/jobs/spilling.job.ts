/**
 * Every record-holding operator on every record kind, with the memory budget the caller gives
 * (a tiny one makes each of them spill): sort, hash and sort-merge joins (inner and outer), coGroup,
 * reduce, sum, distinct, group reduce (hashed, sorted, first-n), mapPartition. Returns each
 * result as sorted exact texts, so runs in other modes and budgets compare equal.
 */
import { inspect } from "node:util";
import { defineJob, JoinHint, Order, type DataSet, type ExecutionEnvironment } from "../../src/index.js";
import { keyIn, keyOf, Point, RECORD_KINDS, type RecordKind } from "../memory/spill-kinds.js";

const exact = (v: unknown): string => inspect(v, { depth: null, sorted: true, breakLength: Infinity, maxArrayLength: null });

export default defineJob(async (env, args: { budget?: number; n?: number }) => {
  env.registerType(Point);
  if (args.budget !== undefined) env.getConfig().setMemoryBudget(args.budget);
  const n = Number(args.n ?? 3000);
  const out: Record<string, string[]> = {};
  for (const kind of RECORD_KINDS) {
    for (const [name, ds] of Object.entries(jobs(env, kind, n))) out[`${kind.name} ${name}`] = (await ds.collect()).map(exact).sort();
  }
  return out;
});

function jobs(env: ExecutionEnvironment, kind: RecordKind, n: number): Record<string, DataSet<any>> {
  const key = kind.key as never;
  const input = (m: number, salt: number): DataSet<any> => env.fromCollection(Array.from({ length: m }, (_, i) => kind.make(keyOf(i + salt, m), i + salt)));
  const a = input(n, 0);
  const b = input(n / 2, 7);
  const pair = (x: any, y: any): unknown[] => [x ?? null, y ?? null];
  return {
    sort: a.rebalance().sortPartition(key, Order.ASCENDING).map((r: any) => [keyIn(kind, r), kind.idx(r)]),
    hashJoin: a.join(b, JoinHint.REPARTITION_HASH_FIRST).where(key).equalTo(key),
    hashFullOuter: a.filter((r: any) => keyIn(kind, r) % 3 !== 0).fullOuterJoin(b, JoinHint.REPARTITION_HASH_FIRST).where(key).equalTo(key).with(pair),
    mergeLeftOuter: a.leftOuterJoin(b.filter((r: any) => keyIn(kind, r) % 2 === 0), JoinHint.REPARTITION_SORT_MERGE).where(key).equalTo(key).with(pair),
    coGroup: a.coGroup(b).where(key).equalTo(key).with((xs: Iterable<any>, ys: Iterable<any>, o) => {
      o.collect([[...xs].map(kind.idx).sort((p, q) => p - q), [...ys].map(kind.idx).sort((p, q) => p - q)]);
    }),
    reduce: a.groupBy(key).reduce((x: any, y: any) => (kind.idx(x) <= kind.idx(y) ? x : y)),
    distinct: a.distinct(key).map((r: any) => keyIn(kind, r)),
    groupReduce: a.groupBy(key).reduceGroup((vs: Iterable<any>, o) => {
      const all = [...vs];
      o.collect([keyIn(kind, all[0]), all.length]);
    }),
    firstN: a.map((r: any) => [keyIn(kind, r), kind.idx(r), r] as [number, number, unknown]).groupBy(0).sortGroup(1, Order.ASCENDING).first(2),
    mapPartition: a.mapPartition((vs: Iterable<any>, o) => {
      for (const v of vs) o.collect(v);
    }),
    sum: a.map((r: any) => [keyIn(kind, r), kind.idx(r)] as [number, number]).groupBy(0).sum(1),
  };
}
