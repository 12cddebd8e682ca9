/**
 * groupsOfRuns (runtime/spill/keyed-run-groups.ts) gives what grouping the k-way merge of the same
 * runs gives: equal keys together, earlier runs first, each run's records of a key in order;
 * typed frames (int32 keys, number tuples) and general ones (other keys, other records) mix in a
 * run and across runs; a group larger than the budget fails naming the key.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import type { HashKey } from "../../src/common/keys.js";
import { mergeRuns } from "../../src/runtime/sort/external-sorter.js";
import { groupsOfRuns } from "../../src/runtime/spill/keyed-run-groups.js";
import { compareHashKeys, groupsOf, sortEntries } from "../../src/runtime/spill/keyed-spill.js";
import { SpillWriter, spilledRecords } from "../../src/runtime/spill/spill-file.js";
import { SpillSpace } from "../../src/runtime/spill/spill-space.js";
import { tempDirs } from "../temp-dirs.js";
import { exact } from "./spill-helpers.js";

const dirs = tempDirs("sluice-run-groups-");

type Entry = [HashKey, unknown];

/** Writes each run (sorted by key, stable) to its own file. */
function writeRuns(runs: Entry[][]): string[] {
  const dir = dirs.dir();
  return runs.map((run, i) => {
    const w = new SpillWriter(join(dir, `run${i}`));
    for (const e of sortEntries(run)) w.add(e);
    return w.close().path;
  });
}

const byMerge = (paths: string[]): [HashKey, unknown[]][] =>
  [...groupsOf(mergeRuns(paths.map((p) => spilledRecords(p)[Symbol.iterator]() as Iterator<Entry>), (a, b) => compareHashKeys(a[0], b[0])))];

test("typed runs: the same groups as grouping the merge, across frames and runs", () => {
  const runs: Entry[][] = [0, 1, 2].map((r) => Array.from({ length: 3000 + r * 500 }, (_, i): Entry => {
    const k = ((i * 7919 + r) % 1700) - 300;
    return [k, [k, r * 10_000 + i, i % 4 === 0 ? -0 : i % 9 === 0 ? NaN : i / 3]];
  }));
  const paths = writeRuns(runs);
  const got = [...groupsOfRuns(paths)];
  assert.deepEqual(got.map(exact), byMerge(paths).map(exact));
  assert.equal(got.reduce((n, g) => n + g[1].length, 0), 3000 + 3500 + 4000);
});

test("general frames mix in: string, NaN and float keys, object records, other widths", () => {
  const kinds = (i: number, r: number): Entry => {
    switch (i % 6) {
      case 0: return [`s${i % 40}`, { i, r }];
      case 1: return [i % 3 === 0 ? NaN : (i % 50) + 0.5, [i, r]];
      case 2: return [i % 60, [i % 60, "text", r]];
      default: return [i % 60, [i % 60, r, i]];
    }
  };
  // Run 0 all typed, run 1 mixed batch by batch, run 2 general only.
  const runs: Entry[][] = [
    Array.from({ length: 2500 }, (_, i): Entry => [i % 60, [i % 60, 0, i]]),
    Array.from({ length: 2500 }, (_, i) => kinds(i, 1)),
    Array.from({ length: 900 }, (_, i) => kinds(6 * i, 2)),
  ];
  const paths = writeRuns(runs);
  assert.deepEqual([...groupsOfRuns(paths)].map(exact), byMerge(paths).map(exact));
});

test("a group larger than the budget fails naming its key", () => {
  const paths = writeRuns([Array.from({ length: 5000 }, (_, i): Entry => [i < 4000 ? 7 : i, [7, i]])]);
  const memory = { limit: 1024, spill: new SpillSpace(dirs.dir()), operator: "GroupReduce (g)", budgetBytes: 32 * 1024 };
  assert.throws(() => [...groupsOfRuns(paths, memory)], /GroupReduce \(g\)[\s\S]*key 7/);
});
