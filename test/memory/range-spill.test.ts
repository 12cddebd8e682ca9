/**
 * Range partitioning holds every producer's records until all are written (it samples them for
 * the boundaries): those held batches are kept within the job's exchange pool like any batch, so
 * past it they wait on disk, and come back for sampling and routing exactly as they went.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { Order } from "../../src/index.js";
import { Exchange } from "../../src/runtime/exchange/exchange.js";
import { JobMemory } from "../../src/runtime/memory/job-memory.js";
import { ExchangeSpill } from "../../src/runtime/spill/exchange-spill.js";
import { SPILL_STATS } from "../../src/runtime/spill/spill-space.js";
import type { Channel } from "../../src/plan/physical.js";
import { PARALLELISMS } from "../helpers.js";
import { assertSpillsAlike, keyIn, keyOf, RECORD_KINDS, spillRoot, TINY_BUDGET } from "./spill-helpers.js";

const N = 6000;

test("a range exchange's held batches spill while the producers still write, and come back routed by range", () => {
  const root = spillRoot();
  const memory = new JobMemory({ budgetBytes: TINY_BUDGET, spillRoot: root });
  const channel = { ship: "PARTITION_RANGE", shipKey: { kind: "fields", fields: [0] }, shipOrders: undefined, local: "NONE" } as unknown as Channel;
  const ex = new Exchange(channel, 2, 3, false, "range test");
  ex.useStore(new ExchangeSpill(memory, "range test"));
  const before = SPILL_STATS.byKind.get("exchange") ?? 0;
  for (let producer = 0; producer < 2; producer++) {
    const w = ex.writer(producer);
    for (let i = 0; i < N; i++) w.collect([keyOf(i + producer, N), `v${producer}-${i}`]);
    w.close();
  }
  assert.ok((SPILL_STATS.byKind.get("exchange") ?? 0) > before, "held batches went to disk before the boundaries were computed");
  ex.finishProducers();
  const parts = [0, 1, 2].map((c) => [...ex.batchesFor(c)].flat() as [number, string][]);
  assert.equal(parts.flat().length, 2 * N);
  for (let c = 0; c + 1 < parts.length; c++) {
    assert.ok(parts[c]!.length > 0);
    assert.ok(Math.max(...parts[c]!.map((r) => r[0])) <= Math.min(...parts[c + 1]!.map((r) => r[0])), "partitions are ordered by key");
  }
  assert.deepEqual(parts.flat().map((r) => r[1]).sort(), Array.from({ length: 2 }, (_, p) => Array.from({ length: N }, (_, i) => `v${p}-${i}`)).flat().sort());
  ex.release();
  memory.dispose();
  assert.deepEqual(readdirSync(root), []);
});

// At p=1 the range partitioning is a forward channel and the sort chains onto the source: nothing
// waits in an exchange, the sorter spills its runs.
for (const p of PARALLELISMS) {
  for (const kind of RECORD_KINDS) {
    test(`partitionByRange + sortPartition within a tiny budget: ${kind.name} records [p=${p}]`, () =>
      assertSpillsAlike(p, (env) => env.fromCollection(Array.from({ length: N }, (_, i) => kind.make(keyOf(i, N), i)))
        .partitionByRange(kind.key as never).sortPartition(kind.key as never, Order.ASCENDING)
        .mapPartition((rs: Iterable<any>, out) => {
          const all = [...rs];
          out.collect([all.length, all.map((r) => keyIn(kind, r)), all.map(kind.idx).sort((a, b) => a - b)]);
        }).collect(), p === 1 ? "sort" : "exchange", true));
  }
}
