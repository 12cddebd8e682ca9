import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, JoinHint } from "../../src/index.js";
import { assertSameRecords } from "../helpers.js";

const sink = { open() {}, writeRecord() {}, close() {} };

test("a broadcast hash join chains onto its probe input: the big side crosses no channel", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const users = env.fromCollection(Array.from({ length: 10 }, (_, i) => [i, `u${i}`] as [number, string]));
  const orders = env.generateSequence(1, 20000).map((i) => [i % 10, i] as [number, number]).name("orders");
  users.join(orders, JoinHint.BROADCAST_HASH_FIRST).where(0).equalTo(0).with((u, o) => [u[1], o[1]]).name("joined").output(sink);
  const plan = JSON.parse(env.getExecutionPlan()) as { nodes: { contents: string; chained?: boolean }[] };
  assert.equal(plan.nodes.find((n) => n.contents === "joined")!.chained, true);
  const result = await env.execute();
  const fromOrders = result.getChannelMetrics().filter((c) => c.source === "orders");
  assert.deepEqual(fromOrders, [], "orders went straight from the map into the join");
  const toJoin = result.getChannelMetrics().filter((c) => c.target === "joined");
  assert.equal(toJoin.length, 1);
  assert.equal(toJoin[0]!.ship, "Broadcast");
});

test("chained and unchained hash joins give the same results, outer joins included", async () => {
  for (const p of [1, 3]) {
    const env = ExecutionEnvironment.createLocalEnvironment(p);
    const left = env.fromElements<[number, string]>([1, "a"], [2, "b"], [4, "d"]);
    const right = env.generateSequence(1, 3).map((i) => [i, i * 10] as [number, number]);
    const inner = left.join(right, JoinHint.BROADCAST_HASH_FIRST).where(0).equalTo(0).with((l, r) => [l[1], r[1]]);
    const outer = right.leftOuterJoin(left, JoinHint.BROADCAST_HASH_SECOND).where(0).equalTo(0).with((r, l) => [r[0], l === null ? null : l[1]]);
    const [i, o] = await env.collectAll([inner, outer]);
    assertSameRecords(i!, [["a", 10], ["b", 20]]);
    assertSameRecords(o!, [[1, "a"], [2, "b"], [3, null]]);
  }
});
