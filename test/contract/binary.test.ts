/** API.md "Binary operators": join (pairs, with, projections, hints), outer joins, coGroup, cross. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, InvalidProgramException, JoinHint, Order, type Collector } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

type User = [number, string];
type Order_ = [number, string, number];
const USERS: User[] = [[1, "Alice"], [2, "Bob"], [3, "Carol"]];
const ORDERS: Order_[] = [[1, "o1", 10], [1, "o2", 20], [2, "o3", 30], [4, "o4", 40]];
const ALL_HINTS = [
  JoinHint.OPTIMIZER_CHOOSES, JoinHint.BROADCAST_HASH_FIRST, JoinHint.BROADCAST_HASH_SECOND,
  JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_HASH_SECOND, JoinHint.REPARTITION_SORT_MERGE,
];
const INNER = [[[1, "Alice"], [1, "o1", 10]], [[1, "Alice"], [1, "o2", 20]], [[2, "Bob"], [2, "o3", 30]]];

testAtParallelism("join(b).where(a-keys).equalTo(b-keys) is a DataSet of [a, b] pairs; .with(f) maps them", async (env) => {
  const users = env.fromCollection(USERS);
  const orders = env.fromCollection(ORDERS);
  assertSameRecords(await users.join(orders).where(0).equalTo(0).collect(), INNER);
  assertSameRecords(await users.join(orders).where("f0").equalTo("f0").with((u, o) => `${u[1]}:${o[1]}`).collect(), ["Alice:o1", "Alice:o2", "Bob:o3"]);
  assertSameRecords(await users.join(orders).where((u) => u[0]).equalTo((o) => o[0]).with((u, o) => o[2] + u[0]).collect(), [11, 21, 32]);
  const byObj = await env.fromElements({ id: 1, n: "x" }).join(env.fromElements({ uid: 1, v: 5 })).where("id").equalTo("uid").collect();
  assert.deepEqual(byObj, [[{ id: 1, n: "x" }, { uid: 1, v: 5 }]]);
});

testAtParallelism("composite join keys by positions and by a selector returning an array", async (env) => {
  const a = env.fromElements<[number, string, string]>([1, "x", "A"], [1, "y", "B"], [2, "x", "C"]);
  const b = env.fromElements<[string, number, number]>(["x", 1, 100], ["y", 2, 200], ["x", 2, 300]);
  assertSameRecords(await a.join(b).where(0, 1).equalTo(1, 0).with((l, r) => l[2] + r[2]).collect(), ["A100", "C300"]);
  assertSameRecords(await a.join(b).where((l) => [l[0], l[1]]).equalTo((r) => [r[1], r[0]]).with((l, r) => l[2] + r[2]).collect(), ["A100", "C300"]);
});

testAtParallelism("projectFirst / projectSecond build flat tuples, in any order, repeatable", async (env) => {
  const users = env.fromCollection(USERS);
  const orders = env.fromCollection(ORDERS);
  assertSameRecords(await users.join(orders).where(0).equalTo(0).projectFirst(1).projectSecond(1, 2).collect(), [
    ["Alice", "o1", 10],
    ["Alice", "o2", 20],
    ["Bob", "o3", 30],
  ]);
  assertSameRecords(await users.join(orders).where(0).equalTo(0).projectSecond(2).projectFirst(1).projectSecond(1).projectFirst(0).collect(), [
    [10, "Alice", "o1", 1],
    [20, "Alice", "o2", 1],
    [30, "Bob", "o3", 2],
  ]);
  assertSameRecords(
    await users
      .cross(env.fromElements<[string, boolean]>(["z", true]))
      .projectSecond(1)
      .projectFirst(0)
      .collect(),
    [
      [true, 1],
      [true, 2],
      [true, 3],
    ],
  );
});

testAtParallelism("an empty projectFirst()/projectSecond() position list takes the whole record", async (env) => {
  const users = env.fromCollection(USERS);
  const names = env.fromElements("n1");
  assertSameRecords(await users.join(env.fromCollection(ORDERS)).where(0).equalTo(0).projectFirst().projectSecond(1).collect(), [
    [[1, "Alice"], "o1"],
    [[1, "Alice"], "o2"],
    [[2, "Bob"], "o3"],
  ]);
  assertSameRecords(await users.cross(names).projectFirst(1).projectSecond().collect(), [["Alice", "n1"], ["Bob", "n1"], ["Carol", "n1"]]);
});

testAtParallelism("every JoinHint gives the same result; joinWithTiny / joinWithHuge too", async (env) => {
  const users = env.fromCollection(USERS);
  const orders = env.generateSequence(1, 4).map((i) => ORDERS[i - 1]!);
  for (const hint of ALL_HINTS) assertSameRecords(await users.join(orders, hint).where(0).equalTo(0).collect(), INNER, String(hint));
  assertSameRecords(await users.joinWithTiny(orders).where(0).equalTo(0).collect(), INNER);
  assertSameRecords(await users.joinWithHuge(orders).where(0).equalTo(0).collect(), INNER);
});

test("each JoinHint is a different execution strategy, visible in getExecutionPlan()", () => {
  const seen = new Map<string, JoinHint>();
  for (const hint of ALL_HINTS.slice(1)) {
    const env = ExecutionEnvironment.createLocalEnvironment(4);
    const a = env.generateSequence(1, 10).map((x): [number, number] => [x, x]);
    const b = env.generateSequence(1, 10).map((x): [number, number] => [x, x]);
    a.join(b, hint).where(0).equalTo(0).output({ open() {}, writeRecord() {}, close() {} });
    const plan = JSON.parse(env.getExecutionPlan()) as { nodes: { pact: string; driver_strategy: string; predecessors?: { ship_strategy: string }[] }[] };
    const join = plan.nodes.find((n) => /join/i.test(n.pact))!;
    const signature = `${join.driver_strategy} / ${join.predecessors!.map((p) => p.ship_strategy).join(" + ")}`;
    assert.ok(!seen.has(signature), `${String(hint)} has the same strategy as ${String(seen.get(signature))}: ${signature}`);
    seen.set(signature, hint);
  }
  assert.equal(seen.size, 5);
});

testAtParallelism("outer joins: the absent side is null; without .with the result is [first, second] pairs", async (env) => {
  const users = env.fromCollection(USERS);
  const orders = env.fromCollection(ORDERS);
  const left = await users.leftOuterJoin(orders).where(0).equalTo(0).collect();
  assertSameRecords(left, [...INNER, [[3, "Carol"], null]]);
  const right = await users.rightOuterJoin(orders).where(0).equalTo(0).collect();
  assertSameRecords(right, [...INNER, [null, [4, "o4", 40]]]);
  const full = await users.fullOuterJoin(orders).where(0).equalTo(0).collect();
  assertSameRecords(full, [...INNER, [[3, "Carol"], null], [null, [4, "o4", 40]]]);
  const named = await users.fullOuterJoin(orders).where(0).equalTo(0).with((u, o) => `${u?.[1] ?? "-"}/${o?.[1] ?? "-"}`).collect();
  assertSameRecords(named, ["Alice/o1", "Alice/o2", "Bob/o3", "Carol/-", "-/o4"]);
});

testAtParallelism("outer joins accept the hints Flink's Java API allows, each with the same result", async (env) => {
  const users = env.fromCollection(USERS);
  const orders = env.fromCollection(ORDERS);
  const common = [JoinHint.OPTIMIZER_CHOOSES, JoinHint.REPARTITION_SORT_MERGE, JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_HASH_SECOND];
  for (const h of [...common, JoinHint.BROADCAST_HASH_SECOND]) {
    assertSameRecords(await users.leftOuterJoin(orders, h).where(0).equalTo(0).collect(), [...INNER, [[3, "Carol"], null]], `left ${String(h)}`);
  }
  for (const h of [...common, JoinHint.BROADCAST_HASH_FIRST]) {
    assertSameRecords(await users.rightOuterJoin(orders, h).where(0).equalTo(0).collect(), [...INNER, [null, [4, "o4", 40]]], `right ${String(h)}`);
  }
  for (const h of common) {
    assert.equal((await users.fullOuterJoin(orders, h).where(0).equalTo(0).collect()).length, 5, `full ${String(h)}`);
  }
});

test("outer joins refuse other hints with InvalidProgramException at definition", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const users = env.fromCollection(USERS);
  const orders = env.fromCollection(ORDERS);
  assert.throws(() => users.leftOuterJoin(orders, JoinHint.BROADCAST_HASH_FIRST).where(0).equalTo(0), InvalidProgramException);
  assert.throws(() => users.rightOuterJoin(orders, JoinHint.BROADCAST_HASH_SECOND).where(0).equalTo(0), InvalidProgramException);
  assert.throws(() => users.fullOuterJoin(orders, JoinHint.BROADCAST_HASH_FIRST).where(0).equalTo(0), InvalidProgramException);
  assert.throws(() => users.fullOuterJoin(orders, JoinHint.BROADCAST_HASH_SECOND).where(0).equalTo(0), InvalidProgramException);
});

testAtParallelism("coGroup: groups of both sides by key; a key on one side only gets an empty iterable", async (env) => {
  const users = env.fromCollection(USERS);
  const orders = env.fromCollection(ORDERS);
  const out = await users.coGroup(orders).where(0).equalTo(0).with((us: Iterable<User>, os: Iterable<Order_>, c: Collector<string>) => {
    const u = [...us];
    const o = [...os];
    c.collect(`${u.map((x) => x[1]).join("")}|${o.map((x) => x[1]).sort().join(",")}`);
  }).collect();
  assertSameRecords(out, ["Alice|o1,o2", "Bob|o3", "Carol|", "|o4"]);
});

testAtParallelism("coGroup sortFirstGroup / sortSecondGroup order the groups", async (env) => {
  const a = env.fromElements<[string, number]>(["k", 2], ["k", 3], ["k", 1], ["j", 5]);
  const b = env.fromElements<[string, number]>(["k", 20], ["k", 10], ["k", 30]);
  const out = await a.coGroup(b).where(0).equalTo(0).sortFirstGroup(1, Order.ASCENDING).sortSecondGroup(1, Order.DESCENDING)
    .with((xs: Iterable<[string, number]>, ys: Iterable<[string, number]>, c: Collector<string>) => {
      c.collect(`${[...xs].map((x) => x[1]).join(",")}|${[...ys].map((y) => y[1]).join(",")}`);
    }).collect();
  assertSameRecords(out, ["1,2,3|30,20,10", "5|"]);
});

testAtParallelism("cross is a DataSet of [a, b]; .with maps; crossWithTiny / crossWithHuge give the same result", async (env) => {
  const a = env.fromElements(1, 2);
  const b = env.fromElements("x", "y", "z");
  const pairs = [[1, "x"], [1, "y"], [1, "z"], [2, "x"], [2, "y"], [2, "z"]];
  assertSameRecords(await a.cross(b).collect(), pairs);
  assertSameRecords(await a.crossWithTiny(b).collect(), pairs);
  assertSameRecords(await a.crossWithHuge(b).collect(), pairs);
  assertSameRecords(await a.cross(b).with((n, s) => s.repeat(n)).collect(), ["x", "y", "z", "xx", "yy", "zz"]);
});

testAtParallelism("two-input operators take name, setParallelism, withForwardedFieldsFirst/Second, withBroadcastSet", async (env) => {
  const users = env.fromCollection(USERS);
  const orders = env.fromCollection(ORDERS);
  const joined = users.join(orders).where(0).equalTo(0).with((u, o): [number, string] => [u[0], o[1]])
    .withForwardedFieldsFirst("f0").withForwardedFieldsSecond("f1->f1").name("user-orders").setParallelism(2);
  assertSameRecords(await joined.collect(), [[1, "o1"], [1, "o2"], [2, "o3"]]);
  const crossed = users.cross(env.fromElements(0)).with((u, z) => u[0] + z).name("cross-op");
  assertSameRecords(await crossed.collect(), [1, 2, 3]);
  joined.output({ open() {}, writeRecord() {}, close() {} });
  const plan = JSON.parse(env.getExecutionPlan()) as { nodes: { contents: string; parallelism: string }[] };
  const node = plan.nodes.find((n) => n.contents.includes("user-orders"));
  assert.equal(node?.parallelism, "2");
});
