/**
 * distinct() on its own drivers (runtime/drivers/distinct-driver.ts): the plan names them (Hash
 * Distinct, with Hash Combine (distinct) before a shuffle) and sizes the table from the input's
 * estimate; the records are those the general path gives (a reduce keeping the first record of
 * each key, what distinct ran on before) for every record and key kind; a record goes on as its
 * key is first seen; a full key set spills the other keys' records and merges them (tiny budget,
 * p=1 and p=4); records pass on uncopied, yet a consumer that mutates them changes neither the
 * user's elements nor another consumer's records.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, type DataSet } from "../../src/index.js";
import { PARALLELISMS, planNodes, testAtParallelism } from "../helpers.js";
import { assertSpillsAlike, envWith, exact, Point, spillRoot, TINY_BUDGET } from "../memory/spill-helpers.js";
import { SPILL_STATS } from "../../src/runtime/spill/spill-space.js";

interface PlanNodeJson {
  id: number;
  contents: string;
  driver_strategy: string;
  expected_keys?: number;
  ownership?: { output_owned: boolean; input_owned: boolean };
  predecessors?: { id: number; ship_strategy: string }[];
}

const noop = { open() {}, writeRecord() {}, close() {} };

function plan(env: ExecutionEnvironment): PlanNodeJson[] {
  return (JSON.parse(env.getExecutionPlan()) as { nodes: PlanNodeJson[] }).nodes;
}

test("distinct runs on Hash Distinct, sized from the input's estimate, passing its input's ownership on [p=1]", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  env.fromCollection(Array.from({ length: 500 }, (_, i) => ({ a: i % 7, b: i % 5, c: i }))).distinct("a", "b").name("d").output(noop);
  const d = plan(env).find((n) => n.contents === "d")!;
  assert.equal(d.driver_strategy, "Hash Distinct");
  assert.equal(d.expected_keys, 500);
  // Chained to the collection source: it hands the user's elements on, not owned.
  assert.deepEqual(d.ownership, { output_owned: false, input_owned: false });
});

test("distinct before a shuffle: Hash Combine (distinct), then Hash Distinct on owned records [p=4]", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  env.fromCollection(Array.from({ length: 800 }, (_, i) => [i % 9, `s${i % 4}`] as [number, string])).distinct().name("d").output(noop);
  const nodes = plan(env);
  const d = nodes.find((n) => n.contents === "d")!;
  const combiner = nodes.find((n) => n.id === d.predecessors![0]!.id)!;
  assert.equal(d.driver_strategy, "Hash Distinct");
  assert.equal(combiner.driver_strategy, "Hash Combine (distinct)");
  assert.equal(d.predecessors![0]!.ship_strategy, "Hash Partition on [*]");
  assert.equal(combiner.expected_keys, 800, "the combiner's subtask sees the whole collection");
  assert.equal(d.expected_keys, 200, "each of 4 subtasks a quarter");
  assert.deepEqual(d.ownership, { output_owned: true, input_owned: true });
});

test("a key selector's distinct and one after a user function run on Hash Distinct too", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const src = env.generateSequence(1, 100);
  src.distinct((x: number) => x % 10).name("selector").output(noop);
  src.map((x) => [x % 3, x] as [number, number]).distinct(0).name("after map").output(noop);
  for (const name of ["selector", "after map"]) assert.equal(planNodes(env).find((n) => n.contents === name)!.driver_strategy, "Hash Distinct", name);
});

/** The general path distinct ran on before: a keyed reduce keeping the first record (a user function, HASH_REDUCE). */
const firstOfKey = (a: unknown): unknown => a;

type Case = { name: string; data: () => unknown[]; keys: unknown[] };

const CASES: Case[] = [
  { name: "int pairs, whole tuple", data: () => Array.from({ length: 900 }, (_, i) => [i % 17, (i * 7) % 13]), keys: [] },
  { name: "[int, string] tuples", data: () => Array.from({ length: 900 }, (_, i) => [i % 23, `w${(i * 5) % 11}`]), keys: [] },
  { name: "objects on two fields", data: () => Array.from({ length: 900 }, (_, i) => ({ a: i % 19, b: (i * 3) % 7, c: i })), keys: ["a", "b"] },
  { name: "objects on one string field", data: () => Array.from({ length: 600 }, (_, i) => ({ s: `k${i % 37}`, c: i })), keys: ["s"] },
  { name: "class instances", data: () => Array.from({ length: 600 }, (_, i) => new Point(i % 29, i)), keys: ["k"] },
  {
    name: "NaN, -0 and 0, non-integral numbers",
    data: () => Array.from({ length: 400 }, (_, i) => [[NaN, -0, 0, 1.5, -1.5, 2 ** 40, Infinity][i % 7], [0, -0, NaN][i % 3], i]),
    keys: [0, 1],
  },
  { name: "whole records with -0 and NaN", data: () => Array.from({ length: 300 }, (_, i) => [[NaN, -0, 0, 7][i % 4], i % 2]), keys: [] },
  { name: "Date keys (by time)", data: () => Array.from({ length: 300 }, (_, i) => [new Date(1_700_000_000_000 + (i % 11)), i]), keys: [0] },
  {
    name: "strings with the tag character, bigints, booleans",
    data: () => Array.from({ length: 400 }, (_, i) => [["\u0000a", "a", "", "\u0000"][i % 4], [1n, 2n ** 70n, true, false][i % 4 === 0 ? 0 : i % 3], i]),
    keys: [0, 1],
  },
  { name: "nested tuple and object fields (a field stands for its leaves)", data: () => Array.from({ length: 300 }, (_, i) => [[i % 3], { v: i % 2 }, i]), keys: [0, 1] },
  { name: "primitives", data: () => Array.from({ length: 500 }, (_, i) => [i % 13, `x${i % 4}`, i % 2 === 0, -0, NaN][i % 5]), keys: [] },
];

for (const p of PARALLELISMS) {
  test(`distinct gives the general path's records over every record and key kind [p=${p}]`, async () => {
    for (const c of CASES) {
      const run = async (job: (d: DataSet<any>) => DataSet<any>): Promise<string[]> => {
        const env = ExecutionEnvironment.createLocalEnvironment(p);
        env.registerType(Point);
        return (await job(env.fromCollection(c.data())).collect()).map(exact).sort();
      };
      const keys = c.keys.length === 0 ? ["*"] : c.keys;
      const distinct = await run((d) => (d.distinct as (...k: unknown[]) => DataSet<any>)(...c.keys));
      const general = await run((d) => (d.groupBy as (...k: unknown[]) => any)(...keys).reduce(firstOfKey));
      assert.deepEqual(distinct, general, c.name);
      if (c.name === "class instances") {
        const env = ExecutionEnvironment.createLocalEnvironment(p);
        assert.ok((await env.fromCollection(c.data()).distinct("k").collect()).every((r) => r instanceof Point), "class instances keep their prototype");
      }
    }
  });
}

test("distinct passes a record on as its key is first seen, not when its input ends [p=1]", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const log: string[] = [];
  await env.fromCollection([1, 2, 1, 3, 2])
    .map((x) => { log.push(`in ${x}`); return x; })
    .distinct()
    .map((x) => { log.push(`out ${x}`); return x; })
    .collect();
  assert.deepEqual(log, ["in 1", "out 1", "in 2", "out 2", "in 1", "in 3", "out 3", "in 2"]);
});

/**
 * Keys 0..n/2 - 1 twice over (times `spread`), in a scrambled order, each record numbered (the first
 * of a key must win). Spread keys are too sparse for the dense bit set, so a tiny budget's set fills.
 */
function scrambled(n: number, spread = 1009): [number, number][] {
  return Array.from({ length: n }, (_, i) => [((i * 7919) % Math.floor(n / 2)) * spread, i]);
}

for (const p of PARALLELISMS) {
  test(`a full key set spills the other keys' records and merges them: the same records as with plenty of memory [p=${p}]`, async () => {
    await assertSpillsAlike(p, (env) => env.fromCollection(scrambled(8000)).distinct(0).collect(), "sort");
    await assertSpillsAlike(p, (env) => env.fromCollection(scrambled(8000).map(([k, i]) => ({ k: `s${k}`, i }))).distinct("k").collect(), "sort");
    await assertSpillsAlike(p, (env) => env.fromCollection(scrambled(6000).map(([k, i]) => [k % 50, k, i])).distinct(0, 1).collect(), "sort");
  });

  test(`a spilling distinct behind a map reusing its output object keeps each key's own record [p=${p}]`, async () => {
    const job = (env: ExecutionEnvironment) => {
      const reused: [number, number] = [0, 0];
      // 4000 int keys: at p=4 ~1000 a subtask, past the 768 a tiny budget's typed key set holds.
      return env.fromCollection(scrambled(8000))
        .map(([k, i]) => { reused[0] = k; reused[1] = i; return reused; })
        .distinct(0)
        .collect();
    };
    await assertSpillsAlike(p, job, "sort");
    const out = await job(envWith(p, TINY_BUDGET, spillRoot()));
    assert.equal(new Set(out.map((r) => r[0])).size, 4000);
    const first = new Map<number, number>();
    for (const [k, i] of scrambled(8000)) if (!first.has(k)) first.set(k, i);
    for (const [k, i] of out) assert.equal(i, first.get(k), `key ${k} keeps its first record`);
  });

  test(`dense int keys fit a tiny budget's set as bits: nothing spills, the same records [p=${p}]`, async () => {
    const root = spillRoot();
    const before = SPILL_STATS.byKind.get("sort") ?? 0;
    const tiny = await envWith(p, TINY_BUDGET, root).fromCollection(scrambled(8000, 1)).distinct(0).collect();
    assert.equal((SPILL_STATS.byKind.get("sort") ?? 0) - before, 0, "no run was spilled");
    const plain = await envWith(p, 1024 * 2 ** 20, root).fromCollection(scrambled(8000, 1)).distinct(0).collect();
    assert.deepEqual(tiny.map(exact).sort(), plain.map(exact).sort());
    assert.equal(tiny.length, 4000);
  });

  test(`int keys dense and sparse, -0, floats and strings mixed: each key once, its first record [p=${p}]`, async () => {
    const keys: unknown[] = [];
    for (let i = 0; i < 6000; i++) {
      const j = (i * 7919) % 3000;
      keys.push(j % 7 === 0 ? j * 1_000_003 : j % 11 === 0 ? `s${j}` : j % 13 === 0 ? j + 0.5 : j === 0 && i % 2 === 1 ? -0 : j - 1500);
    }
    const rows = keys.map((k, i) => [k, i] as [unknown, number]);
    for (const budget of [TINY_BUDGET, 1024 * 2 ** 20]) {
      const out = await envWith(p, budget, spillRoot()).fromCollection(rows).distinct(0).collect();
      const first = new Map<unknown, number>();
      for (const [k, i] of rows) if (!first.has(Object.is(k, -0) ? 0 : k)) first.set(Object.is(k, -0) ? 0 : k, i);
      assert.equal(out.length, first.size, `budget ${budget}`);
      for (const [k, i] of out) assert.equal(i, first.get(Object.is(k, -0) ? 0 : k), `key ${String(k)} keeps its first record`);
    }
  });
}

test("past a full key set, a key's repeats are dropped while it is in the overflow table: a hot key costs no spill per record [p=1]", async () => {
  // Sparse keys (0, 1009, ...): too wide a range for the dense bit set, so the tiny set fills.
  const unique = Array.from({ length: 3000 }, (_, i) => [i * 1009, i]);
  const hot = Array.from({ length: 60_000 }, (_, i) => [-1 - (i % 3), i]);
  const run = async (data: number[][]): Promise<{ out: number[][]; files: number }> => {
    const files = SPILL_STATS.files;
    const out = await envWith(1, TINY_BUDGET, spillRoot()).fromCollection(data).distinct(0).collect();
    return { out, files: SPILL_STATS.files - files };
  };
  const alone = await run(unique);
  const withHot = await run([...unique, ...hot]);
  assert.ok(alone.files > 0, "the unique keys spill");
  assert.ok(withHot.files - alone.files <= 2, `60,000 records of 3 keys add ${withHot.files - alone.files} spill files`);
  assert.deepEqual(withHot.out.map(exact).sort(), [...unique, [-1, 0], [-2, 1], [-3, 2]].map(exact).sort());
});

testAtParallelism("records distinct passes on uncopied: a mutating consumer changes neither the user's elements nor another consumer", async (env) => {
  const elements = [{ k: 1, n: { c: 1 } }, { k: 1, n: { c: 2 } }, { k: 2, n: { c: 3 } }];
  const snapshot = JSON.stringify(elements);
  const d = env.fromCollection(elements).distinct("k");
  const mutated = d.map((r) => { r.n.c += 100; r.k *= 10; return r; });
  const plain = d.map((r) => [r.k, r.n.c] as [number, number]);
  const [m, q] = (await env.collectAll([mutated, plain])) as [{ k: number; n: { c: number } }[], [number, number][]];
  assert.deepEqual(m.map((r) => [r.k, r.n.c]).sort(), [[10, 101], [20, 103]]);
  assert.deepEqual(q.sort(), [[1, 1], [2, 3]]);
  assert.equal(JSON.stringify(elements), snapshot, "the user's elements are unchanged");
  const out = await env.fromCollection(elements).distinct("k").collect();
  for (const r of out) r.n.c = -1;
  assert.equal(JSON.stringify(elements), snapshot, "collect() results do not alias the user's elements");
});
