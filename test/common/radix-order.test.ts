/**
 * radixOrder (runtime/sort/radix.ts): a stable order of unsigned 32-bit ranks for every shape
 * of input the MSD passes treat differently: tiny inputs, one rank, uniform ranks (one scatter,
 * insertion in buckets), skewed ranks (buckets past the insertion size, sorted digit by digit),
 * runs of equal ranks (a digit every rank of a bucket shares), the full 32-bit range.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { seededRandom } from "../helpers.js";
import { radixOrder } from "../../src/runtime/sort/radix.js";

/** The reference: indexes sorted by (rank, index). */
function reference(rank: Uint32Array): number[] {
  return Array.from(rank.keys()).sort((i, j) => rank[i]! - rank[j]! || i - j);
}

test("radixOrder gives the stable rank order for every input shape", () => {
  const rand = seededRandom(7);
  const cases: [string, number, () => number][] = [
    ["empty", 0, () => 0],
    ["one record", 1, () => 9],
    ["tiny", 20, () => Math.floor(rand() * 5)],
    ["one rank", 5000, () => 42],
    ["uniform 31-bit", 50_000, () => Math.floor(rand() * 2 ** 31)],
    ["full 32-bit", 20_000, () => Math.floor(rand() * 2 ** 32)],
    ["0 and 2^32 - 1", 3000, () => (rand() < 0.5 ? 0 : 2 ** 32 - 1)],
    ["skewed (most ranks near 0)", 50_000, () => Math.floor(2 ** 31 * rand() ** 8)],
    ["few distinct ranks", 30_000, () => Math.floor(rand() * 7) * 1_000_003],
    ["large runs sharing high bits", 30_000, () => 0x7f000000 + Math.floor(rand() * 300)],
    ["small range", 30_000, () => Math.floor(rand() * 1000)],
  ];
  for (const [name, n, next] of cases) {
    const rank = new Uint32Array(n);
    let max = 0;
    for (let i = 0; i < n; i++) max = Math.max(max, (rank[i] = next()));
    const before = rank.slice();
    const got = radixOrder(rank, max);
    const want = reference(before);
    assert.deepEqual(Array.from(got.idx), want, name);
    assert.deepEqual(Array.from(got.rank), want.map((i) => before[i]!), `${name}: ranks in order`);
    assert.deepEqual(rank, before, `${name}: the input ranks stay as they were`);
  }
});
