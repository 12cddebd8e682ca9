/**
 * Built-in SUMs alone (`sum(a).andSum(b)`, distinct fields) run on the running-sum drivers
 * (runtime/drivers/running-value-reduce.ts), chosen by the optimizer and named in the plan JSON;
 * their results are the record fold's (reference: the same SUMs with `andMin(0)` on the key, which
 * runs the general hash reduce): the same additions in the same order (float rounding, -0, NaN,
 * bigints), the group's first record's other fields, object records by property
 * name ("f1" a property, not index 1), combiners at p=4, spilled tables, and a failing addition
 * named after the operator.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, type DataSet } from "../../src/index.js";
import { planNodes, type PlanNode } from "../helpers.js";
import { assertSameResults, assertSpillsAlike } from "../memory/spill-helpers.js";

const noop = { open() {}, writeRecord() {}, close() {} };


test("SUMs of distinct fields run on the running-sum drivers; the same field twice and SUM with MIN on the general hash reduce", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const rows = env.generateSequence(1, 100).map((x) => [x % 10, x, x, x] as [number, number, number, number]);
  rows.groupBy(0).sum(1).andSum(2).name("two").output(noop);
  rows.groupBy(0).sum(1).andSum(3).andSum(2).name("three").output(noop);
  rows.groupBy(0).sum(1).andSum(1).name("twice").output(noop);
  rows.groupBy(0).sum(1).andSum(2).andMin(3).name("with min").output(noop);
  const all = planNodes(env);
  const byName = (name: string): PlanNode => all.find((n) => n.contents === name)!;
  for (const name of ["two", "three"]) {
    assert.equal(byName(name).driver_strategy, "Hash Reduce (running sum)", name);
    assert.equal(all.find((n) => n.id === byName(name).predecessors![0]!.id)!.driver_strategy, "Hash Combine (running sum)", name);
  }
  assert.equal(byName("twice").driver_strategy, "Hash Reduce");
  assert.equal(byName("with min").driver_strategy, "Hash Reduce");
});


/** Values whose sum depends on the order of the additions (0.1 + 0.2 + ..., 1e16 + 1 - 1e16). */
const FLOATS = [0.1, 0.2, 0.3, 1e16, 1, -1e16, -0, 2.5, NaN, 7, Infinity, 3];

for (const p of [1, 4]) {
  test(`running sums give the record fold's results: float rounding, -0, NaN, the first record's fields [p=${p}]`, async () => {
    const rows = Array.from({ length: 400 }, (_, i) => [i % 7, FLOATS[(i * 5) % FLOATS.length], FLOATS[(i * 3 + 1) % 11], `t${i}`]);
    await assertSameResults(p, rows, (d) => d.groupBy(0).sum(1).andSum(2), (d) => d.groupBy(0).sum(1).andSum(2).andMin(0));
    await assertSameResults(p, rows, (d) => d.groupBy(0).sum(2).andSum(1), (d) => d.groupBy(0).sum(2).andSum(1).andMin(0));
    await assertSameResults(p, rows, (d) => d.groupBy(3).sum(1).andSum(2), (d) => d.groupBy(3).sum(1).andSum(2).andMin(3));
  });

  test(`running sums of bigints and object records (by property name) [p=${p}]`, async () => {
    const mixed = Array.from({ length: 200 }, (_, i) => [i % 5, `s${i % 11}`, BigInt(i) * 3n, i]);
    await assertSameResults(p, mixed, (d) => d.groupBy(0).sum(2).andSum(3), (d) => d.groupBy(0).sum(2).andSum(3).andMin(0));
    const objects = Array.from({ length: 300 }, (_, i) => ({ k: i % 6, v: (i * 37) % 101, f1: -i / 3, f0: i }));
    await assertSameResults(p, objects, (d) => d.groupBy("k").sum("v").andSum("f1"), (d) => d.groupBy("k").sum("v").andSum("f1").andMin("k"));
  });

  test(`a failing running-sum addition names the operator, as the record fold does [p=${p}]`, async () => {
    for (const agg of [(d: DataSet<any>) => d.groupBy(0).sum(1), (d: DataSet<any>) => d.groupBy(0).sum(1).andSum(2)]) {
      const env = ExecutionEnvironment.createLocalEnvironment(p);
      await assert.rejects(agg(env.fromCollection([[1, 1n, 1n], [1, 2, 2]])).collect(), /operator '(Combine \()?Aggregate \(SUM\(1\).*threw TypeError: Cannot mix BigInt/);
    }
  });

  test(`running sums spill their table and merge the runs [p=${p}]`, () =>
    assertSpillsAlike(p, (env) => env.fromCollection(Array.from({ length: 6000 }, (_, i) => [(i * 7919) % 2500, (i * 31) % 997, i / 7, `r${i}`] as [number, number, number, string])).groupBy(0).sum(1).andSum(2).collect(), "sort"));
}
