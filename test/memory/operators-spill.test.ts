/**
 * Every record-holding operator under a tiny budget gives the result it gives with plenty of
 * memory, for every record kind, at p=1 and p=4; in process each test also checks that the
 * operator's own structure spilled (files of its kind) and that no spill file is left.
 */
import { test } from "node:test";
import { JoinHint, Order, type DataSet, type ExecutionEnvironment } from "../../src/index.js";
import { PARALLELISMS } from "../helpers.js";
import { assertSpillsAlike, keyIn, keyOf, RECORD_KINDS, type RecordKind } from "./spill-helpers.js";

const N = 6000;

/** `spread`: keys multiplied by it (sparse int keys, which a distinct's dense bit set does not take). */
function input(env: ExecutionEnvironment, kind: RecordKind, n = N, salt = 0, spread = 1): DataSet<any> {
  return env.fromCollection(Array.from({ length: n }, (_, i) => kind.make(keyOf(i + salt, n) * spread, i + salt)));
}

/** The record with the smaller running number: a deterministic reduce whatever the order. */
const smaller = (kind: RecordKind) => (a: any, b: any): any => (kind.idx(a) <= kind.idx(b) ? a : b);

type Case = { name: string; spills: string; job: (env: ExecutionEnvironment, kind: RecordKind) => Promise<unknown[]> };

const CASES: Case[] = [
  { name: "hash reduce (combiner and final)", spills: "sort", job: (env, kind) => input(env, kind).groupBy(kind.key as never).reduce(smaller(kind)).collect() },
  // Four times the records: int keys sit in an 8-byte-a-slot table, so p=4's subtasks need ~2000 keys each to fill a 16 KiB set;
  // spread over 1009 times their range, so they outgrow the dense bit set (a range of 8000 keys would take 1 KB of bits).
  { name: "distinct", spills: "sort", job: (env, kind) => input(env, kind, 4 * N, 0, 1009).distinct(kind.key as never).map((r: any) => keyIn(kind, r)).collect() },
  {
    name: "hash group reduce",
    spills: "sort",
    job: (env, kind) =>
      input(env, kind).groupBy(kind.key as never).reduceGroup((values: Iterable<any>, out) => {
        let n = 0;
        let min = Infinity;
        let k = 0;
        for (const v of values) {
          n++;
          min = Math.min(min, kind.idx(v));
          k = keyIn(kind, v);
        }
        out.collect([k, n, min]);
      }).collect(),
  },
  {
    name: "sorted group reduce, first-n of sorted groups",
    spills: "sort",
    job: (env, kind) => input(env, kind).map((r: any) => [keyIn(kind, r), kind.idx(r), r] as [number, number, unknown])
      .groupBy(0).sortGroup(1, Order.DESCENDING).first(2).collect(),
  },
  {
    name: "group reduce over everything (no key)",
    spills: "group",
    job: (env, kind) => input(env, kind).reduceGroup((values: Iterable<any>, out) => {
      const all = [...values];
      out.collect([all.length, all.reduce((s, v) => s + kind.idx(v), 0), all[all.length - 1]]);
    }).collect(),
  },
  {
    name: "mapPartition",
    spills: "partition",
    job: (env, kind) => input(env, kind).mapPartition((values: Iterable<any>, out) => {
      for (const v of values) out.collect(v);
    }).collect(),
  },
  {
    name: "hash join, inner and outer (build side past its share)",
    spills: "hybrid",
    job: async (env, kind) => {
      const a = input(env, kind);
      const b = input(env, kind, N / 2, 7);
      const inner = await a.join(b, JoinHint.REPARTITION_HASH_FIRST).where(kind.key as never).equalTo(kind.key as never).collect();
      const pair = (x: any, y: any): unknown[] => [x ?? null, y ?? null];
      const left = await b.leftOuterJoin(a.filter((r: any) => keyIn(kind, r) % 2 === 0), JoinHint.REPARTITION_HASH_SECOND)
        .where(kind.key as never).equalTo(kind.key as never).with(pair).collect();
      const a3 = a.filter((r: any) => keyIn(kind, r) % 3 !== 0);
      const full = await a3.fullOuterJoin(b.filter((r: any) => keyIn(kind, r) % 2 === 0), JoinHint.REPARTITION_HASH_FIRST)
        .where(kind.key as never).equalTo(kind.key as never).with(pair).collect();
      return [...inner, "left", ...left, "full", ...full];
    },
  },
  {
    name: "sort-merge join, inner and full outer",
    spills: "held",
    job: async (env, kind) => {
      const a = input(env, kind);
      const b = input(env, kind, N / 2, 7);
      const pair = (x: any, y: any): unknown[] => [x ?? null, y ?? null];
      const inner = await a.join(b, JoinHint.REPARTITION_SORT_MERGE).where(kind.key as never).equalTo(kind.key as never).collect();
      const a3 = a.filter((r: any) => keyIn(kind, r) % 3 !== 0);
      const full = await a3.fullOuterJoin(b.filter((r: any) => keyIn(kind, r) % 2 === 0), JoinHint.REPARTITION_SORT_MERGE)
        .where(kind.key as never).equalTo(kind.key as never).with(pair).collect();
      return [...inner, "full", ...full];
    },
  },
  {
    // No group order: the hash coGroup, whose groups past its share go to sorts by key and merge.
    name: "coGroup (hash)",
    spills: "sort",
    job: (env, kind) => coGrouped(env, kind, false),
  },
  {
    // A group order: the sort-merge coGroup, holding its sorted first input.
    name: "coGroup (sort-merge, group order)",
    spills: "held",
    job: (env, kind) => coGrouped(env, kind, true),
  },
];

function coGrouped(env: ExecutionEnvironment, kind: RecordKind, groupOrder: boolean): Promise<unknown[]> {
  const grouped = input(env, kind).filter((r: any) => keyIn(kind, r) % 5 !== 0)
    .coGroup(input(env, kind, N / 2, 3).filter((r: any) => keyIn(kind, r) % 2 === 0))
    .where(kind.key as never).equalTo(kind.key as never);
  return (groupOrder ? grouped.sortFirstGroup(kind.key as never, Order.ASCENDING) : grouped).with((xs: Iterable<any>, ys: Iterable<any>, out) => {
    const a = [...xs];
    const b = [...ys];
    out.collect([a.length, b.length, a.map(kind.idx).sort((x, y) => x - y), b.map(kind.idx).sort((x, y) => x - y)]);
  }).collect();
}

for (const p of PARALLELISMS) {
  for (const c of CASES) {
    for (const kind of RECORD_KINDS) {
      test(`${c.name} within a tiny budget: ${kind.name} records [p=${p}]`, () => assertSpillsAlike(p, (env) => c.job(env, kind), c.spills));
    }
  }
  test(`a keyed sum spills its running sums [p=${p}]`, () =>
    assertSpillsAlike(p, (env) => env.fromCollection(Array.from({ length: N }, (_, i) => [keyOf(i, N), i] as [number, number])).groupBy(0).sum(1).collect(), "sort"));
}
