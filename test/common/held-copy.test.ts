/**
 * heldCopy (common/held-copy.ts): the sorter's copies through a generated literal per shape are
 * the same values as copyRecord's (symbol keys aside: a serialized copy drops them too), for
 * every record a shape check could get wrong: key order, extra and missing keys, nested values,
 * integer-like keys, "__proto__" as an own key, getters, class instances, arrays, and a shape met
 * again after others.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { heldCopy } from "../../src/common/held-copy.js";
import { copyRecord } from "../../src/common/copy.js";

function assertCopied(record: unknown, label: string): void {
  const held = heldCopy(record);
  assert.deepEqual(held, copyRecord(record), label);
  assert.deepEqual(held, record, label);
  if (typeof record === "object" && record !== null) {
    assert.notEqual(held, record, `${label}: a new object`);
    assert.equal(Object.getPrototypeOf(held), Object.getPrototypeOf(record), `${label}: prototype`);
    assert.deepEqual(Object.keys(held as object), Object.keys(record), `${label}: key order`);
  }
}

test("flat plain objects of one shape, then others, keep their keys, order and values", () => {
  for (let i = 0; i < 5; i++) assertCopied({ k: i, v: `v${i}`, n: null, u: undefined, b: 10n }, `shape a #${i}`);
  assertCopied({ v: "x", k: 1, n: null, u: undefined, b: 1n }, "same keys, another order");
  assertCopied({ k: 1, v: "x" }, "missing keys");
  assertCopied({ k: 1, v: "x", n: null, u: undefined, b: 1n, extra: true }, "an extra key");
  assertCopied({ 2: "two", 1: "one", name: "n" }, "integer-like keys");
  assertCopied({ k: 3, v: "again", n: null, u: undefined, b: 3n }, "the first shape again");
  assertCopied({}, "no keys");
});

test("nested values are copied deeply, as copyRecord does", () => {
  const nested = { k: 1, tags: ["a"], at: new Date(7) };
  const held = heldCopy(nested);
  assert.deepEqual(held, nested);
  assert.notEqual(held.tags, nested.tags);
  assert.notEqual(held.at, nested.at);
  // The flat shape first, then the same keys with a nested value.
  heldCopy({ k: 1, tags: "flat" });
  const later = { k: 2, tags: ["b"] };
  const heldLater = heldCopy(later);
  assert.deepEqual(heldLater, later);
  assert.notEqual(heldLater.tags, later.tags);
});

test("getters are read once and an own __proto__ key is kept; symbol keys are not copied, as in a serialized copy", () => {
  const tag = Symbol("tag");
  heldCopy({ k: 1 });
  const withSymbol = { k: 2, [tag]: "s" };
  const heldSymbol = heldCopy(withSymbol);
  assert.deepEqual(heldSymbol, { k: 2 });
  assert.equal(heldSymbol[tag], undefined);

  let reads = 0;
  const withGetter = {
    k: 1,
    get v(): number {
      reads++;
      return 5;
    },
  };
  const held = heldCopy(withGetter);
  assert.equal(reads, 1);
  assert.deepEqual(Object.getOwnPropertyDescriptor(held, "v"), { value: 5, writable: true, enumerable: true, configurable: true });

  const ownProto = JSON.parse('{"k": 1, "__proto__": "x"}') as Record<string, unknown>;
  const heldProto = heldCopy(ownProto);
  assert.equal(Object.getPrototypeOf(heldProto), Object.prototype);
  assert.equal(Object.getOwnPropertyDescriptor(heldProto, "__proto__")?.value, "x");
});

test("class instances, arrays, primitives and null prototypes go through copyRecord", () => {
  class Point {
    constructor(readonly x: number) {}
  }
  assertCopied(new Point(1), "class instance");
  assertCopied([1, "a", null], "tuple");
  assertCopied([1, [2]], "nested tuple");
  assert.equal(heldCopy(5), 5);
  assert.equal(heldCopy(null), null);
  const bare = Object.assign(Object.create(null) as Record<string, unknown>, { k: 1 });
  const held = heldCopy(bare);
  assert.equal(Object.getPrototypeOf(held), null);
  assert.equal(held.k, 1);
});

test("a polluted Object.prototype does not become part of a shape", () => {
  heldCopy({ k: 1, v: 2 });
  (Object.prototype as Record<string, unknown>).polluted = 1;
  try {
    const held = heldCopy({ k: 3, v: 4 });
    assert.deepEqual(Object.keys(held), ["k", "v"]);
    assert.equal(Object.prototype.hasOwnProperty.call(held, "polluted"), false);
  } finally {
    delete (Object.prototype as Record<string, unknown>).polluted;
  }
});
