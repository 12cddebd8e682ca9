/**
 * An external sort on one tuple field holds its runs after the first serialized
 * (runtime/sort/packed-sort-buffer.ts): batches encoded as they come, keys radix-sorted, runs
 * written by copying each record's bytes. Its output must be exactly the unspilled sort's, ties in
 * arrival order, ascending and descending, for numbers and strings of every kind (non-ASCII, long,
 * empty), and it must hand back to the general path, losing nothing, when a batch has another
 * shape or a key it does not take (a fraction, NaN, -0).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Order, type DataSet, type ExecutionEnvironment } from "../../src/index.js";
import { ExternalSorter } from "../../src/runtime/sort/external-sorter.js";
import { PACKED_SORT_STATS } from "../../src/runtime/sort/packed-sort-buffer.js";
import { SpillSpace } from "../../src/runtime/spill/spill-space.js";
import { assertSpillsAlike, spillRoot } from "./spill-helpers.js";

const N = 8000;
const TEXTS = ["", "a", "zürich", "€uro sign", "x".repeat(40), "日本語のテキスト", "plain ascii"];

/** [key, text, running number]: keys repeat (ties), texts of every kind. */
const rows = (key: (i: number) => unknown): unknown[][] => Array.from({ length: N }, (_, i) => [key(i), TEXTS[i % TEXTS.length]! + (i % 3 === 0 ? String(i) : ""), i]);

function sorted(env: ExecutionEnvironment, data: unknown[], order: Order, field = 0): Promise<unknown[]> {
  const ds: DataSet<any> = env.fromCollection(data);
  return ds.rebalance().sortPartition(field, order).collect();
}

for (const p of [1, 4]) {
  for (const order of [Order.ASCENDING, Order.DESCENDING]) {
    test(`serialized runs sort as the unspilled sort, ${order === Order.ASCENDING ? "ascending" : "descending"}, p=${p}`, async () => {
      const before = PACKED_SORT_STATS.records;
      await assertSpillsAlike(p, (env) => sorted(env, rows((i) => (i * 7919) % 997 - 300), order), "sort", true);
      assert.ok(PACKED_SORT_STATS.records > before, "records were held serialized");
    });
  }
  test(`a sort key on a later field, keys past 2^32 apart, p=${p}`, async () => {
    const before = PACKED_SORT_STATS.records;
    const data = rows((i) => i).map((r, i) => [r[1], r[2], (i % 5) * 2 ** 40 - 2 ** 41]);
    await assertSpillsAlike(p, (env) => sorted(env, data, Order.ASCENDING, 2), "sort", true);
    assert.ok(PACKED_SORT_STATS.records > before);
  });
}

test("a key the serialized buffer does not take, or a record of another shape, midway: the general path, nothing lost", async () => {
  for (const odd of [1.5, NaN, -0, "text key"]) {
    const data = rows((i) => (i % 101) - 50);
    data[N - 700]![0] = odd;
    const before = PACKED_SORT_STATS.records;
    await assertSpillsAlike(1, (env) => sorted(env, data, Order.ASCENDING), "sort", true);
    assert.ok(PACKED_SORT_STATS.records > before, "records were held serialized before the odd key");
  }
  const shapes = rows((i) => i % 101);
  shapes[N - 700] = [5, "short record"];
  const before = PACKED_SORT_STATS.records;
  await assertSpillsAlike(1, (env) => sorted(env, shapes, Order.ASCENDING), "sort", true);
  assert.ok(PACKED_SORT_STATS.records > before, "records were held serialized before the other shape");
});

test("the sorter alone: runs of serialized records merge with the first run's, ties in arrival order", () => {
  const space = new SpillSpace(spillRoot());
  const memory = { limit: 4000, spill: space, operator: "t", budgetBytes: 4000 };
  const byKey = (a: [number, string], b: [number, string]): number => a[0] - b[0];
  const sorter = new ExternalSorter<[number, string]>((rs) => [...rs].sort(byKey), byKey, memory, 64, { field: 0, dir: 1 });
  const input = Array.from({ length: 3000 }, (_, i) => [(i * 37) % 11, `r${i}`] as [number, string]);
  const before = PACKED_SORT_STATS.records;
  for (let i = 0; i < input.length; i += 100) sorter.addBatch(input.slice(i, i + 100));
  assert.ok(sorter.spilled);
  assert.ok(PACKED_SORT_STATS.records > before, "runs after the first were held serialized");
  assert.deepEqual([...sorter.sorted()], [...input].sort(byKey));
  sorter.dispose();
  space.dispose();
});
