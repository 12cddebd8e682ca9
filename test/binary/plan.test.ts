import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, JoinHint, type DataSet } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";
import { localOf, planNodes, shipOf, type PlanNode } from "./fixtures.js";

const DISCARD = { open() {}, writeRecord() {}, close() {} };

/** Parallel inputs of known size at the environment's parallelism: 1000 and 100 records. */
function inputs(env: ExecutionEnvironment): [DataSet<[number, number]>, DataSet<[number, number]>] {
  return [env.generateSequence(1, 1000).map((i): [number, number] => [i % 50, i]), env.generateSequence(1, 100).map((i): [number, number] => [i % 50, -i])];
}

function onlyNode(env: ExecutionEnvironment, pact: string): PlanNode {
  const nodes = planNodes(env.getExecutionPlan(), pact);
  assert.equal(nodes.length, 1, `one ${pact} node`);
  return nodes[0]!;
}

testAtParallelism("each join hint shows its own ship strategies and driver in the plan", async (env, p) => {
  const hash = p === 1 ? "Forward" : "Hash Partition on [0]";
  const expected: Record<string, [driver: string, first: string, second: string, local?: string]> = {
    [JoinHint.BROADCAST_HASH_FIRST]: ["Hybrid Hash (build: first)", "Broadcast", "Forward"],
    [JoinHint.BROADCAST_HASH_SECOND]: ["Hybrid Hash (build: second)", "Forward", "Broadcast"],
    [JoinHint.REPARTITION_HASH_FIRST]: ["Hybrid Hash (build: first)", hash, hash],
    [JoinHint.REPARTITION_HASH_SECOND]: ["Hybrid Hash (build: second)", hash, hash],
    [JoinHint.REPARTITION_SORT_MERGE]: ["Merge", hash, hash, "Sort on [0]:ASC"],
  };
  const [a, b] = inputs(env);
  for (const [hint, [driver, first, second, local]] of Object.entries(expected)) {
    a.join(b, hint as JoinHint).where(0).equalTo(0).output(DISCARD);
    const node = onlyNode(env, "Join");
    assert.equal(node.driver_strategy, driver, hint);
    assert.equal(shipOf(node, "first"), first, `${hint} first`);
    assert.equal(shipOf(node, "second"), second, `${hint} second`);
    assert.equal(localOf(node, "first"), local, `${hint} local first`);
    assert.equal(localOf(node, "second"), local, `${hint} local second`);
    await env.execute();
  }
});

testAtParallelism("joinWithTiny broadcasts the second input, joinWithHuge the first", async (env) => {
  const [a, b] = inputs(env);
  a.joinWithTiny(b).where(0).equalTo(0).output(DISCARD);
  let node = onlyNode(env, "Join");
  assert.deepEqual([node.driver_strategy, shipOf(node, "first"), shipOf(node, "second")], ["Hybrid Hash (build: second)", "Forward", "Broadcast"]);
  await env.execute();
  a.joinWithHuge(b).where(0).equalTo(0).output(DISCARD);
  node = onlyNode(env, "Join");
  assert.deepEqual([node.driver_strategy, shipOf(node, "first"), shipOf(node, "second")], ["Hybrid Hash (build: first)", "Broadcast", "Forward"]);
});

testAtParallelism("OPTIMIZER_CHOOSES broadcasts a tiny side and otherwise builds on the smaller side", async (env, p) => {
  const [a] = inputs(env);
  const tiny = env.fromElements<[number, string]>([1, "x"], [2, "y"]).setParallelism(1);
  a.join(tiny).where(0).equalTo(0).output(DISCARD);
  let node = onlyNode(env, "Join");
  assert.equal(node.driver_strategy, "Hybrid Hash (build: second)");
  // At p = 1 every strategy ships nothing: a plain forward is as good as a broadcast.
  assert.equal(shipOf(node, "second"), p === 1 ? "Forward" : "Broadcast");
  assert.equal(shipOf(node, "first"), "Forward");
  await env.execute();
  // Without a broadcast to gain from (p = 1), or a side much smaller: repartition, the smaller side builds.
  const big = env.generateSequence(1, 5000).map((i): [number, number] => [i % 50, i]);
  big.join(a).where(0).equalTo(0).output(DISCARD);
  node = onlyNode(env, "Join");
  assert.equal(node.driver_strategy, "Hybrid Hash (build: second)");
  a.join(big).where(0).equalTo(0).output(DISCARD);
  const nodes = planNodes(env.getExecutionPlan(), "Join");
  assert.equal(nodes[1]!.driver_strategy, "Hybrid Hash (build: first)");
  if (p > 1) assert.equal(shipOf(nodes[1]!, "second"), "Hash Partition on [0]");
});

testAtParallelism("outer joins show outer drivers; full outer never broadcasts", async (env) => {
  const [a, b] = inputs(env);
  a.leftOuterJoin(b, JoinHint.BROADCAST_HASH_SECOND).where(0).equalTo(0).output(DISCARD);
  a.rightOuterJoin(b, JoinHint.REPARTITION_HASH_SECOND).where(0).equalTo(0).output(DISCARD);
  a.fullOuterJoin(b, JoinHint.REPARTITION_SORT_MERGE).where(0).equalTo(0).output(DISCARD);
  a.fullOuterJoin(b.filter(() => true).setParallelism(1)).where(0).equalTo(0).output(DISCARD);
  const [left, right, fullMerge, full] = planNodes(env.getExecutionPlan(), "Outer Join");
  assert.equal(left!.driver_strategy, "Left Outer Hybrid Hash (build: second)");
  assert.equal(shipOf(left!, "second"), "Broadcast");
  assert.equal(right!.driver_strategy, "Right Outer Hybrid Hash (build: second)");
  assert.equal(fullMerge!.driver_strategy, "Full Outer Merge");
  assert.match(full!.driver_strategy, /^Full Outer (Hybrid Hash|Merge)/);
  assert.notEqual(shipOf(full!, "first"), "Broadcast");
  assert.notEqual(shipOf(full!, "second"), "Broadcast");
});

testAtParallelism("coGroup hash-partitions and sorts both inputs, group order included", async (env, p) => {
  const [a, b] = inputs(env);
  a.coGroup(b).where(0).equalTo(0).sortSecondGroup(1, "DESCENDING" as never).with(() => {}).output(DISCARD);
  const node = onlyNode(env, "CoGroup");
  assert.equal(node.driver_strategy, "CoGroup");
  assert.equal(shipOf(node, "first"), p === 1 ? "Forward" : "Hash Partition on [0]");
  assert.equal(localOf(node, "first"), "Sort on [0]:ASC");
  assert.equal(localOf(node, "second"), "Sort on [0]:ASC, [1]:DESC");
});

testAtParallelism("coGroup without a group order is a hash coGroup: both inputs hash-partitioned, neither sorted", async (env, p) => {
  const [a, b] = inputs(env);
  const groups = (xs: Iterable<[number, number]>, ys: Iterable<[number, number]>, out: { collect(r: [number, number, number]): void }): void => {
    let k = -1;
    let n = 0;
    let m = 0;
    for (const x of xs) {
      k = x[0];
      n++;
    }
    for (const y of ys) {
      k = y[0];
      m++;
    }
    out.collect([k, n, m]);
  };
  const grouped = a.coGroup(b).where(0).equalTo(0).with(groups);
  grouped.output(DISCARD);
  const node = onlyNode(env, "CoGroup");
  assert.equal(node.driver_strategy, "Hash CoGroup");
  assert.equal(shipOf(node, "first"), p === 1 ? "Forward" : "Hash Partition on [0]");
  assert.equal(shipOf(node, "second"), p === 1 ? "Forward" : "Hash Partition on [0]");
  assert.equal(localOf(node, "first"), undefined);
  assert.equal(localOf(node, "second"), undefined);
  // Every key once, with both groups whole (1000 records on 50 keys against 100 on 50).
  const out = await grouped.collect();
  assertSameRecords(out, Array.from({ length: 50 }, (_, k): [number, number, number] => [k, 20, 2]));
});

testAtParallelism("a join after partitionByHash + map withForwardedFields does not re-partition", async (env, p) => {
  const [a, b] = inputs(env);
  const kept = a.partitionByHash(0).map((r): [number, number] => [r[0], r[1] * 2]).withForwardedFields("f0");
  const lost = a.partitionByHash(0).map((r): [number, number] => [r[0], r[1] * 2]);
  for (const hint of [JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_HASH_SECOND, JoinHint.REPARTITION_SORT_MERGE]) {
    kept.join(b, hint).where(0).equalTo(0).output(DISCARD);
    lost.join(b, hint).where(0).equalTo(0).output(DISCARD);
    const [withAnnotation, without] = planNodes(env.getExecutionPlan(), "Join");
    assert.equal(shipOf(withAnnotation!, "first"), "Forward", hint);
    assert.equal(shipOf(withAnnotation!, "second"), p === 1 ? "Forward" : "Hash Partition on [0]", hint);
    assert.equal(shipOf(without!, "first"), p === 1 ? "Forward" : "Hash Partition on [0]", hint);
    await env.execute();
  }
  const expected = await a.join(b).where(0).equalTo(0).with((x, y) => [x[0], x[1] * 2, y[1]]).collect();
  assertSameRecords(await kept.join(b).where(0).equalTo(0).with((x, y) => [x[0], x[1], y[1]]).collect(), expected);
});

testAtParallelism("a grouping after partitionByHash + map withForwardedFields does not re-partition", async (env, p) => {
  const [a] = inputs(env);
  a.partitionByHash(0).map((r): [number, number] => [r[0], 1]).withForwardedFields("f0").groupBy(0).sum(1).output(DISCARD);
  a.partitionByHash(0).map((r): [number, number] => [r[0], 1]).groupBy(0).sum(1).output(DISCARD);
  const [kept, lost] = planNodes(env.getExecutionPlan(), "Aggregate").filter((n) => !n.contents.startsWith("Combine"));
  assert.equal(kept!.predecessors![0]!.ship_strategy, "Forward");
  assert.equal(lost!.predecessors![0]!.ship_strategy, p === 1 ? "Forward" : "Hash Partition on [0]");
});

testAtParallelism("join results keep the join's partitioning through withForwardedFieldsFirst", async (env, p) => {
  const [a, b] = inputs(env);
  const joined = a.join(b, JoinHint.REPARTITION_HASH_SECOND).where(0).equalTo(0).with((x, y): [number, number] => [x[0], x[1] + y[1]]);
  joined.withForwardedFieldsFirst("f0").groupBy(0).sum(1).output(DISCARD);
  const reducers = planNodes(env.getExecutionPlan(), "Aggregate").filter((n) => !n.contents.startsWith("Combine"));
  assert.equal(reducers.length, 1);
  assert.equal(reducers[0]!.predecessors![0]!.ship_strategy, "Forward");
  await env.execute();
  const plain = a.join(b, JoinHint.REPARTITION_HASH_SECOND).where(0).equalTo(0).with((x, y): [number, number] => [x[0], x[1] + y[1]]);
  plain.groupBy(0).sum(1).output(DISCARD);
  const [r] = planNodes(env.getExecutionPlan(), "Aggregate").filter((n) => !n.contents.startsWith("Combine"));
  assert.equal(r!.predecessors![0]!.ship_strategy, p === 1 ? "Forward" : "Hash Partition on [0]");
});

testAtParallelism("a partitioning on part of a composite key is reused for both join inputs", async (env, p) => {
  const [a, b] = inputs(env);
  const left = a.partitionByHash(0);
  left.join(b, JoinHint.REPARTITION_HASH_FIRST).where(0, 1).equalTo(0, 1).output(DISCARD);
  left.join(b.partitionByHash(0), JoinHint.REPARTITION_HASH_FIRST).where(1, 0).equalTo(1, 0).output(DISCARD);
  const [partly, both] = planNodes(env.getExecutionPlan(), "Join");
  assert.equal(shipOf(partly!, "first"), "Forward");
  assert.equal(shipOf(partly!, "second"), p === 1 ? "Forward" : "Hash Partition on [0]");
  assert.equal(shipOf(both!, "first"), "Forward");
  assert.equal(shipOf(both!, "second"), "Forward");
  await env.execute();
  const c = env.fromElements<[number, number]>([1, 1], [1, 2], [2, 2]);
  const d = env.fromElements<[number, number]>([1, 2], [2, 2], [1, 1], [1, 3]);
  const out = await c.partitionByHash(0).join(d, JoinHint.REPARTITION_SORT_MERGE).where(0, 1).equalTo(0, 1).collect();
  assertSameRecords(out, [[[1, 1], [1, 1]], [[1, 2], [1, 2]], [[2, 2], [2, 2]]]);
});

test("withForwardedFieldsFirst/Second are validated at definition; withForwardedFields is rejected on joins", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const a = env.fromElements<[number, string]>([1, "a"]);
  const join = a.join(a).where(0).equalTo(0).with((x, y) => [x[0], y[1]]);
  assert.throws(() => join.withForwardedFieldsFirst("f5"), /forwarded/);
  assert.throws(() => join.withForwardedFieldsSecond("f0->"), /forwarded/);
  assert.doesNotThrow(() => join.withForwardedFieldsFirst("f0").withForwardedFieldsSecond("f1"));
  assert.throws(() => join.withForwardedFields("f0"), /withForwardedFieldsFirst/);
});
