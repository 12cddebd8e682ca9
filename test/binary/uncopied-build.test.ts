/**
 * A reading hash join takes its build side's collection elements uncopied (optimizer/passes/
 * ownership.ts `uncopiedInput`): the plan JSON shows it, and the user's elements stay untouched
 * and unaliased by every result, flat or nested, at every parallelism.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, JoinHint } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

type L = { k: number; a: number };
type R = { k: number; b: number };
type N = { k: number; n: { c: number } };

const sink = { writeRecord() {}, open() {}, close() {} } as never;

function ownershipOf(build: (env: ExecutionEnvironment) => void): Record<string, unknown> | undefined {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  build(env);
  const nodes = (JSON.parse(env.getExecutionPlan()) as { nodes: { driver_strategy: string; ownership?: Record<string, unknown> }[] }).nodes;
  return nodes.find((n) => /Hybrid Hash/.test(n.driver_strategy))?.ownership;
}

const left: L[] = [{ k: 1, a: 10 }, { k: 2, a: 20 }, { k: 2, a: 21 }];
const right: R[] = [{ k: 1, b: 100 }, { k: 2, b: 200 }];

test("the plan JSON shows the build side a reading hash join takes uncopied", () => {
  const reading = (l: L, r: R) => ({ k: l.k, a: l.a, b: r.b });
  assert.deepEqual(ownershipOf((env) => {
    env.fromCollection(left).join(env.fromCollection(right), JoinHint.BROADCAST_HASH_SECOND).where("k").equalTo("k").with(reading).output(sink);
  })?.["uncopied_inputs"], ["second"]);
  assert.deepEqual(ownershipOf((env) => {
    env.fromCollection(right).join(env.fromCollection(left), JoinHint.BROADCAST_HASH_FIRST).where("k").equalTo("k").with((r: R, l: L) => [r.b, l.a]).output(sink);
  })?.["uncopied_inputs"], ["first"]);
  assert.deepEqual(ownershipOf((env) => {
    env.fromCollection(left).leftOuterJoin(env.fromCollection(right)).where("k").equalTo("k")
      .with((l: L, r: R | null) => ({ k: l.k, b: r === null ? null : r.b })).output(sink);
  })?.["uncopied_inputs"], ["second"]);
  // Not when the function may write, when the build side is outer, or fed by user code, or with object reuse.
  const none = [
    ownershipOf((env) => {
      env.fromCollection(left).join(env.fromCollection(right)).where("k").equalTo("k").with((l: L, r: R) => { r.b++; return l.a + r.b; }).output(sink);
    }),
    ownershipOf((env) => {
      env.fromCollection(left).fullOuterJoin(env.fromCollection(right)).where("k").equalTo("k")
        .with((l: L | null, r: R | null) => ({ a: l === null ? null : l.a, b: r === null ? null : r.b })).output(sink);
    }),
    ownershipOf((env) => {
      env.fromCollection(left).join(env.fromCollection(right).map((r) => r)).where("k").equalTo("k").with((l: L, r: R) => ({ a: l.a, b: r.b })).output(sink);
    }),
    ownershipOf((env) => {
      env.getConfig().enableObjectReuse();
      env.fromCollection(left).join(env.fromCollection(right)).where("k").equalTo("k").with((l: L, r: R) => ({ a: l.a, b: r.b })).output(sink);
    }),
    ownershipOf((env) => {
      env.fromCollection(left).join(env.fromCollection(right)).where("k").equalTo("k").output(sink);
    }),
  ];
  for (const [i, o] of none.entries()) assert.equal(o?.["uncopied_inputs"], undefined, `case ${i}`);
});

testAtParallelism("a reading join over uncopied flat build elements: right results, elements untouched", async (env) => {
  const l = left.map((x) => ({ ...x }));
  const r = right.map((x) => ({ ...x }));
  const out = await env.fromCollection(l).join(env.fromCollection(r)).where("k").equalTo("k").with((x: L, y: R) => ({ k: x.k, a: x.a, b: y.b })).collect();
  assertSameRecords(out, [{ k: 1, a: 10, b: 100 }, { k: 2, a: 20, b: 200 }, { k: 2, a: 21, b: 200 }]);
  for (const o of out) o.b = -1;
  assert.deepEqual(r, right);
  assert.deepEqual(l, left);
});

testAtParallelism("a reading join over uncopied nested build elements: results never alias them", async (env) => {
  const nested: N[] = [{ k: 1, n: { c: 1 } }, { k: 2, n: { c: 2 } }];
  for (const hint of [JoinHint.BROADCAST_HASH_SECOND, JoinHint.REPARTITION_HASH_SECOND]) {
    const out = await env.fromCollection(left).join(env.fromCollection(nested), hint).where("k").equalTo("k")
      .with((x: L, y: N) => ({ a: x.a, n: y.n })).collect();
    assertSameRecords(out, [{ a: 10, n: { c: 1 } }, { a: 20, n: { c: 2 } }, { a: 21, n: { c: 2 } }], hint);
    for (const o of out) o.n.c += 100;
    assert.deepEqual(nested, [{ k: 1, n: { c: 1 } }, { k: 2, n: { c: 2 } }], hint);
    const twos = out.filter((o) => o.a !== 10);
    assert.notEqual(twos[0]!.n, twos[1]!.n, `${hint}: each match has its own copy of the nested field`);
  }
});
