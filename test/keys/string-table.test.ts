/**
 * StringTable (runtime/hash/string-table.ts): dense ids by string value, checked against a Map
 * (growth from the first capacity, equal strings built differently, collisions of the slot and of
 * the hash), and the string keys of KeyIndex and HashableIds going through it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { StringTable, stringHash } from "../../src/runtime/hash/string-table.js";
import { HashableIds } from "../../src/runtime/hash/hashable-ids.js";
import { KeyIndex } from "../../src/runtime/hash/keyed-map.js";
import { compileKey, parseKeyArgs } from "../../src/common/keys.js";

/** Strings of several shapes: short, long (sliced from a larger string), non-ASCII, empty. */
function words(n: number): string[] {
  const long = "x".repeat(40);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = (i * 7919) % Math.max(1, Math.floor(n / 3));
    out.push(k % 5 === 0 ? `${long}${k}` : k % 7 === 0 ? `ü${k}é` : `w${k}`);
  }
  return [...out, "", "1", "-0", "a|b"];
}

test("StringTable gives each string one id, found again from an equal string built anew", () => {
  const t = new StringTable();
  const reference = new Map<string, number>();
  const keys = words(20_000);
  for (const k of keys) {
    const id = t.find(k);
    assert.equal(id, reference.get(k) ?? -1, `find(${k})`);
    if (id < 0) {
      t.insert(k, reference.size);
      reference.set(k, reference.size);
    }
  }
  assert.ok(reference.size > 1024 * 0.75, "the table grew past its first capacity");
  // Equal strings that are other objects (concatenated, sliced) find the same ids.
  for (const [k, id] of reference) assert.equal(t.find(`${k} `.slice(0, k.length)), id, `find(copy of ${k})`);
  assert.equal(t.find("absent"), -1);
});

test("StringTable: strings with the same hash stay apart", () => {
  // "Aa" and "BB" have the same 31-polynomial before the final mix, so the same stringHash.
  assert.equal(stringHash("Aa"), stringHash("BB"));
  const t = new StringTable();
  for (const [i, k] of ["Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa"].entries()) {
    assert.equal(t.find(k), -1);
    t.insert(k, i);
  }
  assert.deepEqual(["Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa"].map((k) => t.find(k)), [0, 1, 2, 3, 4, 5]);
});

test("HashableIds and KeyIndex: string keys interleaved with ints and other hashables keep one id each", () => {
  const ids = new HashableIds();
  const index = new KeyIndex(compileKey(parseKeyArgs([0], "op"), "op"));
  const reference = new Map<unknown, number>();
  const keys: (string | number)[] = [];
  for (const w of words(6000)) keys.push(w, w.length, w.length + 0.5);
  for (const k of [...keys, ...keys]) {
    const expected = reference.get(k);
    assert.equal(ids.idOf(k), expected ?? -1, `HashableIds.idOf(${k})`);
    const found = index.find([k]);
    assert.equal(found, expected ?? -1, `KeyIndex.find(${k})`);
    if (expected === undefined) {
      assert.equal(index.add(), reference.size);
      assert.equal(ids.add(k), reference.size);
      reference.set(k, reference.size);
    }
  }
  assert.notEqual(ids.idOf("1"), ids.idOf(1));
  assert.equal(index.size, reference.size);
});

test("KeyIndex pair keys: string leaves and non-int32 number leaves share one code space and stay apart", () => {
  const index = new KeyIndex(compileKey(parseKeyArgs([0, 1], "op"), "op"));
  const reference = new Map<string, number>();
  const leaves: (string | number)[] = ["a", "b", "1", 1, 1.5, "1.5", NaN, "NaN", -3, "", "ü"];
  const keys: [string | number, string | number][] = [];
  for (const x of leaves) for (const y of leaves) keys.push([x, y]);
  for (let i = 0; i < 3000; i++) keys.push([i % 7 === 0 ? i + 0.25 : `s${i % 500}`, i % 3 === 0 ? `t${i % 40}` : i % 11]);
  for (const k of [...keys, ...keys]) {
    const name = JSON.stringify(k.map((v) => (typeof v === "number" ? `n:${v}` : `s:${v}`)));
    const expected = reference.get(name);
    assert.equal(index.find(k), expected ?? -1, `find(${name})`);
    if (expected === undefined) {
      assert.equal(index.add(), reference.size);
      reference.set(name, reference.size);
    }
  }
  assert.equal(index.size, reference.size);
});
