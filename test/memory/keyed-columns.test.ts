/**
 * The keyed spills' columnar runs (runtime/spill/keyed-columns.ts): int32-keyed entries of number
 * tuples are written from typed columns in the bytes encodeTuples gives them, and a keyed spill
 * merges them back in key order, equal keys in arrival order, records exact (-0, NaN); a table
 * with an entry of another shape falls back to entries from there on, losing and reordering none.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { encodeTuples } from "../../src/runtime/spill/tuple-layout.js";
import { keyedNumbersFrame, KEYED_NUMBERS_MAX_WIDTH } from "../../src/runtime/spill/tuple-layout.js";
import { compareHashKeys, KeyedSpill, type KeyedEntry } from "../../src/runtime/spill/keyed-spill.js";
import { KeyedNumberColumns } from "../../src/runtime/spill/keyed-columns.js";
import { SpillSpace } from "../../src/runtime/spill/spill-space.js";
import { SpillWriter, spilledRecords } from "../../src/runtime/spill/spill-file.js";
import type { HolderMemory } from "../../src/runtime/memory/job-memory.js";
import type { HashKey } from "../../src/common/keys.js";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { exact, spillRoot } from "./spill-helpers.js";

const specials = [0, -0, Number.NaN, Infinity, -Infinity, 1.5, -(2 ** 53), 7];

function memory(): HolderMemory {
  return { limit: 1 << 30, spill: new SpillSpace(spillRoot()), operator: "test", budgetBytes: 1 << 30 };
}

/** The reference order: stable by compareHashKeys over the entries in arrival order. */
function reference(entries: KeyedEntry<unknown>[]): string[] {
  return entries
    .map((e, i) => [e, i] as const)
    .sort((a, b) => compareHashKeys(a[0][0], b[0][0]) || a[1] - b[1])
    .map(([e]) => exact(e));
}

function intEntries(n: number, width: number, salt: number): KeyedEntry<unknown>[] {
  const out: KeyedEntry<unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const key = i % 97 === 0 ? (i % 2 === 0 ? 2 ** 31 - 1 : -(2 ** 31)) : ((i * 7919 + salt) % 1013) - 500;
    out.push([key, Array.from({ length: width }, (_, f) => (f === 0 ? i + salt : specials[(i + f) % specials.length]!))]);
  }
  return out;
}

test("a columnar frame is the bytes encodeTuples gives the same entries", () => {
  for (const width of [1, 2, 3, KEYED_NUMBERS_MAX_WIDTH]) {
    const entries = intEntries(37, width, width);
    const { bytes, numbers } = keyedNumbersFrame(width, entries.length);
    let at = 0;
    for (const [k, r] of entries) {
      numbers[at++] = k as number;
      for (const v of r as number[]) numbers[at++] = v;
    }
    assert.deepEqual(bytes, encodeTuples(entries), `width ${width}`);
  }
});

test("columns write their entries sorted by key, equal keys in arrival order, and read back exactly", () => {
  const entries = intEntries(5000, 2, 3);
  const columns = new KeyedNumberColumns();
  for (const [k, r] of entries) assert.ok(columns.take(k, r));
  const root = spillRoot();
  const w = new SpillWriter(join(root, "run.spill"));
  columns.writeSorted(w);
  const file = w.close();
  assert.equal(columns.size, 0);
  assert.deepEqual([...spilledRecords(file.path)].map(exact), reference(entries));
});

test("columns refuse what they cannot hold exactly: other keys, other records, another width", () => {
  const columns = new KeyedNumberColumns();
  assert.ok(columns.take(1, [1, 2]));
  for (const [k, r] of [[-0, [1, 2]], [1.5, [1, 2]], [2 ** 31, [1, 2]], ["a", [1, 2]], [1, [1, 2, 3]], [1, [1, "x"]], [1, { a: 1 }], [1, [1, undefined]]] as [HashKey, unknown][]) {
    assert.equal(columns.take(k, r), false, exact([k, r]));
  }
  // A holey array is not a tuple of numbers.
  // eslint-disable-next-line no-sparse-arrays
  assert.equal(columns.take(1, [1, , ]), false);
  assert.equal(columns.size, 1);
});

/** Spills `tables` (each a table's entries) through one KeyedSpill, then merges with `last`. */
function spillAndMerge(tables: KeyedEntry<unknown>[][], last: KeyedEntry<unknown>[]): { merged: string[]; files: number } {
  const m = memory();
  const spill = new KeyedSpill<unknown>(m);
  try {
    for (const t of tables) spill.spill(t);
    const merged = [...spill.merged(last)].map(exact);
    return { merged, files: readdirSync(m.spill.directory!).length };
  } finally {
    spill.dispose();
    m.spill.dispose();
  }
}

test("a keyed spill of int-keyed number tuples merges in key order, equal keys in arrival order", () => {
  const tables = [intEntries(3000, 2, 1), intEntries(2500, 2, 2)];
  const last = intEntries(700, 2, 3);
  const { merged } = spillAndMerge(tables, last);
  assert.deepEqual(merged, reference([...tables.flat(), ...last]));
});

test("a table with an entry of another shape midway falls back to entries, none lost or reordered", () => {
  const mixed = intEntries(3000, 2, 1);
  mixed.splice(1200, 0, [5, ["five", 5]], ["s", [1, 2]], [5, [1, 2, 3]]);
  const tables = [mixed, intEntries(1000, 2, 4)];
  const last = [...intEntries(300, 2, 5), [5, { o: -0 }] as KeyedEntry<unknown>];
  const { merged } = spillAndMerge(tables, last);
  assert.deepEqual(merged, reference([...tables.flat(), ...last]));
});
