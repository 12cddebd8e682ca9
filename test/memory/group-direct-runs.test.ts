/**
 * A final keyed reduceGroup past its share sends later records straight to the sorted runs:
 * int-keyed number tuples go to typed columns (24 bytes a [k, v] record, not the ~140 a grouping
 * table counts per record with its arrays), so far fewer runs are written; the groups and their
 * arrival order are those of an unspilled run; the same for a hash coGroup past its share, folded
 * or not. A record of another shape part way turns the columns into a run and goes on through the
 * sorter, order kept.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { test } from "node:test";
import type { ExecutionEnvironment } from "../../src/index.js";
import { SPILL_STATS } from "../../src/runtime/spill/spill-space.js";
import { envWith, spillRoot } from "./spill-helpers.js";

const N = 300_000;
const KEYS = 50_000;
/** ~1.4 MB a holder: the table is full after ~10k records, the columns hold ~60k. */
const BUDGET = 2 * 2 ** 20;

/** Per key: its values in the order the function saw them (arrival order: the records are numbered). */
function job(env: ExecutionEnvironment, odd?: number): Promise<[number | string, number[]][]> {
  const rows: [number | string, number][] = Array.from({ length: N }, (_, i) => [(i * 7919) % KEYS, i]);
  if (odd !== undefined) rows[odd] = [`s${odd % 10}`, odd];
  return env.fromCollection(rows).groupBy(0).reduceGroup((vs: Iterable<[number | string, number]>, out: { collect(x: [number | string, number[]]): void }) => {
    let k: number | string = 0;
    const seen: number[] = [];
    for (const v of vs) {
      k = v[0];
      seen.push(v[1]);
    }
    out.collect([k, seen]);
  }).collect();
}

async function runs(odd?: number): Promise<{ out: string[]; runs: number }> {
  const root = spillRoot();
  const before = SPILL_STATS.byKind.get("sort") ?? 0;
  const out = await job(envWith(1, BUDGET, root), odd);
  assert.deepEqual(readdirSync(root), [], "no spill file is left");
  return { out: out.map((r) => JSON.stringify(r)).sort(), runs: (SPILL_STATS.byKind.get("sort") ?? 0) - before };
}

test("past its share a reduceGroup of int-keyed number tuples writes few runs and keeps each group's arrival order", async () => {
  const plain = (await job(envWith(1, 1024 * 2 ** 20, spillRoot()))).map((r) => JSON.stringify(r)).sort();
  const spilled = await runs();
  assert.deepEqual(spilled.out, plain);
  for (const r of spilled.out) {
    const seen = JSON.parse(r)[1] as number[];
    assert.deepEqual(seen, [...seen].sort((a, b) => a - b), "values in arrival order");
  }
  // A table counting ~140 bytes a record would write ~30 runs of ~10k records; the columns ~6.
  assert.ok(spilled.runs > 0 && spilled.runs <= 10, `runs written: ${spilled.runs}`);
});

test("a record of another shape after the switch: the same groups, in arrival order", async () => {
  const odd = N - 1000;
  const plain = (await job(envWith(1, 1024 * 2 ** 20, spillRoot()), odd)).map((r) => JSON.stringify(r)).sort();
  const spilled = await runs(odd);
  assert.deepEqual(spilled.out, plain);
  assert.ok(spilled.runs > 0);
});

test("past its share a hash coGroup sends both inputs' later records to typed columns: few runs, each group in arrival order", async () => {
  const side = (salt: number): [number, number][] => Array.from({ length: N / 2 }, (_, i) => [(i * 7919 + salt) % KEYS, i]);
  const cog = (env: ExecutionEnvironment) => env.fromCollection(side(0)).coGroup(env.fromCollection(side(13))).where(0).equalTo(0)
    .with((ls: Iterable<[number, number]>, rs: Iterable<[number, number]>, out: { collect(x: string): void }) => {
      let k = -1;
      const a: number[] = [];
      const b: number[] = [];
      for (const l of ls) {
        k = l[0];
        a.push(l[1]);
      }
      for (const r of rs) {
        k = r[0];
        b.push(r[1]);
      }
      out.collect(JSON.stringify([k, a, b]));
    }).collect();
  const plain = (await cog(envWith(1, 1024 * 2 ** 20, spillRoot()))).sort();
  const root = spillRoot();
  const before = SPILL_STATS.byKind.get("sort") ?? 0;
  const spilled = (await cog(envWith(1, BUDGET, root))).sort();
  const written = (SPILL_STATS.byKind.get("sort") ?? 0) - before;
  assert.deepEqual(spilled, plain);
  assert.deepEqual(readdirSync(root), [], "no spill file is left");
  assert.ok(written > 0 && written <= 20, `runs written: ${written} (46 through entries)`);
});

test("a folded coGroup whose keys outgrow its share: the new keys' number tuples go to the runs, the same sums", async () => {
  const side = (salt: number): [number, number][] => Array.from({ length: N / 2 }, (_, i) => [(i * 7919 + salt) % (N / 4), i % 97]);
  const cog = (env: ExecutionEnvironment) => env.fromCollection(side(0)).coGroup(env.fromCollection(side(13))).where(0).equalTo(0)
    .with((ls: Iterable<[number, number]>, rs: Iterable<[number, number]>, out: { collect(x: number): void }) => {
      let a = 0;
      let b = 0;
      for (const l of ls) a += l[1];
      for (const r of rs) b += r[1];
      out.collect(a * 1000 + b);
    }).collect();
  const plain = (await cog(envWith(1, 1024 * 2 ** 20, spillRoot()))).sort((x, y) => x - y);
  const root = spillRoot();
  const spilled = (await cog(envWith(1, BUDGET / 8, root))).sort((x, y) => x - y);
  assert.deepEqual(spilled, plain);
  assert.deepEqual(readdirSync(root), [], "no spill file is left");
});
