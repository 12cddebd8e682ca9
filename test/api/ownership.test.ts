import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, type Collector } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

testAtParallelism("a flatMap that mutates and re-emits one object yields independent records", async (env) => {
  const out = await env.fromElements(3).flatMap((n: number, o: Collector<{ i: number }>) => {
    const reused = { i: 0 };
    for (let i = 0; i < n; i++) {
      reused.i = i;
      o.collect(reused);
    }
  }).rebalance().collect();
  assertSameRecords(out, [{ i: 0 }, { i: 1 }, { i: 2 }]);
});

testAtParallelism("a map reusing its output object does not corrupt a grouping", async (env) => {
  const reused: [string, number] = ["", 0];
  const out = await env.fromElements("a", "b", "a").map((w) => { reused[0] = w; reused[1] = 1; return reused; }).groupBy(0).sum(1).collect();
  assertSameRecords(out, [["a", 2], ["b", 1]]);
});

testAtParallelism("a reduce function returning its own persistent object stays correct", async (env) => {
  const acc: [string, number] = ["", 0];
  const out = await env.fromElements<[string, number]>(["a", 1], ["b", 2], ["a", 3], ["b", 4]).groupBy(0)
    .reduce((a, b) => { acc[0] = a[0]; acc[1] = a[1] + b[1]; return acc; }).collect();
  assertSameRecords(out, [["a", 4], ["b", 6]]);
});

testAtParallelism("a consumer mutating its input does not affect another consumer of the same DataSet", async (env) => {
  const base = env.fromElements({ v: 1 }, { v: 2 });
  const mutated = base.map((r) => { r.v *= 100; return r; });
  const plain = base.map((r) => r.v);
  const [m, p] = await env.collectAll([mutated, plain]);
  assertSameRecords(m!, [{ v: 100 }, { v: 200 }]);
  assertSameRecords(p!, [1, 2]);
});

test("the program's own elements are never mutated by user functions", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const elements = [{ v: 1 }, { v: 2 }];
  await env.fromCollection(elements).map((r) => { r.v = -1; return r; }).collect();
  assert.deepEqual(elements, [{ v: 1 }, { v: 2 }]);
});

test("class instances keep their prototype through operators and exchanges", async () => {
  class Point { constructor(public x: number, public y: number) {} norm() { return Math.abs(this.x) + Math.abs(this.y); } }
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const out = await env
    .fromElements(new Point(1, 2), new Point(-3, 4), new Point(1, 0))
    .rebalance()
    .groupBy("x")
    .reduce((a, b) => new Point(a.x, a.y + b.y))
    .collect();
  assert.ok(out.every((p) => p instanceof Point));
  assert.deepEqual(out.map((p) => p.norm()).sort(), [3, 7]);
});

test("with object reuse enabled the engine skips copies (results stay correct for pure functions)", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  env.getConfig().enableObjectReuse();
  const out = await env.fromElements<[string, number]>(["a", 1], ["a", 2], ["b", 3]).groupBy(0).sum(1).collect();
  assertSameRecords(out, [["a", 3], ["b", 3]]);
});
