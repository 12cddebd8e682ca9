/**
 * NumberTupleTable (runtime/hash/number-tuple-table.ts): rows of int32 keys and number fields,
 * looked up by key once frozen, each key's rows in arrival order, every record built fresh; keys
 * that are not int32s find nothing; unmatched rows for an outer build side; past one chunk.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { NumberTupleTable } from "../../src/runtime/hash/number-tuple-table.js";

test("rows by key in arrival order, across chunks; fresh records; -0 and NaN fields kept", () => {
  const t = new NumberTupleTable(3);
  const n = 40_000;
  for (let i = 0; i < n; i++) t.append(i % 1000, [i % 1000, i, i % 9 === 0 ? -0 : i % 13 === 0 ? NaN : i / 2], 0);
  assert.equal(t.size, n);
  const id = t.find(7);
  assert.ok(t.frozen);
  const rows = [];
  for (let j = t.start[id]!; j < t.start[id + 1]!; j++) rows.push(t.record(j));
  assert.deepEqual(rows.map((r) => r[1]), Array.from({ length: n / 1000 }, (_, i) => 7 + 1000 * i));
  assert.ok(rows.every((r) => r[0] === 7 && r.length === 3));
  const k0 = t.find(0);
  assert.ok(Object.is(t.record(t.start[k0]!)[2], -0), "-0 field");
  const k13 = t.find(13);
  assert.ok(Number.isNaN(t.record(t.start[k13]!)[2]), "NaN field");
  const a = t.record(t.start[id]!);
  a[1] = -1;
  assert.equal(t.record(t.start[id]!)[1], 7, "each record is a fresh array");
});

test("keys that are not int32s find nothing; -0 finds 0", () => {
  const t = new NumberTupleTable(1);
  t.append(0, [1], 0);
  t.append(5, [2], 0);
  assert.equal(t.find(5.5), -1);
  assert.equal(t.find("5"), -1);
  assert.equal(t.find(2 ** 32 + 5), -1);
  assert.ok(t.find(-0) >= 0);
});

test("with match tracking, unmatched gives the rows of keys no probe found", () => {
  const t = new NumberTupleTable(2, true);
  for (let k = 0; k < 10; k++) for (let r = 0; r < 2; r++) t.append(k, [k, r], 0);
  for (const k of [1, 3, 5, 7, 9, 11]) t.find(k);
  assert.deepEqual([...t.unmatched()], [0, 2, 4, 6, 8].flatMap((k) => [[k, 0], [k, 1]]));
});

test("before freezing, rows come back as (key, fields) in arrival order", () => {
  const t = new NumberTupleTable(2);
  t.append(3, [3, 1], 0);
  t.append(1, [9, 9, 1, 2], 2);
  const seen: unknown[] = [];
  t.forEachRow((k, src, at) => seen.push([k, src[at], src[at + 1]]));
  assert.deepEqual(seen, [[3, 3, 1], [1, 1, 2]]);
});

test("rows read in arrival order after freezing fail instead of coming back empty", () => {
  const t = new NumberTupleTable(1);
  t.append(1, [1], 0);
  t.freeze();
  assert.throws(() => t.forEachRow(() => undefined), /after freeze/);
});

test("freezing lists every key's rows in place across chunks, for shuffled keys with uneven counts", () => {
  const t = new NumberTupleTable(2);
  const n = 50_000;
  const expected = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    // A key's rows spread over the chunks (16k rows each), some keys once, some 40 times.
    const k = (i * 7919) % (i % 3 === 0 ? 1200 : 30_000);
    t.append(k, [k, i], 0);
    expected.set(k, [...(expected.get(k) ?? []), i]);
  }
  t.freeze();
  assert.equal(t.unique, false);
  for (const [k, rows] of expected) {
    const id = t.find(k);
    const got: number[] = [];
    for (let j = t.start[id]!; j < t.start[id + 1]!; j++) {
      const r = t.record(j);
      assert.equal(r[0], k);
      got.push(r[1]!);
    }
    assert.deepEqual(got, rows, `rows of key ${k}`);
  }
});

test("every key once: unique, key id i is row i in arrival order", () => {
  const t = new NumberTupleTable(2);
  const keys = [5, -3, 2 ** 31 - 1, 0, 17];
  keys.forEach((k, i) => t.append(k, [k, i / 2], 0));
  t.freeze();
  assert.equal(t.unique, true);
  keys.forEach((k, i) => {
    const id = t.find(k);
    assert.equal(id, i);
    assert.deepEqual([t.start[id], t.start[id + 1]], [i, i + 1]);
    assert.deepEqual(t.record(id), [k, i / 2]);
  });
});

test("sharedRecord writes every row into one array the table keeps", () => {
  const t = new NumberTupleTable(3);
  for (let i = 0; i < 20_000; i++) t.append(i, [i, -0, i * 1.5], 0);
  t.freeze();
  const row = (k: number): number => t.start[t.find(k)]!;
  const a = t.sharedRecord(row(3));
  assert.deepEqual(a, [3, -0, 4.5]);
  assert.ok(Object.is(a[1], -0));
  const b = t.sharedRecord(row(19_999));
  assert.equal(a, b, "the same array");
  assert.deepEqual(b, [19_999, -0, 19_999 * 1.5]);
  assert.deepEqual(t.record(row(3)), [3, -0, 4.5], "record stays a fresh array");
});
