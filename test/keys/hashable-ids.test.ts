/**
 * HashableIds (runtime/hash/hashable-ids.ts): dense ids by hashable key, int32 keys in the typed
 * table and every other hashable in a Map, checked against a Map of the same hashables (growth
 * past the table's first capacity, negative and boundary int32s, doubles just outside int32,
 * strings that look like numbers).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { HashableIds } from "../../src/runtime/hash/hashable-ids.js";
import type { HashKey } from "../../src/common/keys.js";

test("HashableIds gives each hashable one id, in first-seen order, as a Map would", () => {
  const ids = new HashableIds();
  const reference = new Map<HashKey, number>();
  const keys: HashKey[] = [];
  for (let i = 0; i < 5000; i++) keys.push((i * 7919) % 3001 - 1500);
  keys.push(2 ** 31 - 1, -(2 ** 31), 2 ** 31, -(2 ** 31) - 1, 0.5, 1e300, "1", "-0", "", "a|b", 3);
  for (const k of [...keys, ...keys]) {
    const expected = reference.get(k);
    assert.equal(ids.idOf(k), expected ?? -1, `idOf(${String(k)})`);
    const id = ids.intern(k);
    if (expected === undefined) reference.set(k, id);
    assert.equal(id, reference.get(k));
  }
  assert.equal(ids.size, reference.size);
  assert.deepEqual([...reference.values()], Array.from({ length: reference.size }, (_, i) => i));
  // "1" and 1 are different hashables.
  assert.notEqual(ids.idOf("1"), ids.idOf(1));
});

test("HashableIds: an add after a missed idOf reuses its probe only for that key", () => {
  // idOf(a) misses, other lookups may come between (another int, a string), then add(a) or
  // add(b): every key keeps one id, and every id finds its key.
  const ids = new HashableIds();
  const reference = new Map<HashKey, number>();
  let s = 1;
  const next = (): number => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) % 4000;
  const addIfNew = (k: number): void => {
    if (!reference.has(k)) reference.set(k, ids.add(k));
  };
  for (let i = 0; i < 20000; i++) {
    const a = next();
    const b = next();
    ids.idOf(a);
    if (i % 3 === 0) ids.idOf(b);
    if (i % 5 === 0) ids.idOf(`s${a}`);
    addIfNew(i % 2 === 0 ? a : b);
    addIfNew(a);
  }
  for (const [k, id] of reference) assert.equal(ids.idOf(k), id, `idOf(${k})`);
  assert.equal(ids.size, reference.size);
});
