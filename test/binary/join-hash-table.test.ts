/**
 * JoinHashTable (runtime/hash/join-hash-table.ts): records of a key together in arrival order,
 * keys in first-seen order, int32 and other hashables apart, match tracking per key, and inserts
 * after a probe (thaw) keeping every record. A guard for a speed change: the joins' own tests check
 * the same through the drivers.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { JoinHashTable } from "../../src/runtime/hash/join-hash-table.js";

function slice<R>(table: JoinHashTable<R>, id: number): R[] {
  return id < 0 ? [] : table.rows.slice(table.start[id], table.start[id + 1]);
}

test("a key's records come out together in arrival order, keys in first-seen order", () => {
  const table = new JoinHashTable<string | undefined>(false);
  const keys = [3, "x", 3, 2 ** 40, -7, "x", 3, 1.5, -7, "3"];
  keys.forEach((k, i) => table.insert(k, i === 4 ? undefined : `r${i}`));
  assert.equal(table.size, keys.length);
  assert.deepEqual(slice(table, table.probe(3)), ["r0", "r2", "r6"]);
  assert.deepEqual(slice(table, table.probe("x")), ["r1", "r5"]);
  assert.deepEqual(slice(table, table.probe(-7)), [undefined, "r8"]);
  assert.deepEqual(slice(table, table.probe(2 ** 40)), ["r3"]);
  assert.deepEqual(slice(table, table.probe("3")), ["r9"]);
  assert.equal(table.probe(4), -1);
  assert.equal(table.probe("y"), -1);
  assert.deepEqual([...table.keyedRecords()].map(([k]) => k), [3, 3, 3, "x", "x", 2 ** 40, -7, -7, 1.5, "3"]);
});

test("match tracking leaves the records of keys no probe found", () => {
  const table = new JoinHashTable<number>(true);
  for (let i = 0; i < 5000; i++) table.insert(i % 1000, i);
  for (let k = 0; k < 1000; k += 2) table.probe(k);
  table.probe(5000);
  const unmatched = [...table.unmatched()];
  assert.equal(unmatched.length, 2500);
  assert.ok(unmatched.every((r) => (r % 1000) % 2 === 1));
  assert.deepEqual(unmatched.slice(0, 6), [1, 1001, 2001, 3001, 4001, 3]);
});

test("an insert after a probe keeps every record and the arrival order within a key", () => {
  const table = new JoinHashTable<string>(false);
  table.insert(1, "a");
  table.insert(2, "b");
  table.insert(1, "c");
  assert.deepEqual(slice(table, table.probe(1)), ["a", "c"]);
  table.insert(1, "d");
  table.insert(5, "e");
  assert.deepEqual(slice(table, table.probe(1)), ["a", "c", "d"]);
  assert.deepEqual(slice(table, table.probe(5)), ["e"]);
  assert.equal(table.size, 5);
  table.clear();
  assert.equal(table.probe(1), -1);
  assert.equal(table.size, 0);
});
