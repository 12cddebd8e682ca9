/**
 * Two-field keys without string encoding (runtime/hash/keyed-map.ts, CompiledKey.pair): the
 * nested tables must group exactly as the key order compares (README "Keys compare by value").
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment } from "../../src/index.js";
import { compileKey, parseKeyArgs, type PairSlot } from "../../src/common/keys.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

testAtParallelism("distinct on two fields: a field holding a tuple stands for its leaves", async (env) => {
  const out = await env.fromCollection<{ a: unknown; b: unknown }>([
    { a: 1, b: 2 }, { a: [1], b: 2 }, { a: [], b: [1, 2] }, { a: 1, b: [2] }, { a: 2, b: 1 },
  ]).distinct("a", "b").map((r) => JSON.stringify([r.a, r.b].flat())).collect();
  assertSameRecords(out, ["[1,2]", "[2,1]"]);
});

testAtParallelism("pair keys: -0 is its own key, NaN is one key, 1 and \"1\" differ", async (env) => {
  const rows: [unknown, unknown, number][] = [
    [-0, 1, 1], [0, 1, 2], [0, 1, 3], [NaN, "x", 4], [NaN, "x", 5], [1, "1", 6], ["1", "1", 7], [1, 1, 8], ["1", 1, 9], [1, -0, 10], [1, 0, 11],
  ];
  const out = await env.fromCollection(rows).groupBy(0, 1).sum(2).collect();
  // Groups: (-0,1) (0,1) (NaN,"x") (1,"1") ("1","1") (1,1) ("1",1) (1,-0) (1,0).
  assertSameRecords(out.map((r) => r[2]), [1, 2 + 3, 4 + 5, 6, 7, 8, 9, 10, 11]);
});

test("CompiledKey.pair takes numbers and strings, refuses -0 and other leaves", () => {
  const key = compileKey(parseKeyArgs([0, 1], "t"), "t");
  const slot: PairSlot = { a: 0, b: 0, hash: undefined };
  assert.equal(key.pair!([3, "x"], slot), true);
  assert.deepEqual(slot, { a: 3, b: "x", hash: undefined });
  assert.equal(key.pair!([[4], ["y"]], slot), true);
  assert.deepEqual(slot, { a: 4, b: "y", hash: undefined });
  for (const r of [[-0, 1], [1, 2n], [true, 1], [new Date(0), 1], [[1, 2], 3]]) assert.equal(key.pair!(r, slot), false, JSON.stringify(r, (_k, v) => (typeof v === "bigint" ? String(v) : v)));
  assert.throws(() => key.pair!([null, [1]], slot) || key.hashable([null, [1]]), /null key/);
});

testAtParallelism("distinct() of whole records: a pair tuple and a two-field object with the same leaves are one key", async (env) => {
  const out = await env.fromCollection<unknown>([[1, "a"], { x: 1, y: "a" }, [[1], "a"], [1, "b"], [1, "a", 2], { x: [1, "a"] }]).distinct().collect();
  assert.equal(out.length, 3);
  assertSameRecords(out.map((r) => JSON.stringify(r).replace(/[^0-9ab]/g, "")), ["1a", "1b", "1a2"]);
});

test("grouping on two fields reports a null key as before", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  await assert.rejects(env.fromCollection<[number | null, number]>([[1, 2], [null, 3]]).groupBy(0, 1).sum(1).collect(), /null key/);
});
