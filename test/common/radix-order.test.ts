/**
 * radixOrder (runtime/sort/radix.ts): a stable order of unsigned 32-bit ranks for every shape
 * of input the LSD passes treat differently: tiny inputs (insertion), one rank, every digit width
 * (four passes of 8 bits for small inputs, three of 11, two of 16 for large ones, one counting
 * pass for a small range), digits every rank shares (skipped passes), skewed ranks, the full
 * 32-bit range.
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
  let count = 0;
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
    ["33 records (the first radix size)", 33, () => Math.floor(rand() * 2 ** 31)],
    ["small input, 8-bit digits", 700, () => Math.floor(rand() * 2 ** 31)],
    ["large input, 16-bit digits", 300_000, () => Math.floor(rand() * 2 ** 31)],
    ["large input, a 16-bit range (one pass)", 200_000, () => Math.floor(rand() * 65_536)],
    ["large input, ranks sharing their low half", 200_000, () => Math.floor(rand() * 30_000) * 65_536],
    ["three ranks with high digits among low ones", 50_000, () => (++count % 20_000 === 7 ? 2 ** 31 - count : Math.floor(rand() * 2048))],
    ["only the middle digit differs", 40_000, () => 0x40000007 + Math.floor(rand() * 2000) * 2048],
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
