/**
 * The keyed spills' run sort (runtime/spill/keyed-spill.ts sortEntries): int32 keys go through a
 * packed numeric sort, other keys through a comparator; both must give compareHashKeys' order with
 * equal keys in their arrival order (the groups' records come back in the order they came).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { compareHashKeys, sortEntries, type KeyedEntry } from "../../src/runtime/spill/keyed-spill.js";
import type { HashKey } from "../../src/common/keys.js";

/** The reference: a stable sort by compareHashKeys (insertion position breaks ties). */
function reference(entries: KeyedEntry<number>[]): KeyedEntry<number>[] {
  return entries.map((e, i) => [e, i] as const).sort((a, b) => compareHashKeys(a[0][0], b[0][0]) || a[1] - b[1]).map(([e]) => e);
}

function entries(keys: HashKey[]): KeyedEntry<number>[] {
  return keys.map((k, i) => [k, i]);
}

const int32Keys = Array.from({ length: 5000 }, (_, i) => ((i * 7919) % 613) - 300);
int32Keys.push(2 ** 31 - 1, -(2 ** 31), 0, -0, 2 ** 31 - 1, -(2 ** 31));

test("int32 keys come back in key order, equal keys in arrival order", () => {
  const es = entries(int32Keys);
  const got = sortEntries([...es]);
  assert.deepEqual(got, reference(es));
  // The same entry objects, none lost or repeated.
  assert.equal(new Set(got).size, es.length);
  assert.ok(got.every((e) => es.includes(e)));
});

test("keys that are not all int32s (fractions, large, NaN, strings) sort by compareHashKeys, stably", () => {
  const keys: HashKey[] = [...int32Keys.slice(0, 500), 1.5, 2 ** 40, -(2 ** 40), Number.NaN, "b", "a", 3, "a", Number.NaN, 1.5];
  const es = entries(keys);
  assert.deepEqual(sortEntries([...es]), reference(es));
});

test("zero, one and two entries", () => {
  assert.deepEqual(sortEntries([]), []);
  assert.deepEqual(sortEntries([[5, 1]]), [[5, 1]]);
  assert.deepEqual(sortEntries([[5, 1], [-5, 2]]), [[-5, 2], [5, 1]]);
  assert.deepEqual(sortEntries([[5, 1], [5, 2]]), [[5, 1], [5, 2]]);
});
