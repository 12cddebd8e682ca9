/**
 * A lone built-in MIN or MAX runs on the running min/max drivers (runtime/drivers/min-max-reduce.ts),
 * chosen by the optimizer and named in the plan JSON; its results are the general fold's (the same
 * aggregation twice, `min(f).andMin(f)`, still runs the record fold): key order of compareKeys
 * (-0 before 0, NaN after every number, strings, mixed types), the group's first record's other
 * fields, object records by property name, combiners at p=4, spilled tables.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Aggregations, ExecutionEnvironment } from "../../src/index.js";
import { planNodes } from "../helpers.js";
import { assertSameResults, assertSpillsAlike } from "../memory/spill-helpers.js";
import { before, after } from "../../src/runtime/drivers/min-max-reduce.js";
import { compareKeys } from "../../src/common/keys.js";

const noop = { open() {}, writeRecord() {}, close() {} };


test("a lone MIN or MAX runs on the running min/max drivers the optimizer chose; MIN with MAX on the general hash reduce", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const rows = env.generateSequence(1, 100).map((x) => [x % 10, x, x] as [number, number, number]);
  rows.groupBy(0).min(1).name("min").output(noop);
  rows.groupBy(0).aggregate(Aggregations.MAX, 2).name("max").output(noop);
  rows.groupBy(0).min(1).andMax(2).name("both").output(noop);
  const all = planNodes(env);
  for (const name of ["min", "max"]) {
    const n = all.find((x) => x.contents === name)!;
    assert.equal(n.driver_strategy, "Hash Reduce (running min/max)", name);
    assert.equal(all.find((x) => x.id === n.predecessors![0]!.id)!.driver_strategy, "Hash Combine (running min/max)", name);
  }
  assert.equal(all.find((x) => x.contents === "both")!.driver_strategy, "Hash Reduce");
});

test("before/after order two values as compareKeys does", () => {
  const values: unknown[] = [0, -0, 1, -1, NaN, Infinity, -Infinity, 0.5, "a", "b", "", null, 2 ** 40];
  for (const a of values) {
    for (const b of values) {
      assert.equal(before(a, b), compareKeys(a, b) < 0, `before(${String(a)}, ${String(b)})`);
      assert.equal(after(a, b), compareKeys(a, b) > 0, `after(${String(a)}, ${String(b)})`);
    }
  }
});

const TRICKY: unknown[] = [3, 0, -0, NaN, -5, 7, Infinity, -Infinity, 2.5, 0, -0, NaN];

/** [key, value, tag] rows whose values per key run through TRICKY in a key-dependent order. */
function rows(n: number): [number, unknown, string][] {
  return Array.from({ length: n }, (_, i) => [i % 7, TRICKY[(i * 5 + (i % 7)) % TRICKY.length], `t${i}`]);
}


for (const p of [1, 4]) {
  test(`running MIN and MAX give the record fold's results: -0, NaN, infinities, first record's fields [p=${p}]`, async () => {
    await assertSameResults(p, rows(300), (d) => d.groupBy(0).min(1), (d) => d.groupBy(0).min(1).andMin(1));
    await assertSameResults(p, rows(300), (d) => d.groupBy(0).max(1), (d) => d.groupBy(0).max(1).andMax(1));
    await assertSameResults(p, rows(300), (d) => d.groupBy(2).min(1), (d) => d.groupBy(2).min(1).andMin(1));
  });

  test(`running MIN and MAX over strings, mixed types and object records [p=${p}]`, async () => {
    const mixed = Array.from({ length: 200 }, (_, i) => [i % 5, i % 3 === 0 ? `s${i % 11}` : i % 3 === 1 ? (i * 7) % 13 : null, i]);
    await assertSameResults(p, mixed, (d) => d.groupBy(0).min(1), (d) => d.groupBy(0).min(1).andMin(1));
    await assertSameResults(p, mixed, (d) => d.groupBy(0).max(1), (d) => d.groupBy(0).max(1).andMax(1));
    const objects = Array.from({ length: 200 }, (_, i) => ({ k: i % 6, v: (i * 37) % 101, f1: -i }));
    await assertSameResults(p, objects, (d) => d.groupBy("k").min("v"), (d) => d.groupBy("k").min("v").andMin("v"));
    await assertSameResults(p, objects, (d) => d.groupBy("k").aggregate(Aggregations.MAX, "f1"), (d) => d.groupBy("k").max("f1").andMax("f1"));
  });

  test(`a running MIN spills its table and merges the runs [p=${p}]`, () =>
    assertSpillsAlike(p, (env) => env.fromCollection(Array.from({ length: 6000 }, (_, i) => [(i * 7919) % 2500, (i * 31) % 997, `r${i}`] as [number, number, string])).groupBy(0).min(1).collect(), "sort"));
}
