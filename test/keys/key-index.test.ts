/**
 * runtime/hash/keyed-map.ts's KeyIndex (int table, int-pair tables with numbered leaves, hashable
 * Map) groups exactly as the hashables do (key-values.ts: the key order's equality), for every
 * key kind, and `keyOf` gives each key's hashable (what spilled runs sort and merge by).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { compileKey, parseKeyArgs, type HashKey } from "../../src/common/keys.js";
import { KeyIndex, tableCapacity, type KeyIndexOptions } from "../../src/runtime/hash/keyed-map.js";
import { IntPairTable, IntTable } from "../../src/runtime/hash/int-table.js";

const LEAVES: unknown[] = [
  0, -0, 1, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 2 ** 53, 1.5, NaN, Infinity, -Infinity,
  "", "0", "1", "\u0000x", "a", true, false, 1n, 2n ** 70n, new Date(0), new Date(1),
  [1], [1, 2], [], { x: 1 }, new Map([[1, "a"]]), new Set([1, 2]),
];

/** Groups `records` by the index; checks ids against grouping by the key's hashable, and keyOf (unless `keyOf: false`). */
function check(fields: (number | string)[], records: unknown[], options: KeyIndexOptions = {}): void {
  const key = compileKey(parseKeyArgs(fields, "t"), "t");
  const index = new KeyIndex(key, options);
  const byHash = new Map<HashKey, number>();
  for (const r of records) {
    const h = key.hashable(r);
    const id = index.find(r);
    const expected = byHash.get(h);
    if (expected === undefined) {
      assert.equal(id, -1, `a new key ${String(h)} is not found`);
      const added = index.add();
      assert.equal(added, byHash.size, "ids are dense, in first-seen order");
      byHash.set(h, added);
    } else {
      assert.equal(id, expected, `key ${String(h)} meets its earlier id`);
    }
  }
  assert.equal(index.size, byHash.size);
  if (options.keyOf === false) return;
  for (const [h, id] of byHash) assert.equal(index.keyOf(id), h, `keyOf(${id})`);
}

test("KeyIndex: one-field keys of every kind group as their hashables", () => {
  const records = [...LEAVES, ...LEAVES].map((v, i) => [v, i]);
  check([0], records);
  check(["*"], [...LEAVES, ...LEAVES, ...records.slice(0, 8)]);
});

test("KeyIndex: two-field keys of every pair of kinds group as their hashables", () => {
  const records: unknown[] = [];
  for (const a of LEAVES) for (const b of LEAVES) records.push([a, b, records.length]);
  check([0, 1], [...records, ...records.reverse()]);
  // Whole records: pairs, longer tuples and objects with the same leaves.
  const whole: unknown[] = [];
  for (const a of LEAVES.slice(0, 12)) for (const b of LEAVES.slice(10, 20)) whole.push([a, b], { p: a, q: b }, [[a], b], [a, b, 0]);
  check(["*"], [...whole, ...whole]);
});

test("KeyIndex: many integer keys and pairs (the tables grow) keep their ids", () => {
  const ints: unknown[] = [];
  const pairs: unknown[] = [];
  for (let i = 0; i < 20000; i++) {
    const k = ((i * 7919) % 6007) - 3000;
    ints.push([k * 65537, i]);
    pairs.push([k, (k * 31) % 7, i], [k * 2 ** 20, -k, i]);
  }
  check([0], ints);
  check([0, 1], pairs);
});

test("KeyIndex sized for its expected keys, or keeping no keys (a set: distinct), groups the same", () => {
  const records: unknown[] = [];
  for (const a of LEAVES) for (const b of LEAVES) records.push([a, b, records.length]);
  const ints = Array.from({ length: 9000 }, (_, i) => [((i * 7919) % 5003) - 2500, i]);
  for (const options of [{ expectedKeys: 3000 }, { keyOf: false }, { expectedKeys: 10, keyOf: false }]) {
    check([0, 1], [...records, ...records], options);
    check(["*"], [...LEAVES, ...LEAVES], options);
    check([0], ints, options);
  }
  assert.deepEqual([0, 768, 769, 3000, 1 << 17].map(tableCapacity), [1024, 1024, 2048, 4096, 1 << 18], "a power of two, at most three quarters full");
});

test("IntTable and IntPairTable find what they hold, and nothing else", () => {
  const t = new IntTable(4);
  const p = new IntPairTable(4);
  for (let i = 0; i < 5000; i++) {
    const a = (i * 2654435761) | 0;
    assert.equal(t.find(a), -1);
    t.insert(a, i);
    assert.equal(p.find(a, i), -1);
    p.insert(a, i, i);
  }
  for (let i = 0; i < 5000; i++) {
    const a = (i * 2654435761) | 0;
    assert.equal(t.find(a), i);
    assert.equal(p.find(a, i), i);
    assert.equal(p.find(i, a), i === 0 ? 0 : -1);
  }
});

test("KeyIndex: pairs of strings and non-int32 numbers (numbered leaves) never meet the ints they are numbered as", () => {
  // A leaf that is not an int32 stands for its number (0, 1, 2... in first-seen order) in a pair
  // table: the same numbers as int leaves, in other tables.
  const records: unknown[] = [];
  for (let i = 0; i < 3000; i++) {
    const s = `s${i % 1500}`;
    const d = (i % 700) + 0.5;
    records.push([i % 40, s], [s, i % 40], [s, `t${i % 37}`], [i % 1500, i % 40], [d, i % 40], [i % 40, d], [d, s], [NaN, i % 3]);
  }
  check([0, 1], [...records, ...records.reverse()]);
  check(["*"], records);
});
