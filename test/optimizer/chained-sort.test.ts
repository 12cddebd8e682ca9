/**
 * A one-input node chains onto an input it sorts (passes/chaining.ts): the predecessor's records
 * go straight into the node's external sorter instead of through a channel. The sorter copies
 * what the predecessor does not own (so the node's input counts as owned in the plan), and the
 * records come out in order, spilled or not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ExecutionEnvironment, Order, type Collector } from "../../src/index.js";
import { SPILL_STATS } from "../../src/runtime/spill/spill-space.js";

interface PlanNode {
  pact: string;
  chained?: boolean;
  ownership?: { input_owned?: boolean };
  predecessors?: { local_strategy?: string }[];
}

function env(p = 1): ExecutionEnvironment {
  const e = ExecutionEnvironment.createLocalEnvironment(p);
  e.getConfig().disableProgress();
  return e;
}

test("sortPartition after a forward channel is chained, its local sort and owned input in the plan", () => {
  const e = env();
  e.fromCollection([[2, "b"], [1, "a"]] as [number, string][]).sortPartition(0, Order.ASCENDING).output({ open() {}, writeRecord() {}, close() {} } as never);
  const plan = JSON.parse(e.getExecutionPlan()) as { nodes: PlanNode[] };
  const sort = plan.nodes.find((n) => n.pact === "Sort-Partition")!;
  assert.equal(sort.chained, true);
  assert.match(sort.predecessors![0]!.local_strategy!, /Sort on \[0\]:ASC/);
  assert.equal(sort.ownership?.input_owned, true, "the chain's sorter copies what the source does not own");
});

test("a chained sort keeps copies: a function reusing its output object, and the user's elements unchanged", async () => {
  const e = env();
  const elements: [number, number][] = Array.from({ length: 5000 }, (_, i) => [(i * 7919) % 5000, i]);
  const original = elements.map((r) => [...r]);
  // One array emitted for every element, changed after each collect.
  const reused: [number, number] = [0, 0];
  const sorted = await e.fromCollection(elements)
    .flatMap((r: [number, number], out: Collector<[number, number]>) => {
      reused[0] = r[0];
      reused[1] = r[1];
      out.collect(reused);
    })
    .sortPartition(0, Order.ASCENDING)
    .map((r) => {
      const seen: [number, number] = [r[0], r[1]];
      r[1] = -1; // changes the sorter's copy, never an element
      return seen;
    })
    .collect();
  assert.deepEqual(sorted.map((r) => r[0]), Array.from({ length: 5000 }, (_, i) => i));
  assert.deepEqual(new Set(sorted.map((r) => r[1])).size, 5000, "every record its own");
  assert.deepEqual(elements, original, "the collection's elements are untouched");
  const direct = await e.fromCollection(elements).sortPartition(1, Order.DESCENDING).collect();
  direct[0]![1] = -5;
  assert.deepEqual(elements, original, "collected records are copies, not the elements");
});

for (const p of [1, 4]) {
  test(`a chained sort within a tiny budget spills and still gives every partition in order [p=${p}]`, async () => {
    const e = env(p);
    e.getConfig().setMemoryBudget(32 * 1024);
    const n = 20_000;
    const before = SPILL_STATS.byKind.get("sort") ?? 0;
    const parts = await e.generateSequence(1, n)
      .map((i) => [(i * 7919) % 1009, `v${i}`] as [number, string])
      .sortPartition(0, Order.ASCENDING)
      .mapPartition((rs: Iterable<[number, string]>, out: Collector<number[]>) => out.collect([...rs].map((r) => r[0])))
      .collect();
    assert.equal(parts.flat().length, n);
    assert.ok((SPILL_STATS.byKind.get("sort") ?? 0) > before, "the sorter spilled runs");
    for (const keys of parts) for (let i = 1; i < keys.length; i++) assert.ok(keys[i - 1]! <= keys[i]!, "sorted within the partition");
  });
}
