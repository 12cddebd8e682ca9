/**
 * The partition hash of hash-partitioned channels (keys.ts partitionHasher) must be exactly
 * `hashKey(hashable(record))`, what every producer computed before: a pair key's is computed from
 * its leaves without building the encoded string, and any other key's goes through hashable.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { compileKey, hashKey, parseKeyArgs, partitionHasher } from "../../src/common/keys.js";
import { seededRandom } from "../helpers.js";

const LEAVES: unknown[] = [
  0, -0, 1, -1, 7, 10, 99, 100, 12345, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1.5, -0.25, 1e21, 1e-7, NaN, Infinity, -Infinity,
  "", "a", "ab", "\u0000x", "é", "日本", "a".repeat(120), true, 10n, new Date(3), [4], [[5, "z"]], { b: 2, a: 1 },
];

test("partition hash: a two-field key hashes as hashKey(hashable) for every pair of leaves", () => {
  const key = compileKey(parseKeyArgs([0, 1], "t"), "t");
  const hash = partitionHasher(key);
  for (const a of LEAVES) for (const b of LEAVES) {
    const r = [a, b, "rest"];
    assert.equal(hash(r), hashKey(key.hashable(r)), `(${String(a)}, ${String(b)})`);
  }
});

test("partition hash: whole-record keys, named fields and one-field keys agree with hashKey(hashable)", () => {
  const whole = compileKey(parseKeyArgs(["*"], "t"), "t");
  const named = compileKey(parseKeyArgs(["x", "y"], "t"), "t");
  const one = compileKey(parseKeyArgs([0], "t"), "t");
  const rnd = seededRandom(7);
  for (let i = 0; i < 3000; i++) {
    const a = LEAVES[Math.floor(rnd() * LEAVES.length)];
    const b = rnd() < 0.5 ? Math.floor(rnd() * 2 ** 32) - 2 ** 31 : `s${Math.floor(rnd() * 1e6)}`;
    for (const [key, r] of [[whole, [a, b]], [named, { x: a, y: b }], [one, [a, b]]] as const) {
      assert.equal(partitionHasher(key)(r), hashKey(key.hashable(r)));
    }
  }
});

test("partition hash: equal keys in other representations land in the same partition", () => {
  const pairKey = compileKey(parseKeyArgs([0, 1], "t"), "t");
  const tupleField = compileKey(parseKeyArgs([0], "t"), "t");
  for (const [a, b] of [[1, "a"], [2 ** 31, "x"], [1.5, ""], ["k", 3]] as const) {
    assert.equal(partitionHasher(pairKey)([a, b]), partitionHasher(tupleField)([[a, b]]));
    assert.equal(partitionHasher(pairKey)([[a], b]), partitionHasher(pairKey)([a, b]));
  }
});
