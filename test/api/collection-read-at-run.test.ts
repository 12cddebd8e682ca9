/**
 * A collection source over an array reads the array when the job runs, as Flink's
 * CollectionInputFormat serializes its collection when the job is submitted: no copy is taken when
 * the source is defined (a 5M-element copy cost an old-generation collection inside the job). The
 * length is the one the job starts with, and the elements are still never mutated by the engine.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment } from "../../src/index.js";

test("elements added after fromCollection, before the job runs, are read", async () => {
  const env = ExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
  const items = [1, 2, 3];
  const doubled = env.fromCollection(items).map((x) => x * 2);
  items.push(4);
  assert.deepEqual((await doubled.collect()).sort((a, b) => a - b), [2, 4, 6, 8]);
  items.push(5);
  assert.equal(await doubled.count(), 5, "each job reads the array as it is then");
});

test("a function pushing to the source array does not extend the job's input", async () => {
  const env = ExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
  const items = Array.from({ length: 3000 }, (_, i) => i);
  const out = await env.fromCollection(items).map((x) => {
    items.push(x);
    return x;
  }).collect();
  assert.equal(out.length, 3000);
  assert.equal(items.length, 6000);
});

test("the engine still hands functions copies, never the user's elements to mutate", async () => {
  const env = ExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
  const items = [{ n: 1 }, { n: 2 }];
  const out = await env.fromCollection(items).map((r) => {
    r.n *= 10;
    return r;
  }).collect();
  assert.deepEqual(out.map((r) => r.n).sort((a, b) => a - b), [10, 20]);
  assert.deepEqual(items, [{ n: 1 }, { n: 2 }]);
});
