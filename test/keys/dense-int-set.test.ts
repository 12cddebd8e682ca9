/**
 * DenseIntSet (runtime/hash/dense-int-set.ts): int32 keys as bits over a range that grows towards
 * new keys, up or down, while it stays within the byte limit and dense enough; once it refuses to
 * grow, keys outside it are "outside" for good, so a key never has two homes.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { DenseIntSet } from "../../src/runtime/hash/dense-int-set.js";

const LIMIT = 1 << 20;

function addAll(s: DenseIntSet, keys: readonly number[]): void {
  for (const k of keys) {
    if (s.test(k) < 0) assert.ok(s.cover(k, LIMIT), `range takes ${k}`);
    if (s.test(k) === 0) s.add(k);
  }
}

test("keys scattered over a range, negative ones and ranges grown up and down: each in the set once", () => {
  const s = new DenseIntSet();
  const keys = Array.from({ length: 20_000 }, (_, i) => ((i * 7919) % 300_000) - 150_000);
  addAll(s, keys);
  addAll(s, keys);
  const distinct = new Set(keys);
  assert.equal(s.size, distinct.size);
  for (const k of distinct) assert.equal(s.test(k), 1);
  assert.equal(s.test(-150_001) === 1, false);
  assert.ok(s.bytes <= LIMIT);
});

test("a range that would pass the byte limit is fixed: later keys outside it stay outside", () => {
  const s = new DenseIntSet();
  assert.ok(s.cover(10, 8192), "the first range, 8 KB");
  s.add(10);
  assert.equal(s.cover(2 ** 30, 8192), false, "too wide for 8 KB");
  assert.equal(s.test(2 ** 30), -1);
  assert.equal(s.cover(70_000, 1 << 20), false, "fixed: no growth even where it would fit");
  assert.equal(s.test(10), 1);
  assert.equal(s.test(11), 0);
});

test("a range sparse past an eighth of the limit is refused; a dense one of the same span is taken", () => {
  const sparse = new DenseIntSet();
  assert.ok(sparse.cover(0, LIMIT));
  sparse.add(0);
  // 2^23 bits = 1 MB: within the limit, past its eighth, and 1 key is not dense.
  assert.equal(sparse.cover(2 ** 23 - 1, LIMIT), false);
  const dense = new DenseIntSet();
  for (let k = 0; k < 2 ** 23; k += 37) {
    if (dense.test(k) < 0) assert.ok(dense.cover(k, LIMIT), `dense range takes ${k}`);
    dense.add(k);
  }
  assert.equal(dense.test(2 ** 23 - 37 * 2), 0);
});
