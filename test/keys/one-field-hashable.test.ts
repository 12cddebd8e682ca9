/**
 * The generated `hashable` of a one-field key (keys.ts generatedHashable: the field's load and the
 * string and int32 fast paths inline) gives what the key's value alone gives (toHashKey of the
 * field's value), for every kind of value and every way of naming the field, and fails on a
 * missing field or a null key as the getter path does.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { compileKey, parseKeyArgs, toHashKey } from "../../src/common/keys.js";

const ctx = { operator: "t", where: "w", record: undefined };

const VALUES: unknown[] = [
  0, -0, 1, -1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 1.5, NaN, Infinity, -Infinity,
  "", "a", "\u0000a", "\u0000", "1", true, false, 10n, new Date(5), [1, "a"], [[2]], { x: 1, y: "b" }, new Map([[1, 2]]), new Set(["s"]),
];

test("one-field hashable: a position, 'fN' on a tuple and a field name give toHashKey of the value", () => {
  const byPosition = compileKey(parseKeyArgs([1], "t"), "t");
  const byF1 = compileKey(parseKeyArgs(["f1"], "t"), "t");
  const byName = compileKey(parseKeyArgs(["v"], "t"), "t");
  for (const v of VALUES) {
    const expected = toHashKey(v, ctx);
    assert.deepEqual(byPosition.hashable(["x", v]), expected, `position 1 of ${String(v)}`);
    assert.deepEqual(byF1.hashable(["x", v]), expected, `f1 of a tuple holding ${String(v)}`);
    assert.deepEqual(byName.hashable({ v }), expected, `field v holding ${String(v)}`);
  }
});

test("one-field hashable: 'f0' names a property of an object, not its position", () => {
  const key = compileKey(parseKeyArgs(["f0"], "t"), "t");
  assert.equal(key.hashable({ f0: "p" }), "p");
  assert.equal(key.hashable(["q"]), "q");
});

test("one-field hashable: an int32 comes back as itself, -0 and NUL-led strings encoded apart", () => {
  const key = compileKey(parseKeyArgs([0], "t"), "t");
  assert.equal(key.hashable([7]), 7);
  assert.notEqual(key.hashable([-0]), key.hashable([0]));
  assert.notEqual(key.hashable(["\u0000n-0;"]), key.hashable([-0]));
  assert.equal(key.hashable([NaN]), key.hashable([0 / 0]));
});

test("one-field hashable: a missing field and a null key fail naming the operator", () => {
  const key = compileKey(parseKeyArgs([2], "Reduce at x"), "Reduce at x");
  assert.throws(() => key.hashable([1]), /Reduce at x: key position 2 is out of range/);
  assert.throws(() => key.hashable([1, 2, null]), /Reduce at x/);
  const named = compileKey(parseKeyArgs(["k"], "Join at y"), "Join at y");
  assert.throws(() => named.hashable({ other: 1 }), /Join at y: key field 'k' does not exist/);
  assert.throws(() => named.hashable({ k: undefined }), /Join at y/);
});
