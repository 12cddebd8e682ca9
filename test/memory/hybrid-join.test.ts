/**
 * The hybrid hash join (runtime/drivers/join/hybrid-hash-join.ts): a hash join whose build side
 * outgrows its share spills hash partitions with their probe records and joins them one by one,
 * re-partitioning a partition still too big and joining by sort-merge past the last level. Under a
 * small budget every join type, with either side built, gives what it gives with plenty of memory,
 * for every record kind at p=1 and p=4; the hybrid's files were created and none is left.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { JoinHint, type DataSet, type ExecutionEnvironment } from "../../src/index.js";
import { HASH_JOIN_SPILL } from "../../src/runtime/drivers/join/hash-join-driver.js";
import { HYBRID_STATS, MAX_LEVEL } from "../../src/runtime/drivers/join/hybrid-hash-join.js";
import { readsOnly } from "../../src/optimizer/passes/reads-only.js";
import { heapSizeOf } from "../../src/runtime/memory/size-estimator.js";
import { PARALLELISMS } from "../helpers.js";
import { assertSpillsAlike, keyIn, keyOf, RECORD_KINDS, TINY_BUDGET, type RecordKind } from "./spill-helpers.js";

const N = 4000;

function input(env: ExecutionEnvironment, kind: RecordKind, keys: readonly number[], salt = 0): DataSet<any> {
  return env.fromCollection(keys.map((k, i) => kind.make(k, i + salt)));
}

const pair = (x: any, y: any): unknown[] => [x ?? null, y ?? null];

/** Inner, left, right and full outer joins of `a` and `b`, building either side. */
async function everyJoin(kind: RecordKind, a: DataSet<any>, b: DataSet<any>): Promise<unknown[]> {
  const k = kind.key as never;
  const out: unknown[] = [];
  for (const hint of [JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_HASH_SECOND]) {
    out.push(`inner ${hint}`, ...(await a.join(b, hint).where(k).equalTo(k).with(pair).collect()));
    out.push(`left ${hint}`, ...(await a.leftOuterJoin(b, hint).where(k).equalTo(k).with(pair).collect()));
    out.push(`right ${hint}`, ...(await a.rightOuterJoin(b, hint).where(k).equalTo(k).with(pair).collect()));
    out.push(`full ${hint}`, ...(await a.fullOuterJoin(b, hint).where(k).equalTo(k).with(pair).collect()));
  }
  return out;
}

/** Keys with repeats, and some on one side only (keys % 5 == 1 left only, % 7 == 2 right only). */
const leftKeys = Array.from({ length: N }, (_, i) => keyOf(i, N)).filter((k) => k % 7 !== 2);
const rightKeys = Array.from({ length: N }, (_, i) => keyOf(i + 11, N)).filter((k) => k % 5 !== 1);

/** Tuples of numbers (what a CSV source gives): their spilled partitions are joined on typed columns. */
const NUMBERS: RecordKind = RECORD_KINDS.find((k) => k.name === "number tuple")!;

for (const p of PARALLELISMS) {
  for (const kind of RECORD_KINDS) {
    test(`hybrid hash join, every join type, either side built: ${kind.name} records [p=${p}]`, async () => {
      HYBRID_STATS.typedJoined = 0;
      await assertSpillsAlike(p, (env) => everyJoin(kind, input(env, kind, leftKeys), input(env, kind, rightKeys, 5)), "hybrid");
      if (kind === NUMBERS) assert.ok(HYBRID_STATS.typedJoined > 0, "spilled partitions of number tuples were joined on their numbers");
    });

    // Number tuples held as numbers take half the bytes: a hot key too big for them at every level
    // would be too big for the sort-merge level's records (the typed tests below cover that kind).
    if (kind === NUMBERS) continue;
    test(`hybrid hash join re-partitions a partition still too big and sort-merges one that does not split: ${kind.name} records [p=${p}]`, async () => {
      // One hot key with more records than the join's share (70% of the budget) but less than the
      // whole budget: its partition spills at every level and is joined by sort-merge at the last.
      const budget = 256 * 1024;
      const hot = Math.ceil((0.9 * budget) / heapSizeOf(kind.make(1, 1)));
      const build = [...Array.from({ length: hot }, () => 1), ...leftKeys.map((k) => k + 2)];
      const probe = [1, 1, 1, ...rightKeys.map((k) => k + 2)];
      HYBRID_STATS.deepest = -1;
      HYBRID_STATS.sortMerged = 0;
      await assertSpillsAlike(p, (env) => {
        // The tiny run gets `budget`; the other keeps its plenty.
        if (env.getConfig().getMemoryBudget() === TINY_BUDGET) env.getConfig().setMemoryBudget(budget);
        const a = input(env, kind, build);
        const b = input(env, kind, probe, 3);
        return everyJoin(kind, a.filter(() => true), b.filter((r: any) => keyIn(kind, r) !== 4));
      }, "hybrid");
      assert.ok(HYBRID_STATS.deepest >= MAX_LEVEL - 1, `a partition spilled at every level (deepest ${HYBRID_STATS.deepest})`);
      assert.ok(HYBRID_STATS.sortMerged > 0, "the partition that did not split was joined by sort-merge");
    });
  }
}

for (const p of PARALLELISMS) {
  test(`typed partitions of number tuples: a function that changes its arguments sees no other call's change; other records mix in [p=${p}]`, async () => {
    // Repeated keys on both sides, so a record meets several others; the function overwrites both.
    const changing = (a: any, b: any): unknown[] => {
      const seen = [a?.[0] ?? null, a?.[1] ?? null, b?.[1] ?? null, b?.[2] ?? null];
      if (a) a[1] = -1;
      if (b) b[1] = -2;
      return seen;
    };
    // One probe record in 50 has a string field and one build record in 400 is an object: their
    // entries are general ones in typed partitions (probe) or make a partition general (build).
    const probeRecord = (k: number, i: number): unknown => (i % 50 === 0 ? [k, `s${i}`, i] : NUMBERS.make(k, i));
    const buildRecord = (k: number, i: number): unknown => (i % 400 === 0 ? { 0: k, v: i } : NUMBERS.make(k, i));
    HYBRID_STATS.typedJoined = 0;
    HYBRID_STATS.untyped = 0;
    await assertSpillsAlike(p, async (env) => {
      const a = env.fromCollection(leftKeys.map((k, i) => buildRecord(k, i))) as DataSet<any>;
      const b = env.fromCollection(rightKeys.map((k, i) => probeRecord(k, i))) as DataSet<any>;
      const out: unknown[] = [];
      for (const hint of [JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_HASH_SECOND]) {
        out.push(`inner ${hint}`, ...(await a.join(b, hint).where(0).equalTo(0).with(changing).collect()));
        out.push(`full ${hint}`, ...(await a.fullOuterJoin(b, hint).where(0).equalTo(0).with(changing).collect()));
      }
      return out;
    }, "hybrid");
    assert.ok(HYBRID_STATS.typedJoined > 0, "some partitions were joined on their numbers");
    assert.ok(HYBRID_STATS.untyped > 0, "a partition in memory met an object and turned into records");
  });
}

test("the sort-merge fallback (kept to measure against) gives the same joins", async () => {
  const kind = RECORD_KINDS[0]!;
  HASH_JOIN_SPILL.strategy = "sort-merge";
  try {
    await assertSpillsAlike(1, (env) => everyJoin(kind, input(env, kind, leftKeys), input(env, kind, rightKeys, 5)), "sort");
  } finally {
    HASH_JOIN_SPILL.strategy = "hybrid";
  }
});

for (const p of PARALLELISMS) {
  test(`typed partitions: a function that only reads its arguments gets the rows' values, every join type, either side built [p=${p}]`, async () => {
    // Reads-only (plan: reads_only), so the join hands it one reused array per side.
    const readFields = (a: any, b: any): unknown[] => [
      a === null ? null : a[0], a === null ? null : a[1], a === null ? null : a[2],
      b === null ? null : b[0], b === null ? null : b[1], b === null ? null : b[2],
    ];
    assert.ok(readsOnly(readFields), "the function counts as reads-only");
    const left = leftKeys.map((k, i) => NUMBERS.make(k, i) as number[]);
    const right = rightKeys.map((k, i) => NUMBERS.make(k, i + 5) as number[]);
    const expected: unknown[] = [];
    for (const hint of [JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_HASH_SECOND]) {
      for (const type of ["inner", "left", "right", "full"]) {
        expected.push(`${type} ${hint}`);
        for (const l of left) {
          const ms = right.filter((r) => Object.is(r[0], l[0]));
          for (const r of ms) expected.push(readFields(l, r));
          if (ms.length === 0 && (type === "left" || type === "full")) expected.push(readFields(l, null));
        }
        if (type === "right" || type === "full") for (const r of right) if (!left.some((l) => l[0] === r[0])) expected.push(readFields(null, r));
      }
    }
    HYBRID_STATS.typedJoined = 0;
    let results: unknown[] = [];
    await assertSpillsAlike(p, async (env) => {
      const a = env.fromCollection(left.map((r) => [...r]));
      const b = env.fromCollection(right.map((r) => [...r]));
      const out: unknown[] = [];
      for (const hint of [JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_HASH_SECOND]) {
        out.push(`inner ${hint}`, ...(await a.join(b, hint).where(0).equalTo(0).with(readFields).collect()));
        out.push(`left ${hint}`, ...(await a.leftOuterJoin(b, hint).where(0).equalTo(0).with(readFields).collect()));
        out.push(`right ${hint}`, ...(await a.rightOuterJoin(b, hint).where(0).equalTo(0).with(readFields).collect()));
        out.push(`full ${hint}`, ...(await a.fullOuterJoin(b, hint).where(0).equalTo(0).with(readFields).collect()));
      }
      results = out;
      return out;
    }, "hybrid");
    assert.ok(HYBRID_STATS.typedJoined > 0, "spilled partitions were joined on their numbers");
    const text = (xs: unknown[]): string[] => xs.map((x) => JSON.stringify(x, (_k, v: unknown) => (typeof v === "number" && !Number.isFinite(v) ? String(v) : Object.is(v, -0) ? "-0" : v))).sort();
    assert.deepEqual(text(results), text(expected));
  });
}
