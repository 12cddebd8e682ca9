/**
 * sortRecords (runtime/sort/comparator.ts): the packed native sort of integer first keys, ties
 * ordered by the remaining keys, must give exactly the stable comparator order.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { seededRandom } from "../helpers.js";
import { Order } from "../../src/common/enums.js";
import { compareKeys, parseKeyArgs } from "../../src/common/keys.js";
import type { Ordering } from "../../src/plan/logical.js";
import { sortRecords } from "../../src/runtime/sort/comparator.js";

const ord = (field: number, order: Order): Ordering => ({ key: parseKeyArgs([field], "t"), order }) as Ordering;

/** The reference: a stable sort with compareKeys on each key in turn. */
function reference<T extends unknown[]>(rows: T[], orders: readonly [number, Order][]): T[] {
  return rows.map((r, i) => [r, i] as const).sort(([a, i], [b, j]) => {
    for (const [f, o] of orders) {
      const c = compareKeys(a[f], b[f]);
      if (c !== 0) return o === Order.DESCENDING ? -c : c;
    }
    return i - j;
  }).map(([r]) => r);
}

test("integer first keys: packed order equals the stable comparator order, ascending and descending, with ties", () => {
  const rand = seededRandom(3);
  const cases: [string, () => unknown][] = [
    ["small ints", () => Math.floor(rand() * 20) - 10],
    ["31-bit ints", () => Math.floor(rand() * 2 ** 31)],
    ["huge range (not packable)", () => Math.floor((rand() - 0.5) * 2 ** 52)],
    ["with -0 (not packable)", () => (rand() < 0.1 ? -0 : Math.floor(rand() * 5))],
    ["doubles (not packable)", () => rand() * 10],
  ];
  for (const [name, key] of cases) {
    const rows = Array.from({ length: 3000 }, (_, i) => [key(), ["b", "a", "c"][i % 3], i] as unknown[]);
    const orderings: [number, Order][][] = [
      [[0, Order.ASCENDING]], [[0, Order.DESCENDING]], [[0, Order.ASCENDING], [1, Order.DESCENDING]], [[0, Order.DESCENDING], [1, Order.ASCENDING]],
    ];
    for (const orders of orderings) {
      const got = sortRecords([...rows], orders.map(([f, o]) => ord(f, o)), "t");
      assert.deepEqual(got.map((r) => r[2]), reference(rows, orders).map((r) => r[2]), `${name} ${JSON.stringify(orders)}`);
    }
  }
});

test("integer first keys of every span: radix (below 2^32), packed doubles (below 2^53 with the index) and the comparator give one order", () => {
  const rand = seededRandom(11);
  const spans: [string, () => number][] = [
    ["one key", () => 7],
    ["2^11 span", () => Math.floor(rand() * 2048) - 1000],
    ["2^22 + 1 span", () => Math.floor(rand() * (2 ** 22 + 1))],
    ["2^32 - 1 span", () => (rand() < 0.5 ? -(2 ** 31) : 2 ** 32 - 1 - 2 ** 31)],
    ["32-bit span, negatives", () => Math.floor((rand() - 0.5) * 2 ** 32)],
    ["40-bit span (packed doubles)", () => Math.floor(rand() * 2 ** 40) - 2 ** 39],
  ];
  for (const [name, key] of spans) {
    const rows = Array.from({ length: 5000 }, (_, i) => [key(), ["y", "x"][i % 2], i] as unknown[]);
    for (const orders of [[[0, Order.ASCENDING]], [[0, Order.DESCENDING]], [[0, Order.DESCENDING], [1, Order.ASCENDING]]] as [number, Order][][]) {
      const got = sortRecords([...rows], orders.map(([f, o]) => ord(f, o)), "t");
      assert.deepEqual(got.map((r) => r[2]), reference(rows, orders).map((r) => r[2]), `${name} ${JSON.stringify(orders)}`);
    }
  }
});

test("a first key that stops being an integer midway sorts through the comparator", () => {
  const rows = Array.from({ length: 400 }, (_, i) => [i === 300 ? 2.5 : (i * 37) % 11, i] as unknown[]);
  const got = sortRecords([...rows], [ord(0, Order.ASCENDING)], "t");
  assert.deepEqual(got.map((r) => r[1]), reference(rows, [[0, Order.ASCENDING]]).map((r) => r[1]));
});
