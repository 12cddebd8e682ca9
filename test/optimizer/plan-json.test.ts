import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, Order } from "../../src/index.js";

interface Node {
  id: number;
  type: string;
  pact: string;
  contents: string;
  parallelism: string;
  driver_strategy: string;
  chained?: boolean;
  predecessors?: { id: number; ship_strategy: string; local_strategy?: string }[];
}

function plan(env: ExecutionEnvironment): Node[] {
  return (JSON.parse(env.getExecutionPlan()) as { nodes: Node[] }).nodes;
}
const noop = { open() {}, writeRecord() {}, close() {} };

test("a grouped reduce: combiner chained to the map, hash exchange, hash reduce", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  env
    .generateSequence(1, 100)
    .map((x) => [x % 10, 1] as [number, number])
    .name("pairs")
    .groupBy(0)
    .reduce((a, b) => [a[0], a[1] + b[1]])
    .name("counts")
    .output(noop);
  const nodes = plan(env);
  const combine = nodes.find((n) => n.pact.startsWith("Combine"))!;
  const reduce = nodes.find((n) => n.contents === "counts")!;
  const map = nodes.find((n) => n.contents === "pairs")!;
  assert.equal(combine.driver_strategy, "Hash Combine");
  assert.equal(combine.chained, true);
  assert.deepEqual(combine.predecessors!.map((p) => [p.id, p.ship_strategy]), [[map.id, "Forward"]]);
  assert.deepEqual(reduce.predecessors!.map((p) => [p.id, p.ship_strategy]), [[combine.id, "Hash Partition on [0]"]]);
  assert.equal(reduce.driver_strategy, "Hash Reduce");
  assert.equal(reduce.parallelism, "4");
  assert.equal(nodes[0]!.type, "source");
  assert.equal(nodes.at(-1)!.type, "sink");
});

test("a reduce on data already hash-partitioned on its key needs no exchange and no combiner", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  env.generateSequence(1, 100).map((x) => [x % 10, 1] as [number, number]).partitionByHash(0).groupBy(0).sum(1).output(noop);
  const nodes = plan(env);
  assert.equal(nodes.filter((n) => n.pact.startsWith("Combine")).length, 0);
  const agg = nodes.find((n) => n.pact === "Aggregate")!;
  assert.equal(agg.predecessors![0]!.ship_strategy, "Forward");
  const part = nodes.find((n) => n.pact.startsWith("Partition"))!;
  assert.equal(part.predecessors![0]!.ship_strategy, "Hash Partition on [0]");
});

test("forwarded fields keep the partitioning through a map; without them it is lost", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const parted = env.generateSequence(1, 100).map((x) => [x % 10, x] as [number, number]).partitionByHash(0);
  parted.map((t) => [t[0], t[1] * 2] as [number, number]).withForwardedFields("f0").groupBy(0).sum(1).name("kept").output(noop);
  parted.map((t) => [t[0], t[1] * 2] as [number, number]).groupBy(0).sum(1).name("lost").output(noop);
  const nodes = plan(env);
  assert.equal(nodes.find((n) => n.contents === "kept")!.predecessors![0]!.ship_strategy, "Forward");
  assert.match(nodes.find((n) => n.contents === "lost")!.predecessors![0]!.ship_strategy, /^Hash Partition on \[0\]/);
});

test("range, custom, rebalance and sort strategies are reported", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(3);
  const src = env.generateSequence(1, 10).map((x) => [x, x] as [number, number]);
  src.partitionByRange(1).output(noop);
  src.partitionCustom((k: number, n: number) => k % n, 0).output(noop);
  src.rebalance().sortPartition(0, Order.DESCENDING).output(noop);
  const ships = plan(env).flatMap((n) => (n.predecessors ?? []).map((p) => p.ship_strategy));
  assert.ok(ships.includes("Range Partition on [1]"));
  assert.ok(ships.includes("Custom Partition on [0]"));
  assert.ok(ships.includes("Rebalance"));
  const sort = plan(env).find((n) => n.pact === "Sort-Partition")!;
  assert.equal(sort.predecessors![0]!.local_strategy, "Sort on [0]:DESC");
});

test("a non-grouped reduce combines per subtask and finishes in one subtask", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  env.generateSequence(1, 10).reduce((a, b) => a + b).output(noop);
  const nodes = plan(env);
  const final = nodes.find((n) => n.pact === "Reduce")!;
  assert.equal(final.parallelism, "1");
  assert.equal(final.driver_strategy, "Reduce All");
  assert.ok(nodes.some((n) => n.pact === "Combine (Reduce)" && n.parallelism === "4" && n.chained));
});

test("getExecutionPlan runs nothing and keeps the sinks for execute()", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  let calls = 0;
  env.generateSequence(1, 5).map((x) => { calls++; return x; }).output(noop);
  env.getExecutionPlan();
  assert.equal(calls, 0);
  await env.execute();
  assert.equal(calls, 5);
});

test("a lone keyed SUM runs on the running-sum drivers the optimizer chose; SUM with MIN on the general hash reduce", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const pairs = env.generateSequence(1, 100).map((x) => [x % 10, x, x] as [number, number, number]);
  pairs.groupBy(0).sum(1).name("sum").output(noop);
  pairs.groupBy(0).sum(1).andMin(2).name("sum and min").output(noop);
  const nodes = plan(env);
  const sum = nodes.find((n) => n.contents === "sum")!;
  const both = nodes.find((n) => n.contents === "sum and min")!;
  assert.equal(sum.driver_strategy, "Hash Reduce (running sum)");
  assert.equal(nodes.find((n) => n.id === sum.predecessors![0]!.id)!.driver_strategy, "Hash Combine (running sum)");
  assert.equal(both.driver_strategy, "Hash Reduce");
  assert.equal(nodes.find((n) => n.id === both.predecessors![0]!.id)!.driver_strategy, "Hash Combine");
});
