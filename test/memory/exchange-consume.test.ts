/**
 * A buffered exchange forgets each batch its consumer has read (each consumer reads its partition
 * once): the batch's share of the job's exchange pool is free for the consumer's own outputs, and
 * its records are no longer held by the exchange. A broadcast's list is read by every consumer.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Exchange } from "../../src/runtime/exchange/exchange.js";
import { JobMemory } from "../../src/runtime/memory/job-memory.js";
import { ExchangeSpill } from "../../src/runtime/spill/exchange-spill.js";
import type { Channel } from "../../src/plan/physical.js";
import { spillRoot } from "./spill-helpers.js";

const N = 5000;

function filled(ship: string, budgetBytes: number): { ex: Exchange; memory: JobMemory } {
  const memory = new JobMemory({ budgetBytes, spillRoot: spillRoot() });
  const channel = { ship, shipKey: { kind: "fields", fields: [0] }, shipOrders: undefined, local: "NONE" } as unknown as Channel;
  const ex = new Exchange(channel, 2, 2, false, "consume test");
  ex.useStore(new ExchangeSpill(memory, "consume test"));
  for (let producer = 0; producer < 2; producer++) {
    const w = ex.writer(producer);
    for (let i = 0; i < N; i++) w.collect([i, `v${producer}-${i}`]);
    w.close();
  }
  return { ex, memory };
}

test("a hash exchange's pool share is freed batch by batch as its consumer reads", () => {
  const { ex, memory } = filled("PARTITION_HASH", 256 * 2 ** 20);
  const full = memory.exchangeHeld;
  assert.ok(full > 0);
  let first: number | undefined;
  const read0 = [...ex.batchesFor(0)].flat();
  for (const _ of ex.batchesFor(1)) first ??= memory.exchangeHeld;
  assert.ok(memory.exchangeHeld < full / 10, `after both consumers read, the pool holds ${memory.exchangeHeld} of ${full}`);
  assert.ok(first! < full, "the first batch read already gave its share back");
  assert.ok(read0.length > 0 && read0.length < 2 * N);
  assert.deepEqual([...ex.batchesFor(0)], [], "a consumer's batches are gone once read");
  ex.release();
  assert.equal(memory.exchangeHeld, 0);
  memory.dispose();
});

test("spilled and in-memory batches alike come back once, in order, and every record arrives", () => {
  const { ex, memory } = filled("PARTITION_HASH", 64 * 1024);
  const all = [0, 1].flatMap((c) => [...ex.batchesFor(c)].flat() as [number, string][]);
  assert.equal(all.length, 2 * N);
  assert.deepEqual(all.map((r) => r[1]).sort(), [0, 1].flatMap((p) => Array.from({ length: N }, (_, i) => `v${p}-${i}`)).sort());
  ex.release();
  memory.dispose();
});

test("a broadcast's batches stay for every consumer until released", () => {
  const { ex, memory } = filled("BROADCAST", 256 * 2 ** 20);
  const full = memory.exchangeHeld;
  const a = [...ex.batchesFor(0)].flat();
  const b = [...ex.batchesFor(1)].flat();
  assert.equal(a.length, 2 * N);
  assert.deepEqual(b, a);
  assert.equal(memory.exchangeHeld, full);
  ex.release();
  memory.dispose();
});
