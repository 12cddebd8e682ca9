/**
 * A range partition between one producer and one consumer forwards its records (issue 15: at p=1
 * the range exchange sampled, copied and routed every record into its single partition); the
 * plan JSON shows it. At p > 1, or from a wider producer, it stays a range partition.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, Order } from "../../src/index.js";

interface Node {
  pact: string;
  predecessors?: { ship_strategy: string; local_strategy?: string }[];
}

const noop = { open() {}, writeRecord() {}, close() {} };

function shipsInto(env: ExecutionEnvironment, pact: string): string[] {
  const nodes = (JSON.parse(env.getExecutionPlan()) as { nodes: Node[] }).nodes;
  return nodes.filter((n) => n.pact === pact).flatMap((n) => (n.predecessors ?? []).map((p) => p.ship_strategy));
}

test("partitionByRange at p=1 is a forward edge in the plan", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  env.fromCollection([{ k: 2 }, { k: 1 }]).partitionByRange("k").sortPartition("k", Order.ASCENDING).output(noop);
  assert.deepEqual(shipsInto(env, "Partition (range)"), ["Forward"]);
});

test("partitionByRange at p=2, and from a wider producer into p=1, stays a range partition", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  env.generateSequence(1, 10).partitionByRange((x: number) => x).output(noop);
  env.generateSequence(1, 10).partitionByRange((x: number) => x).setParallelism(1).output(noop);
  assert.deepEqual(shipsInto(env, "Partition (range)"), ["Range Partition on KeySelector", "Range Partition on KeySelector"]);
});

test("partitionByRange + sortPartition at p=1 still orders, and the result does not alias the input", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const input = [{ k: 3, v: "c" }, { k: 1, v: "a" }, { k: 2, v: "b" }, { k: 1, v: "a2" }];
  const out = await env.fromCollection(input).partitionByRange("k").sortPartition("k", Order.ASCENDING).collect();
  assert.deepEqual(out.map((r) => r.v), ["a", "a2", "b", "c"]);
  out[0]!.v = "changed";
  assert.equal(input[1]!.v, "a");
});
