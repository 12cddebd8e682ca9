import assert from "node:assert/strict";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

testAtParallelism("distinct() on whole tuples, atomic values and objects", async (env) => {
  assertSameRecords(await env.fromElements([1, "a"], [1, "a"], [2, "a"]).distinct().collect(), [[1, "a"], [2, "a"]]);
  assertSameRecords(await env.fromElements(3, 1, 3, 2, 1).distinct().collect(), [1, 2, 3]);
  assertSameRecords(await env.fromElements({ b: 1, a: 2 }, { a: 2, b: 1 }, { a: 3, b: 1 }).distinct().collect(), [{ b: 1, a: 2 }, { a: 3, b: 1 }]);
});

testAtParallelism("distinct on positions, expressions and a key selector keeps one per key", async (env) => {
  const data: [number, string, number][] = [[1, "a", 10], [1, "b", 10], [2, "a", 20], [1, "a", 30]];
  assert.equal((await env.fromCollection(data).distinct(0).collect()).length, 2);
  assert.equal((await env.fromCollection(data).distinct(0, 1).collect()).length, 3);
  assert.equal((await env.fromCollection(data).distinct("f1").collect()).length, 2);
  assert.equal((await env.fromCollection(data).distinct((t: [number, string, number]) => t[2] % 20).collect()).length, 2);
  const objs = [{ u: { id: 1 }, v: 1 }, { u: { id: 1 }, v: 2 }, { u: { id: 2 }, v: 3 }];
  assert.equal((await env.fromCollection(objs).distinct("u.id").collect()).length, 2);
});

testAtParallelism("project picks and reorders tuple fields", async (env) => {
  const out = await env.fromElements([1, "a", true], [2, "b", false]).project(2, 0).collect();
  assertSameRecords(out, [[true, 1], [false, 2]]);
});

testAtParallelism("count and collect of an empty DataSet", async (env) => {
  const ds = env.generateSequence(1, 5).filter((x) => x > 10);
  assert.equal(await ds.count(), 0);
  assert.deepEqual(await ds.collect(), []);
});

testAtParallelism("generateSequence covers from..to inclusive across subtasks", async (env) => {
  const out = await env.generateSequence(-3, 1000).collect();
  assert.equal(out.length, 1004);
  assert.equal(new Set(out).size, 1004);
  assert.equal(Math.min(...out), -3);
  assert.equal(Math.max(...out), 1000);
});
