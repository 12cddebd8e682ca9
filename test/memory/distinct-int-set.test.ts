/**
 * distinct() counts its key set at what it takes: int32 keys live in a typed table (8 bytes a
 * slot), so a set of 200k int keys stays in memory under a budget that 200k keys counted as their
 * records (~90 bytes each) would overflow into spilled runs; string keys, held on the heap, are
 * still counted as their records and spill under the same budget.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { test } from "node:test";
import { SPILL_STATS } from "../../src/runtime/spill/spill-space.js";
import { envWith, spillRoot } from "./spill-helpers.js";

const KEYS = 200_000;
/** Set half of the distinct's share ~11 MB: 4 MB of int table fits, 200k records' worth (~18 MB) does not. */
const BUDGET = 32 * 2 ** 20;

async function distinctCount(makeKey: (i: number) => number | string): Promise<{ keys: number; spills: number }> {
  const root = spillRoot();
  const env = envWith(1, BUDGET, root);
  const rows = Array.from({ length: 2 * KEYS }, (_, i) => [makeKey((i * 7919) % KEYS), i] as [number | string, number]);
  const before = SPILL_STATS.byKind.get("sort") ?? 0;
  const out = await env.fromCollection(rows).distinct(0).collect();
  assert.deepEqual(readdirSync(root), [], "no spill file is left");
  assert.equal(new Set(out.map((r) => r[0])).size, out.length, "no key twice");
  return { keys: out.length, spills: (SPILL_STATS.byKind.get("sort") ?? 0) - before };
}

test("distinct on int keys: the typed key set fits, nothing spills", async () => {
  const { keys, spills } = await distinctCount((k) => k);
  assert.equal(keys, KEYS, "each key once");
  assert.equal(spills, 0);
});

test("distinct on string keys under the same budget spills (heap keys count as their records)", async () => {
  const { keys, spills } = await distinctCount((k) => `key-${k}`);
  assert.equal(keys, KEYS, "each key once");
  assert.ok(spills > 0, "string keys overflow the set into spilled runs");
});
