/**
 * A hash join whose build side has every key once (a dimension table) probes its records by key
 * id directly (hash-join-driver.ts oneOfUnique). The pairs, the outer side's unmatched records and
 * what a mutating function may see must be those of a build side with a repeated key.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, JoinHint } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

const orders = Array.from({ length: 3000 }, (_, i) => [i, (i * 7) % 1100, i % 13] as [number, number, number]);
const users = Array.from({ length: 1000 }, (_, u) => [u, `name${u}`, `C${u % 20}`] as [number, string, string]);

function expectedInner(us: readonly (readonly [number, string, string])[]): unknown[] {
  const out: unknown[] = [];
  for (const o of orders) for (const u of us) if (u[0] === o[1]) out.push([o[0], u[2], o[2]]);
  return out;
}

testAtParallelism("unique build side: inner join pairs as with a repeated key", async (env) => {
  const out = await env.fromCollection(orders).join(env.fromCollection(users), JoinHint.BROADCAST_HASH_SECOND)
    .where(1).equalTo(0).with((o, u) => [o[0], u[2], o[2]]).collect();
  assertSameRecords(out, expectedInner(users));
  const doubled = [...users, [5, "again", "C99"] as [number, string, string]];
  const out2 = await env.fromCollection(orders).join(env.fromCollection(doubled), JoinHint.BROADCAST_HASH_SECOND)
    .where(1).equalTo(0).with((o, u) => [o[0], u[2], o[2]]).collect();
  assertSameRecords(out2, expectedInner(doubled));
});

testAtParallelism("unique build side: a left outer join emits the unmatched probe records with null", async (env) => {
  const out = await env.fromCollection(orders).leftOuterJoin(env.fromCollection(users), JoinHint.REPARTITION_HASH_SECOND)
    .where(1).equalTo(0).with((o, u) => [o[0], u === null ? null : u[2]]).collect();
  const expected = orders.map((o) => [o[0], o[1] < 1000 ? `C${o[1] % 20}` : null]);
  assertSameRecords(out, expected);
});

test("unique build side: a function that mutates the held record does not change the next match", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const us = [{ k: 1, n: 0 }, { k: 2, n: 0 }];
  const out = await env.fromCollection([{ k: 1 }, { k: 1 }, { k: 2 }, { k: 1 }]).join(env.fromCollection(us), JoinHint.BROADCAST_HASH_SECOND)
    .where("k").equalTo("k").with((_o, u) => {
      u.n++;
      return u.n;
    }).collect();
  assert.deepEqual(out, [1, 1, 1, 1]);
  assert.deepEqual(us, [{ k: 1, n: 0 }, { k: 2, n: 0 }]);
});

test("staged probes: a key selector on the probe side still runs record by record with the join function", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const calls: string[] = [];
  const out = await env.fromCollection([[1], [2], [1]]).join(env.fromCollection([[1, "a"], [2, "b"]]), JoinHint.BROADCAST_HASH_SECOND)
    .where((r: number[]) => {
      calls.push(`key ${r[0]}`);
      return r[0]!;
    }).equalTo(0)
    .with((l, r) => {
      calls.push(`join ${l[0]}`);
      return r[1];
    }).collect();
  assert.deepEqual(out, ["a", "b", "a"]);
  assert.deepEqual(calls, ["key 1", "join 1", "key 2", "join 2", "key 1", "join 1"]);
});

test("staged probes: a null key inside a batch fails the job naming the join", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const probe = Array.from({ length: 2000 }, (_, i) => ({ k: i === 1500 ? null : i % 10 }));
  await assert.rejects(
    env.fromCollection(probe).join(env.fromCollection(Array.from({ length: 10 }, (_, k) => ({ k }))), JoinHint.BROADCAST_HASH_SECOND)
      .where("k").equalTo("k").with((l, r) => [l.k, r.k]).collect(),
    (e: Error) => /Join/.test(e.message) && /null key/.test(String(e.message) + String((e as { cause?: Error }).cause?.message)),
  );
});
