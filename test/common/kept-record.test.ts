/**
 * keptRecord (common/copy.ts): what an operator keeps past a call (a group's first record, a
 * distinct key's overflow record) is a fresh array or object equal by value, deep only where a
 * copy is asked for and the record nests. Why the reduces keep one: test/memory/pretenuring.test.ts.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { keptRecord } from "../../src/common/copy.js";

class Point {
  constructor(readonly x: number) {}
}

test("keptRecord gives a fresh tuple or plain object equal by value, shallow when the record is owned", () => {
  const tuple: [number, string, number | null] = [1, "a", null];
  const kept = keptRecord(tuple, false);
  assert.notEqual(kept, tuple);
  assert.deepEqual(kept, tuple);

  const nested = { id: 1, tags: ["x"] };
  const shallow = keptRecord(nested, false);
  assert.notEqual(shallow, nested);
  assert.deepEqual(shallow, nested);
  assert.equal(shallow.tags, nested.tags, "an owned record is copied shallowly: nothing else holds it");
});

test("keptRecord copies deeply when a copy is asked for and the record nests", () => {
  const nested: [number, number[]] = [1, [2, 3]];
  const kept = keptRecord(nested, true);
  assert.deepEqual(kept, nested);
  assert.notEqual(kept[1], nested[1]);
  const obj = { id: 1, at: new Date(5) };
  const keptObj = keptRecord(obj, true);
  assert.notEqual(keptObj.at, obj.at);
  assert.equal(keptObj.at.getTime(), 5);
});

test("keptRecord keeps primitives, and class instances unless a copy is asked for", () => {
  assert.equal(keptRecord(7, true), 7);
  assert.equal(keptRecord(null, false), null);
  const p = new Point(1);
  assert.equal(keptRecord(p, false), p);
  const copied = keptRecord(p, true);
  assert.notEqual(copied, p);
  assert.ok(copied instanceof Point);
  assert.equal(copied.x, 1);
});
