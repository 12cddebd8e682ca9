/**
 * DenseIntIds (runtime/hash/dense-int-ids.ts): a finished join table whose keys are int32s in a
 * dense range looks them up by subtraction. It must give exactly the ids the hash index gives, for
 * every probe (in range, out of range, non-int32 numbers, strings), and be used only when the
 * range is dense.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { DenseIntIds, DENSE_SLOTS_PER_KEY } from "../../src/runtime/hash/dense-int-ids.js";
import { HashableIds } from "../../src/runtime/hash/hashable-ids.js";
import { JoinHashTable } from "../../src/runtime/hash/join-hash-table.js";
import { ExecutionEnvironment } from "../../src/index.js";

test("the dense index gives the hash index's id for every probe", () => {
  const keys = [-3, 7, 0, 5, 2, -1, 6];
  const dense = DenseIntIds.over(keys)!;
  const hashed = new HashableIds();
  for (const k of keys) hashed.add(k);
  const probes = [...Array.from({ length: 20 }, (_, i) => i - 8), 1.5, -0.5, 2 ** 31, -(2 ** 31), 2 ** 40, NaN, Infinity, "5", "", true, null];
  for (const p of probes) assert.equal(dense.idOf(p as never), hashed.idOf(p as never), `probe ${String(p)}`);
});

test("only int32 keys in a dense range get a dense index", () => {
  assert.equal(DenseIntIds.over([]), undefined);
  assert.equal(DenseIntIds.over([1, 2, "3"]), undefined);
  assert.equal(DenseIntIds.over([1, 2.5]), undefined);
  assert.equal(DenseIntIds.over([0, 2 ** 40]), undefined);
  // Any range up to 1,024 slots is dense; past it, at most DENSE_SLOTS_PER_KEY slots per key.
  assert.ok(DenseIntIds.over([0, 1023]));
  assert.equal(DenseIntIds.over([0, 1024]), undefined);
  const keys = Array.from({ length: 2000 }, (_, i) => i * DENSE_SLOTS_PER_KEY);
  assert.ok(DenseIntIds.over(keys));
  assert.equal(DenseIntIds.over([...keys, keys.length * DENSE_SLOTS_PER_KEY + 10]), undefined);
  assert.ok(DenseIntIds.over([-(2 ** 31), -(2 ** 31) + 5]));
  assert.ok(DenseIntIds.over([2 ** 31 - 6, 2 ** 31 - 1]));
});

test("a frozen join table of dense int keys probes through the dense index, and thaws back", () => {
  const table = new JoinHashTable<string>(true);
  for (let i = 0; i < 3000; i++) table.insert(i % 1500, `r${i}`);
  assert.equal(table.probe(1499), 1499);
  assert.ok(table.keyIndex instanceof DenseIntIds);
  assert.deepEqual(table.rows.slice(table.start[7], table.start[8]), ["r7", "r1507"]);
  assert.equal(table.probe(1500), -1);
  assert.equal(table.probe("7"), -1);
  table.insert("x", "rx");
  assert.equal(table.probe("x"), 1500);
  assert.ok(!(table.keyIndex instanceof DenseIntIds));
  assert.equal(table.probe(7), 7);
  // Matches are tracked from the last freeze: "x" and 7 (two records) of 3,001.
  assert.equal([...table.unmatched()].length, 3001 - 1 - 2);
  const sparse = new JoinHashTable<number>(false);
  for (let i = 0; i < 100; i++) sparse.insert(i * 1000, i);
  assert.equal(sparse.probe(5000), 5);
  assert.ok(!(sparse.keyIndex instanceof DenseIntIds));
});

for (const p of [1, 2]) test(`joins on dense int keys give the same pairs as on the same keys spread out (p=${p})`, async () => {
  const env = ExecutionEnvironment.getExecutionEnvironment().setParallelism(p);
  const users = Array.from({ length: 3000 }, (_, i): [number, string] => [i - 1000, `u${i}`]);
  const orders = Array.from({ length: 9000 }, (_, i): [number, number] => [i, ((i * 7919) % 4200) - 1100]);
  const spread = (k: number) => k * 4096 + 1;
  const pairs = async (f: (k: number) => number) =>
    (await env.fromCollection(orders.map(([o, k]) => [o, f(k)] as [number, number]))
      .leftOuterJoin(env.fromCollection(users.map(([k, n]) => [f(k), n] as [number, string])))
      .where(1).equalTo(0)
      .with((o, u) => `${o[0]}:${u === null ? "-" : u[1]}`)
      .collect()).sort();
  const dense = await pairs((k) => k);
  assert.deepEqual(dense, await pairs(spread));
  assert.equal(dense.filter((p) => p.endsWith(":-")).length, orders.filter(([, k]) => k < -1000 || k >= 2000).length);
});

test("a build table kept across supersteps finds dense int keys as the hash index does", async () => {
  const { KeptTableBuilder } = await import("../../src/runtime/iteration/kept-build-table.js");
  const builder = new KeptTableBuilder(false);
  for (let i = 0; i < 2000; i++) builder.add(i % 1000, [i % 1000, i]);
  const pairs: unknown[] = [];
  const policy = { copy: false, streamedOwned: true, readsOnly: false };
  const probe = builder.build().prober((r) => r, (held, streamed) => pairs.push([held, streamed]), policy, true);
  for (const k of [5, 999, 1000, -1, 2.5, "5"]) probe(k);
  assert.deepEqual(pairs, [[[5, 5], 5], [[5, 1005], 5], [[999, 999], 999], [[999, 1999], 999], [null, 1000], [null, -1], [null, 2.5], [null, "5"]]);
});
