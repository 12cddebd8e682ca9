import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, RichCrossFunction } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";
import { planNodes, shipOf } from "./fixtures.js";

const PAIRS = [["red", "small"], ["red", "large"], ["blue", "small"], ["blue", "large"]];

testAtParallelism("cross gives every pair; crossWithTiny and crossWithHuge give the same", async (env) => {
  const colors = env.fromElements("red", "blue");
  const sizes = env.fromElements("small", "large");
  assertSameRecords(await colors.cross(sizes).collect(), PAIRS);
  assertSameRecords(await colors.crossWithTiny(sizes).collect(), PAIRS);
  assertSameRecords(await colors.crossWithHuge(sizes).collect(), PAIRS);
});

testAtParallelism("cross with a function in all three forms", async (env) => {
  const colors = env.fromElements("red", "blue");
  const sizes = env.fromElements("small", "large");
  const expected = ["small red item", "large red item", "small blue item", "large blue item"];
  class Item extends RichCrossFunction<string, string, string> {
    cross(c: string, s: string): string {
      return `${s} ${c} item`;
    }
  }
  assertSameRecords(await colors.cross(sizes).with((c, s) => `${s} ${c} item`).collect(), expected);
  assertSameRecords(await colors.cross(sizes).with({ cross: (c: string, s: string) => `${s} ${c} item` }).collect(), expected);
  assertSameRecords(await colors.cross(sizes).with(new Item()).collect(), expected);
});

testAtParallelism("cross of a parallel input with a small one, and with an empty one", async (env) => {
  const nums = env.generateSequence(1, 20);
  const tags = env.fromElements("a", "b", "c");
  const out = await nums.cross(tags).collect();
  assert.equal(out.length, 60);
  assertSameRecords(out, Array.from({ length: 20 }, (_, i) => ["a", "b", "c"].map((t) => [i + 1, t])).flat());
  assert.deepEqual(await nums.cross(tags.filter(() => false)).collect(), []);
});

testAtParallelism("cross projections and the broadcast side in the plan", async (env, p) => {
  const a = env.generateSequence(1, 100).map((i): [number, string] => [i, `n${i}`]);
  const b = env.fromElements<[string, number]>(["x", 1], ["y", 2]);
  const projected = await a.filter((r) => r[0] <= 2).cross(b).projectSecond(0).projectFirst(1).collect();
  assertSameRecords(projected, [["x", "n1"], ["y", "n1"], ["x", "n2"], ["y", "n2"]]);
  a.cross(b).output({ open() {}, writeRecord() {}, close() {} });
  a.crossWithHuge(b).output({ open() {}, writeRecord() {}, close() {} });
  const [small, huge] = planNodes(env.getExecutionPlan(), "Cross");
  assert.equal(small!.driver_strategy, "Nested Loops (Blocked Outer: second)");
  assert.equal(shipOf(small!, "second"), "Broadcast");
  assert.equal(shipOf(small!, "first"), "Forward");
  assert.equal(huge!.driver_strategy, "Nested Loops (Blocked Outer: first)");
  assert.equal(shipOf(huge!, "first"), "Broadcast");
  assert.equal(shipOf(huge!, "second"), p === 1 ? "Forward" : "Rebalance");
});

test("a function mutating its inputs does not affect other cross pairs", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const out = await env.fromElements({ n: 1 }, { n: 2 }).cross(env.fromElements({ m: 10 }, { m: 20 }))
    .with((a, b) => { a.n += 100; b.m += 100; return a.n + b.m; }).collect();
  assertSameRecords(out, [211, 221, 212, 222]);
});
