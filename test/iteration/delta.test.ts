import { test } from "node:test";
import assert from "node:assert/strict";
import { Aggregations, ExecutionEnvironment, RichFlatMapFunction, type Collector } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

type KV = [number, number];

function statsOf(env: ExecutionEnvironment) {
  return env.getLastJobExecutionResult()!.getIterationStats()[0]!;
}

/** Stamps each workset record [key, remaining] with the superstep that touched it. */
class Stamp extends RichFlatMapFunction<KV, KV> {
  flatMap([k]: KV, out: Collector<KV>): void {
    out.collect([k, this.getRuntimeContext().getSuperstepNumber()]);
  }
}

testAtParallelism("a delta iteration ends when the workset is empty; the result is the solution set", async (env) => {
  const solution = env.fromElements<KV>([1, 0], [2, 0], [3, 0]);
  const workset = env.fromElements<KV>([1, 3], [2, 1], [3, 2]);
  const d = solution.iterateDelta(workset, 100, 0);
  const delta = d.getWorkset().flatMap(new Stamp());
  const next = d.getWorkset().filter(([, r]) => r > 1).map(([k, r]) => [k, r - 1] as KV);
  const out = await d.closeWith(delta, next).collect();
  assertSameRecords(out, [[1, 3], [2, 1], [3, 2]]);
  const s = statsOf(env);
  assert.equal(s.terminatedBy, "emptyWorkset");
  assert.equal(s.supersteps, 3);
  assert.deepEqual(s.inputPerSuperstep, [3, 2, 1]);
});

testAtParallelism("a delta iteration stops at maxIterations while the workset is not empty", async (env) => {
  const d = env.fromElements<KV>([1, 0]).iterateDelta(env.fromElements<KV>([1, 0]), 4, 0);
  const delta = d.getWorkset().map(([k, v]) => [k, v + 1] as KV);
  const out = await d.closeWith(delta, delta).collect();
  assert.deepEqual(out, [[1, 4]]);
  assert.equal(statsOf(env).terminatedBy, "maxIterations");
});

testAtParallelism("delta records with new keys are inserted; duplicate initial keys collapse to one", async (env) => {
  const solution = env.fromElements<[number, string]>([1, "a"], [1, "b"], [2, "c"]);
  const d = solution.iterateDelta(env.fromElements(5), 1, 0);
  const delta = d.getWorkset().map((k) => [k, "new"] as [number, string]);
  const out = await d.closeWith(delta, d.getWorkset().filter(() => false)).collect();
  assert.equal(out.length, 3);
  assert.deepEqual(out.filter((r) => r[0] === 5), [[5, "new"]]);
  assert.equal(out.filter((r) => r[0] === 1).length, 1);
});

testAtParallelism("joins with the solution set probe it on its key; outer joins see null for missing keys", async (env) => {
  const solution = env.fromElements<KV>([1, 10], [2, 20], [3, 30]);
  const d = solution.iterateDelta(env.fromElements<KV>([1, 1], [3, 3], [4, 4]), 1, 0);
  const matched: [KV, KV | null][] = [];
  const delta = d.getWorkset().leftOuterJoin(d.getSolutionSet()).where(0).equalTo(0).with((w: KV, s: KV | null) => {
    matched.push([w, s]);
    return [w[0], (s?.[1] ?? 0) + w[1]] as KV;
  });
  const out = await d.closeWith(delta, d.getWorkset().filter(() => false)).collect();
  assertSameRecords(matched, [[[1, 1], [1, 10]], [[3, 3], [3, 30]], [[4, 4], null]]);
  assertSameRecords(out, [[1, 11], [2, 20], [3, 33], [4, 4]]);
});

testAtParallelism("a coGroup with the solution set sees each workset group with its solution record", async (env) => {
  const solution = env.fromElements<KV>([1, 100], [2, 200]);
  const d = solution.iterateDelta(env.fromElements<KV>([1, 1], [1, 2], [3, 5]), 1, 0);
  const delta = d.getSolutionSet().coGroup(d.getWorkset()).where(0).equalTo(0).with((ss: Iterable<KV>, ws: Iterable<KV>, out: Collector<KV>) => {
    const s = [...ss];
    const w = [...ws];
    out.collect([w[0]![0], (s[0]?.[1] ?? 0) + w.reduce((a, r) => a + r[1], 0)]);
  });
  const out = await d.closeWith(delta, d.getWorkset().filter(() => false)).collect();
  assertSameRecords(out, [[1, 103], [2, 200], [3, 5]]);
});

testAtParallelism("solution set updates are visible at once within the superstep", async (env) => {
  // The delta is joined with the solution set again in the same superstep: the join sees the update.
  const d = env.fromElements<KV>([1, 0], [2, 0]).iterateDelta(env.fromElements<KV>([1, 5], [2, 7]), 1, 0);
  const delta = d.getWorkset().join(d.getSolutionSet()).where(0).equalTo(0).with((w: KV) => w);
  const seen: KV[] = [];
  const next = delta.map((x) => x).join(d.getSolutionSet()).where(0).equalTo(0).with((_x: KV, s: KV) => {
    seen.push(s);
    return s;
  }).filter(() => false);
  await d.closeWith(delta, next).collect();
  assertSameRecords(seen, [[1, 5], [2, 7]]);
});

testAtParallelism("the solution set is kept across supersteps: a running minimum per key", async (env) => {
  // Each superstep proposes value - 1 for every workset key; the delta keeps only improvements.
  const d = env.fromElements<KV>([1, 5], [2, 3]).iterateDelta(env.fromElements<KV>([1, 5], [2, 3]), 10, 0);
  const proposals = d.getWorkset().map(([k, v]) => [k, v - 1] as KV);
  const improved = proposals.join(d.getSolutionSet()).where(0).equalTo(0)
    .with((p: KV, s: KV, out: Collector<KV>) => { if (p[1] >= 0 && p[1] < s[1]) out.collect(p); });
  const out = await d.closeWith(improved, improved).collect();
  assertSameRecords(out, [[1, 0], [2, 0]]);
  // Key 1 improves 5 times, key 2 three times; each improvement is the next superstep's workset.
  assert.deepEqual(statsOf(env).inputPerSuperstep, [2, 2, 2, 2, 1, 1]);
});

testAtParallelism("the workset join with static data keeps the static side's hash table", async (env) => {
  const labels = env.fromElements<[number, string]>([1, "one"], [2, "two"], [3, "three"]);
  const d = env.fromElements<[number, string]>([1, ""], [2, ""], [3, ""]).iterateDelta(env.fromElements<KV>([1, 2], [2, 2], [3, 2]), 10, 0);
  const joined = d.getWorkset().join(labels).where(0).equalTo(0).with((w: KV, l: [number, string]) => [w[0], w[1] - 1, l[1]] as [number, number, string]);
  const delta = joined.map(([k, , l]) => [k, l] as [number, string]);
  const next = joined.filter(([, r]) => r > 0).map(([k, r]) => [k, r] as KV);
  const out = await d.closeWith(delta, next).collect();
  assertSameRecords(out, [[1, "one"], [2, "two"], [3, "three"]]);
  const s = statsOf(env);
  assert.equal(s.supersteps, 2);
  // The labels are fed once: the join keeps them as its build-side table in later supersteps.
  assert.deepEqual(s.staticRecordsPerSuperstep, [3, 0]);
});

test("the delta iteration's result is hash-partitioned on the key: a groupBy on it needs no shuffle", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const d = env.fromElements<KV>([1, 1]).iterateDelta(env.fromElements<KV>([1, 1]), 2, 0);
  const delta = d.getWorkset().join(d.getSolutionSet()).where(0).equalTo(0).with((w: KV) => w);
  d.closeWith(delta, delta).groupBy(0).aggregate(Aggregations.SUM, 1).output({ open() {}, writeRecord() {}, close() {} });
  const plan = JSON.parse(env.getExecutionPlan()) as { nodes: { pact: string; predecessors?: { ship_strategy: string }[] }[] };
  const agg = plan.nodes.find((n) => n.pact === "Aggregate")!;
  assert.deepEqual(agg.predecessors!.map((p) => p.ship_strategy), ["Forward"]);
});

testAtParallelism("composite solution set keys and POJO records keyed by a field name", async (env) => {
  type Row = [string, number, number];
  const d = env.fromElements<Row>(["a", 1, 0], ["a", 2, 0], ["b", 1, 0]).iterateDelta(env.fromElements<Row>(["a", 2, 5], ["b", 1, 7], ["c", 9, 1]), 3, 0, 1);
  const delta = d.getWorkset().join(d.getSolutionSet()).where(0, 1).equalTo(0, 1).with((w: Row, s: Row): Row => [s[0], s[1], s[2] + w[2]]);
  assertSameRecords(await d.closeWith(delta, delta.filter(() => false)).collect(), [["a", 1, 0], ["a", 2, 5], ["b", 1, 7]]);

  type User = { id: string; visits: number };
  const u = env.fromElements<User>({ id: "x", visits: 1 }, { id: "y", visits: 2 }).iterateDelta(env.fromElements({ id: "y" }), 3, "id");
  const bumped = u
    .getWorkset()
    .join(u.getSolutionSet())
    .where("id")
    .equalTo("id")
    .with((_w: { id: string }, s: User): User => ({ id: s.id, visits: s.visits + 10 }));
  assertSameRecords(await u.closeWith(bumped, u.getWorkset().filter(() => false)).collect(), [{ id: "x", visits: 1 }, { id: "y", visits: 12 }]);
});

testAtParallelism("a join function that mutates its solution set record does not change the solution set", async (env) => {
  const d = env.fromElements<KV>([1, 10]).iterateDelta(env.fromElements<KV>([1, 0]), 2, 0);
  const seen: number[] = [];
  const none = d.getWorkset().join(d.getSolutionSet()).where(0).equalTo(0).with((_w: KV, s: KV, out: Collector<KV>) => {
    seen.push(s[1]);
    s[1] = -1;
    if (seen.length > 10) out.collect(s);
  });
  assert.deepEqual(await d.closeWith(none, d.getWorkset().map(([k, v]) => [k, v + 1] as KV)).collect(), [[1, 10]]);
  assert.deepEqual(seen, [10, 10]);
});

testAtParallelism("a hash join chained onto its probe input keeps its static build side too", async (env) => {
  const labels = env.fromElements<[number, string]>([1, "one"], [2, "two"]);
  const d = env.fromElements<[number, string]>([1, ""], [2, ""]).iterateDelta(env.fromElements<KV>([1, 3], [2, 3], [1, 0]), 10, 0);
  // The aggregation leaves its output hash-partitioned on f0, so the join reads it FORWARD, chained.
  const joined = d.getWorkset().groupBy(0).max(1)
    .join(labels).where(0).equalTo(0).with((w: KV, l: [number, string]) => [w[0], w[1] - 1, `${l[1]}${w[1]}`] as [number, number, string]);
  const delta = joined.map(([k, , l]) => [k, l] as [number, string]);
  const next = joined.filter(([, r]) => r > 0).map(([k, r]) => [k, r] as KV);
  assertSameRecords(await d.closeWith(delta, next).collect(), [[1, "one1"], [2, "two1"]]);
  const s = statsOf(env);
  assert.equal(s.supersteps, 3);
  assert.deepEqual(s.staticRecordsPerSuperstep, [2, 0, 0]);
});

test("the join on a partitioned workset is chained in the step function's plan", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const labels = env.fromElements<[number, string]>([1, "one"]);
  const d = env.fromElements<[number, string]>([1, ""]).iterateDelta(env.fromElements<KV>([1, 3]), 10, 0);
  const joined = d.getWorkset().groupBy(0).max(1).join(labels).where(0).equalTo(0).with((w: KV, l: [number, string]) => [w[0], l[1]] as [number, string]);
  d.closeWith(joined, d.getWorkset().filter(() => false)).output({ open() {}, writeRecord() {}, close() {} });
  type Node = { pact: string; chained?: boolean; step_function?: Node[] };
  const plan = JSON.parse(env.getExecutionPlan()) as { nodes: Node[] };
  const step = plan.nodes.find((n) => n.step_function)!.step_function!;
  assert.equal(step.find((n) => n.pact === "Join")!.chained, true);
});
