/**
 * A keyed table counts what it spends around its records (a group's array) toward its share
 * (runtime/spill/keyed-spill.ts KeyedSpill.full): a table of many small groups otherwise held about
 * twice its share before it spilled.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { KeyedSpill } from "../../src/runtime/spill/keyed-spill.js";
import { heapSizeOf } from "../../src/runtime/memory/size-estimator.js";
import type { HolderMemory } from "../../src/runtime/memory/job-memory.js";
import type { SpillSpace } from "../../src/runtime/spill/spill-space.js";

const record = [7, "x"];
/** A share that holds exactly 100 such records, nothing around them. */
const memory: HolderMemory = { limit: 100 * heapSizeOf(record) + 1, spill: undefined as unknown as SpillSpace, operator: "test", budgetBytes: 1 << 20 };

/** How many records the table takes before it says it is full (0 if it never does within `max`). */
function recordsUntilFull(spill: KeyedSpill<unknown>, overheadBytes: number, max = 200): number {
  for (let i = 1; i <= max; i++) if (spill.full(record, overheadBytes)) return i;
  return 0;
}

test("records alone fill the share after their estimated size", () => {
  assert.equal(recordsUntilFull(new KeyedSpill(memory), 0), 101);
});

test("per-record overhead counts: the same share fills with fewer records", () => {
  const n = recordsUntilFull(new KeyedSpill(memory), heapSizeOf(record));
  assert.equal(n, 51);
});

test("reset starts the overhead anew as well as the records", () => {
  const spill = new KeyedSpill(memory);
  for (let i = 0; i < 90; i++) spill.full(record, 0);
  assert.equal(spill.full(record, 50 * heapSizeOf(record)), true);
  spill.reset();
  assert.equal(recordsUntilFull(spill, 0), 101);
});
