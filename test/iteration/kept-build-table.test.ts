/**
 * The cached static build side, frozen after the first superstep (runtime/iteration/
 * kept-build-table.ts), hands its records out under the same copy rules in every superstep: a
 * function that mutates a held record sees a fresh copy each time (the kept record never
 * changes), a read-only function over nested records gets what a rebuilt table gives, keys of
 * several records pair in arrival order, string keys (not int32) are found as well.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, JoinHint, type DataSet } from "../../src/index.js";
import { testAtParallelism } from "../helpers.js";

type KV = [number, number];
type Held = [number | string, { seen: number; w: number }];
type PlanNode = { contents: string; cached_input?: string; step_function?: PlanNode[] };

/** Workset [k, value] joined with static [k, {seen, w}] for 3 supersteps; `hint` picks the build side. */
function job(env: ExecutionEnvironment, join: (w: [number, number], s: Held) => KV, hint: JoinHint, stringKeys = false): DataSet<KV> {
  const initial = env.fromCollection<KV>([[0, 0], [1, 0], [2, 0], [3, 0]]);
  const statics: Held[] = [[0, { seen: 0, w: 1 }], [1, { seen: 0, w: 2 }], [1, { seen: 0, w: 5 }], [3, { seen: 0, w: 7 }]];
  const held = env.fromCollection(stringKeys ? statics.map(([k, o]): Held => [`k${k}`, o]) : statics);
  const it = initial.iterateDelta(initial, 3, 0);
  const changes = it.getWorkset().join(held, hint)
    .where((w: KV) => (stringKeys ? `k${w[0]}` : w[0])).equalTo((s: Held) => s[0])
    .with(join).name("with static")
    .groupBy(0).sum(1);
  return it.closeWith(changes, changes);
}

function cachedInput(env: ExecutionEnvironment): string | undefined {
  const plan = JSON.parse(env.getExecutionPlan()) as { nodes: PlanNode[] };
  return plan.nodes.flatMap((n) => n.step_function ?? []).find((n) => n.contents === "with static")?.cached_input;
}

async function sorted(d: DataSet<KV>): Promise<KV[]> {
  return (await d.collect()).sort((a, b) => a[0] - b[0]);
}

const mutating = (w: KV, s: Held): KV => {
  s[1].seen++;
  return [w[0], w[1] + s[1].seen * s[1].w];
};
const reading = ([k, v]: KV, [, o]: Held): KV => [k, v + o.w];

test("the static build side of the step's join is the cached input", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  job(env, mutating, JoinHint.BROADCAST_HASH_SECOND).output({ open() {}, writeRecord() {}, close() {} });
  assert.equal(cachedInput(env), "second");
});

for (const stringKeys of [false, true]) {
  const keys = stringKeys ? "string keys" : "int keys";
  testAtParallelism(`a function mutating the cached table's records sees fresh copies in every superstep (${keys})`, async (env) => {
    // Every superstep adds seen (1) * w, key 1 the sum of its two pairs (w 2 and 5): 0 -> 7 -> 21 -> 49.
    assert.deepEqual(await sorted(job(env, mutating, JoinHint.BROADCAST_HASH_SECOND, stringKeys)), [[0, 3], [1, 49], [2, 0], [3, 21]]);
  });

  testAtParallelism(`a read-only function over nested cached records gives what a rebuilt table gives (${keys})`, async (env) => {
    const cached = await sorted(job(env, reading, JoinHint.BROADCAST_HASH_SECOND, stringKeys));
    const rebuilt = await sorted(job(env, reading, JoinHint.REPARTITION_HASH_FIRST, stringKeys));
    assert.deepEqual(cached, rebuilt);
  });
}
