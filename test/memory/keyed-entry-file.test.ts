/**
 * Keyed entry files (runtime/spill/keyed-entry-file.ts), the hybrid hash join's partition files:
 * int32-keyed tuples of numbers go into typed frames as they come, anything else as general
 * entries; reading gives back every entry exactly and in order; a file of typed entries only says
 * its width and reads as numbers; a writer that opens its file per write holds no descriptor.
 */
import assert from "node:assert/strict";
import { closeSync, existsSync, openSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { KeyedEntryWriter, keyedEntries, readKeyedFrames } from "../../src/runtime/spill/keyed-entry-file.js";
import { readSpillFile, readSpillFrame, SPILL_BATCH, SpillWriter } from "../../src/runtime/spill/spill-file.js";
import { encodeTuples, keyedNumbersFrame, keyedNumbersView } from "../../src/runtime/spill/tuple-layout.js";
import { tempDirs } from "../temp-dirs.js";
import { exact } from "./spill-helpers.js";

const dirs = tempDirs("sluice-keyed-entry-");

test("typed entries come back exactly and in order, -0, NaN and the infinities in their fields", () => {
  const path = join(dirs.dir(), "typed");
  const w = new KeyedEntryWriter(path);
  const entries: [number, number[]][] = [];
  for (let i = 0; i < 2.5 * SPILL_BATCH; i++) {
    const k = (i * 7919) % 1000 - 500;
    entries.push([k, [k, i % 5 === 0 ? -0 : i % 7 === 0 ? NaN : i % 11 === 0 ? -Infinity : i * 0.25]]);
  }
  for (const [k, r] of entries) w.add(k, r, false);
  assert.equal(w.typedWidth, 2);
  assert.equal(w.close().records, entries.length);
  assert.deepEqual([...keyedEntries(path)].map(exact), entries.map(exact));
  const frames = [...readKeyedFrames(path)];
  assert.ok(frames.every((f) => f.typed && f.width === 2), "every frame typed");
  assert.deepEqual(frames.map((f) => (f.typed ? f.count : -1)), [SPILL_BATCH, SPILL_BATCH, SPILL_BATCH / 2]);
});

test("a typed record changed after it was added is written as it was; a general one not owned is copied", () => {
  const path = join(dirs.dir(), "mutated");
  const w = new KeyedEntryWriter(path);
  const typed = [1, 2];
  const general: [number, { v: number }] = [3, { v: 4 }];
  w.add(1, typed, false);
  w.add("g", general, false);
  typed[1] = 99;
  general[1].v = 99;
  w.close();
  assert.deepEqual([...keyedEntries(path)], [[1, [1, 2]], ["g", [3, { v: 4 }]]]);
});

test("entries of other shapes (other keys, widths, field kinds) keep their place; the file is no longer typed only", () => {
  const path = join(dirs.dir(), "mixed");
  const w = new KeyedEntryWriter(path);
  const entries: [unknown, unknown][] = [
    [1, [1, 2]],
    [2.5, [2.5, 3]], // a key that is not an int32
    [3, [3, 4]],
    [4, [4, "x"]], // a string field
    [5, [5, 6, 7]], // another width
    ["k", [6, 7]],
    [2 ** 31, [1, 1]], // past int32
    [7, [7, 8]],
    [8, { k: 8 }],
    [-0, [-0, 1]],
  ];
  for (const [k, r] of entries) w.add(k as never, r, true);
  assert.equal(w.typedWidth, -1);
  w.close();
  assert.deepEqual([...keyedEntries(path)].map(exact), entries.map(exact));
  const typed = [...readKeyedFrames(path)].filter((f) => f.typed);
  assert.ok(typed.length >= 3, "the runs of typed entries between the others are typed frames");
});

test("keyedNumbersView reads the frames keyedNumbersFrame and encodeTuples give such entries, and no other shape", () => {
  const { bytes, numbers } = keyedNumbersFrame(3, 2);
  numbers.set([1, 10, 11, 12, 2, 20, 21, 22]);
  assert.deepEqual(keyedNumbersView(bytes, 2), { width: 3, numbers: new Float64Array([1, 10, 11, 12, 2, 20, 21, 22]) });
  const encoded = encodeTuples([[7, [1, 2]], [8, [3, 4]]])!;
  assert.deepEqual(keyedNumbersView(encoded, 2), { width: 2, numbers: new Float64Array([7, 1, 2, 8, 3, 4]) });
  assert.equal(keyedNumbersView(encodeTuples([[7, [1, "a"]]])!, 1), undefined);
  assert.equal(keyedNumbersView(encodeTuples([[7, 1]])!, 1), undefined);
  assert.equal(keyedNumbersView(encodeTuples([["k", [1, 2]]])!, 1), undefined);
});

test("writers that open their file per write hold no descriptor between writes", { skip: !existsSync("/proc/self/fd") }, () => {
  const dir = dirs.dir();
  const fds = (): number => readdirSync("/proc/self/fd").length;
  const before = fds();
  const writers = Array.from({ length: 300 }, (_, i) => new KeyedEntryWriter(join(dir, `p${i}`), 4096, true));
  for (let round = 0; round < 200; round++) for (const [i, w] of writers.entries()) w.add(i, [i, round], true);
  assert.ok(fds() - before < 10, `descriptors held: ${fds() - before}`);
  for (const w of writers) w.close();
  assert.deepEqual([...keyedEntries(join(dir, "p7"))].map((e) => e[1]), Array.from({ length: 200 }, (_, r) => [7, r]));
});

test("frames read one by one into reused buffers: each frame right while it is current, across read chunks", () => {
  const path = join(dirs.dir(), "reused");
  const w = new KeyedEntryWriter(path);
  const entries: [number, number[]][] = [];
  for (let i = 0; i < 3 * SPILL_BATCH; i++) entries.push([i, [i, -i]]);
  for (const [k, r] of entries) w.add(k, r, true);
  w.close();
  // 31 fields: frames of 256 KiB, so the 1 MiB read chunks end inside frames.
  const wide = join(dirs.dir(), "wide");
  const ww = new KeyedEntryWriter(wide, 4 * 1024 * 1024);
  const row = (i: number): number[] => Array.from({ length: 31 }, (_, f) => i * 100 + f);
  for (let i = 0; i < 9 * SPILL_BATCH + 7; i++) ww.add(i, row(i), true);
  ww.close();
  for (const [p, fields, total] of [[path, (i: number) => [i, -i], 3 * SPILL_BATCH], [wide, row, 9 * SPILL_BATCH + 7]] as const) {
    let next = 0;
    const seen: Float64Array[] = [];
    for (const f of readKeyedFrames(p)) {
      if (!f.typed) throw new Error("a general frame where typed ones were written");
      const { numbers, width, count } = f;
      seen.push(numbers);
      for (let i = 0; i < count; i++, next++) {
        const at: number = i * (1 + width);
        assert.equal(numbers[at], next);
        assert.deepEqual([...numbers.subarray(at + 1, at + 1 + width)], fields(next));
      }
    }
    assert.equal(next, total);
    assert.ok(seen.length >= 3 && seen.every((s) => s.buffer === seen[0]!.buffer), "one array for every frame");
  }
});

test("a frame larger than the read chunk comes back whole, between small ones", () => {
  const path = join(dirs.dir(), "large-frame");
  const w = new SpillWriter(path);
  const big = Array.from({ length: 600 }, (_, i) => [i, "x".repeat(3000) + i]);
  w.writeBatch([[1, "a"]]);
  w.writeBatch(big);
  w.writeBatch([[2, "b"], [3, "c"]]);
  w.close();
  assert.deepEqual([...readSpillFile(path)], [[[1, "a"]], big, [[2, "b"], [3, "c"]]]);
});

test("a writer gathering small chunks gives every frame's offset for reading it back alone, a frame past the chunk too", () => {
  const path = join(dirs.dir(), "offsets");
  const w = new SpillWriter(path, 4096);
  const batches = Array.from({ length: 40 }, (_, b) => Array.from({ length: b % 7 === 3 ? 900 : 1 + b }, (_, i) => [b, `r${i}`, i * 0.5]));
  const places = batches.map((batch) => w.writeBatch(batch));
  const file = w.close();
  assert.equal(file.records, batches.reduce((n, b) => n + b.length, 0));
  assert.equal(file.bytes, places.reduce((n, p) => n + p.length, 0));
  const fd = openSync(path, "r");
  try {
    for (const b of [39, 3, 0, 17, 10]) assert.deepEqual(readSpillFrame(fd, places[b]!.offset, places[b]!.length), batches[b], `frame ${b}`);
  } finally {
    closeSync(fd);
  }
  assert.deepEqual([...readSpillFile(path)], batches);
});
