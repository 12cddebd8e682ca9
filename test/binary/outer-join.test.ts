import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, InvalidProgramException, JoinHint, JoinType, type Collector, type DataSet } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";
import { ORDERS, referenceJoin, USERS } from "./fixtures.js";

const ALLOWED: Record<Exclude<JoinType, JoinType.INNER>, JoinHint[]> = {
  [JoinType.LEFT_OUTER]: [
    JoinHint.OPTIMIZER_CHOOSES,
    JoinHint.REPARTITION_SORT_MERGE,
    JoinHint.REPARTITION_HASH_FIRST,
    JoinHint.REPARTITION_HASH_SECOND,
    JoinHint.BROADCAST_HASH_SECOND,
  ],
  [JoinType.RIGHT_OUTER]: [
    JoinHint.OPTIMIZER_CHOOSES,
    JoinHint.REPARTITION_SORT_MERGE,
    JoinHint.REPARTITION_HASH_FIRST,
    JoinHint.REPARTITION_HASH_SECOND,
    JoinHint.BROADCAST_HASH_FIRST,
  ],
  [JoinType.FULL_OUTER]: [JoinHint.OPTIMIZER_CHOOSES, JoinHint.REPARTITION_SORT_MERGE, JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_HASH_SECOND],
};

function outerJoin<A, B>(a: DataSet<A>, b: DataSet<B>, type: JoinType, hint: JoinHint) {
  switch (type) {
    case JoinType.LEFT_OUTER: return a.leftOuterJoin(b, hint);
    case JoinType.RIGHT_OUTER: return a.rightOuterJoin(b, hint);
    default: return a.fullOuterJoin(b, hint);
  }
}

testAtParallelism("outer joins without a function give pairs with null on the absent side", async (env) => {
  const users = env.fromCollection(USERS);
  const orders = env.fromCollection(ORDERS);
  const matched = [[[1, "Alice"], [1, "Order1"]], [[1, "Alice"], [1, "Order2"]], [[2, "Bob"], [2, "Order3"]]];
  assertSameRecords(await users.leftOuterJoin(orders).where(0).equalTo(0).collect(), [...matched, [[3, "Carol"], null]]);
  assertSameRecords(await users.rightOuterJoin(orders).where(0).equalTo(0).collect(), [...matched, [null, [4, "Order4"]]]);
  assertSameRecords(await users.fullOuterJoin(orders).where(0).equalTo(0).collect(), [...matched, [[3, "Carol"], null], [null, [4, "Order4"]]]);
});

testAtParallelism("every allowed hint of every outer join gives the reference result", async (env) => {
  const aRows = Array.from({ length: 40 }, (_, i): [number, number] => [i % 8, i]);
  const bRows = Array.from({ length: 24 }, (_, i): [number, string] => [5 + (i % 6), `b${i}`]);
  const a = env.generateSequence(0, 39).map((i): [number, number] => [i % 8, i]);
  const b = env.fromCollection(bRows);
  for (const type of [JoinType.LEFT_OUTER, JoinType.RIGHT_OUTER, JoinType.FULL_OUTER] as const) {
    const expected = referenceJoin(aRows, bRows, (x) => x[0], (y) => y[0], type);
    for (const hint of ALLOWED[type]) {
      assertSameRecords(await outerJoin(a, b, type, hint).where(0).equalTo(0).collect(), expected, `${type} ${hint}`);
      const none = a.filter(() => false);
      const withEmpty = referenceJoin<[number, number], [number, string]>([], bRows, (x) => x[0], (y) => y[0], type);
      assertSameRecords(await outerJoin(none, b, type, hint).where(0).equalTo(0).collect(), withEmpty, `${type} ${hint} empty first`);
    }
  }
});

testAtParallelism("outer join functions receive null for the absent side (JoinFunction and FlatJoinFunction)", async (env) => {
  const users = env.fromCollection(USERS);
  const orders = env.fromCollection(ORDERS);
  for (const hint of ALLOWED[JoinType.FULL_OUTER]) {
    const named = await users.fullOuterJoin(orders, hint).where(0).equalTo(0)
      .with((u, o) => `${u === null ? "nobody" : u[1]}:${o === null ? "nothing" : o[1]}`).collect();
    assertSameRecords(named, ["Alice:Order1", "Alice:Order2", "Bob:Order3", "Carol:nothing", "nobody:Order4"], hint);
    const flat = await users
      .fullOuterJoin(orders, hint)
      .where(0)
      .equalTo(0)
      .with((u: [number, string] | null, o: [number, string] | null, out: Collector<number>) => {
        if (u === null || o === null) out.collect(u?.[0] ?? o![0]);
      })
      .collect();
    assertSameRecords(flat, [3, 4], hint);
  }
});

testAtParallelism("outer joins with duplicate keys on both sides emit every pair and each unmatched record once", async (env) => {
  const a = env.fromElements<[string, number]>(["k", 1], ["k", 2], ["x", 3], ["x", 4]);
  const b = env.fromElements<[string, number]>(["k", 10], ["k", 20], ["y", 30], ["y", 40]);
  for (const hint of ALLOWED[JoinType.FULL_OUTER]) {
    const out = await a.fullOuterJoin(b, hint).where(0).equalTo(0).with((l, r) => [l?.[1] ?? null, r?.[1] ?? null]).collect();
    assertSameRecords(out, [[1, 10], [1, 20], [2, 10], [2, 20], [3, null], [4, null], [null, 30], [null, 40]], hint);
  }
});

test("disallowed outer join hints fail at definition", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const a = env.fromCollection(USERS);
  const b = env.fromCollection(ORDERS);
  assert.throws(
    () => a.leftOuterJoin(b, JoinHint.BROADCAST_HASH_FIRST),
    (e: unknown) => e instanceof InvalidProgramException && /BROADCAST_HASH_FIRST/.test(e.message),
  );
  assert.throws(() => a.rightOuterJoin(b, JoinHint.BROADCAST_HASH_SECOND), InvalidProgramException);
  assert.throws(() => a.fullOuterJoin(b, JoinHint.BROADCAST_HASH_FIRST), InvalidProgramException);
  assert.throws(() => a.fullOuterJoin(b, JoinHint.BROADCAST_HASH_SECOND), InvalidProgramException);
  assert.throws(() => a.join(b, "FASTEST" as JoinHint), InvalidProgramException);
  for (const type of [JoinType.LEFT_OUTER, JoinType.RIGHT_OUTER, JoinType.FULL_OUTER] as const) {
    for (const hint of ALLOWED[type]) assert.doesNotThrow(() => outerJoin(a, b, type, hint), `${type} ${hint}`);
  }
});
