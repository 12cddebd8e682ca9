/** External merge sort: sortPartition and range partitioning spill runs past their share and merge them. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Order } from "../../src/index.js";
import { ExternalSorter, mergeRunBatches, mergeRuns } from "../../src/runtime/sort/external-sorter.js";
import { SpillSpace } from "../../src/runtime/spill/spill-space.js";
import { PARALLELISMS } from "../helpers.js";
import { assertSpillsAlike, keyOf, RECORD_KINDS, spillRoot } from "./spill-helpers.js";

const N = 6000;

for (const p of PARALLELISMS) {
  for (const kind of RECORD_KINDS) {
    test(`sortPartition spills runs and merges them: ${kind.name} records [p=${p}]`, () =>
      assertSpillsAlike(p, (env) => {
        const data = Array.from({ length: N }, (_, i) => kind.make(keyOf(i, N), i));
        return env.fromCollection(data).rebalance().sortPartition(kind.key as never, Order.DESCENDING).collect();
      }, "sort", true));
  }
  test(`range partitioning then sortPartition gives a total order when spilling [p=${p}]`, () =>
    assertSpillsAlike(p, (env) => {
      const data = Array.from({ length: N }, (_, i) => [keyOf(i, N), `v${i}`] as [number, string]);
      return env.fromCollection(data).partitionByRange(0).sortPartition(0, Order.ASCENDING).sortPartition(1, Order.ASCENDING).collect();
    }, "sort", true));
}

test("the merge respects the fan-in limit (merge passes) and keeps equal keys in arrival order", () => {
  const space = new SpillSpace(spillRoot());
  const memory = { limit: 2000, spill: space, operator: "t", budgetBytes: 2000 };
  const sorter = new ExternalSorter<[number, number]>((rs) => [...rs].sort((a, b) => a[0] - b[0]), (a, b) => a[0] - b[0], memory, 3);
  const input = Array.from({ length: 500 }, (_, i) => [(i * 37) % 11, i] as [number, number]);
  for (const r of input) sorter.add(r);
  assert.ok(sorter.spilled);
  const out = [...sorter.sorted()];
  const expected = [...input].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  assert.deepEqual(out, expected);
  sorter.dispose();
  space.dispose();
});

test("mergeRuns: k-way, ties to the earlier run", () => {
  const runs = [[1, 3, 5], [1, 2, 6], [], [0, 7]].map((r, i) => r.map((k) => [k, i] as const)[Symbol.iterator]());
  assert.deepEqual([...mergeRuns(runs, (a, b) => a[0] - b[0])], [[0, 3], [1, 0], [1, 1], [2, 1], [3, 0], [5, 0], [6, 1], [7, 3]]);
});

test("addBatch keeps arrival order with add and spills where add would (in memory and spilled, batches kept unchanged)", () => {
  const input = Array.from({ length: 3000 }, (_, i) => [(i * 37) % 11, i] as [number, number]);
  const expected = [...input].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const limit of [Infinity, 2000, 40_000]) {
    const space = new SpillSpace(spillRoot());
    const memory = { limit, spill: space, operator: "t", budgetBytes: limit };
    const runs: number[] = [];
    const sortRun = (rs: [number, number][]): [number, number][] => {
      runs.push(rs.length);
      return [...rs].sort((a, b) => a[0] - b[0]);
    };
    const byOne = new ExternalSorter<[number, number]>(sortRun, (a, b) => a[0] - b[0], memory, 3);
    for (const r of input) byOne.add(r);
    const one = [...byOne.sorted()];
    const runsByOne = runs.splice(0);
    const batched = new ExternalSorter<[number, number]>(sortRun, (a, b) => a[0] - b[0], memory, 3);
    const batches: [number, number][][] = [];
    // Batches of varied sizes, with single adds between them.
    for (let i = 0, size = 1; i < input.length; size = (size * 7) % 300 + 1) {
      if (size % 5 === 0) batched.add(input[i++]!);
      const b = input.slice(i, i + size);
      batches.push(b.slice());
      batched.addBatch(b);
      assert.deepEqual(b, batches.at(-1), "a batch stays as it was");
      i += size;
    }
    assert.equal(batched.spilled, byOne.spilled, `limit ${limit}: spilled alike`);
    assert.deepEqual([...batched.sorted()], one, `limit ${limit}: the same order`);
    assert.deepEqual(runs.splice(0), runsByOne, `limit ${limit}: the same runs`);
    assert.deepEqual(one, expected, `limit ${limit}: stable`);
    byOne.dispose();
    batched.dispose();
    space.dispose();
  }
});

test("merging runs frame by frame gives mergeRuns' order in batches of at most the size, empty frames skipped", () => {
  const byKey = (a: [number, number], b: [number, number]): number => a[0] - b[0];
  // Three sorted runs cut into frames of uneven sizes (some empty); equal keys across runs.
  const runs = [0, 1, 2].map((r) => Array.from({ length: 200 + 37 * r }, (_, i) => [Math.floor(i / 3), r * 1000 + i] as [number, number]));
  const frames = (run: [number, number][]): [number, number][][] => {
    const out: [number, number][][] = [[]];
    for (let i = 0; i < run.length; ) {
      const n = 1 + ((i * 7) % 13);
      out.push(run.slice(i, i + n), []);
      i += n;
    }
    return out;
  };
  const expected = [...mergeRuns(runs.map((r) => r[Symbol.iterator]()), byKey)];
  const batches = [...mergeRunBatches(runs.map((r) => frames(r)[Symbol.iterator]()), byKey, 50)];
  assert.ok(batches.every((b) => b.length > 0 && b.length <= 50));
  assert.deepEqual(batches.flat(), expected);
});
