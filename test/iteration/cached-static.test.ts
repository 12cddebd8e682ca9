/**
 * The optimizer caches a hash join's static build side across supersteps (PhysicalNode
 * .cachedInput, `cached_input` in the plan JSON): the table is built in the first superstep and
 * probed in every later one. Cached or rebuilt, the result is the same; an outer build side and a
 * build side on the dynamic path are not cached; a new job over changed static data sees the change.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, JoinHint, type Collector } from "../../src/index.js";
import { connectedComponents } from "../../examples/connected-components.js";
import { randomEdges } from "../../examples/_iteration-data.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

type KV = [number, number];
type PlanNode = { contents: string; driver_strategy: string; cached_input?: string; step_function?: PlanNode[] };

const discard = { open() {}, writeRecord() {}, close() {} };

function stepNodes(env: ExecutionEnvironment): PlanNode[] {
  const plan = JSON.parse(env.getExecutionPlan()) as { nodes: PlanNode[] };
  return plan.nodes.flatMap((n) => n.step_function ?? []);
}

/** Components by a plain union-find: the expected result. */
function components(vertices: number, edges: readonly KV[]): KV[] {
  const parent = Array.from({ length: vertices }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
  for (const [a, b] of edges) {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
  return parent.map((_, v) => [v, find(v)]);
}

test("the plan JSON shows Connected Components' edge table cached across supersteps", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  connectedComponents(env.generateSequence(0, 9), env.fromCollection(randomEdges(10, 12, 1)), 10).output(discard);
  const join = stepNodes(env).find((n) => n.contents === "send to neighbours")!;
  assert.match(join.driver_strategy, /Hybrid Hash \(build: second\)/);
  assert.equal(join.cached_input, "second");
  // The join with the solution set probes the solution set index: nothing to cache there.
  assert.equal(stepNodes(env).find((n) => n.contents === "keep improvements")!.cached_input, undefined);
});

test("a build side on the dynamic path or an outer build side is not cached", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const statics = env.fromElements<KV>([1, 1], [2, 2]);
  const d = env.fromElements<KV>([1, 1], [2, 2]).iterateDelta(env.fromElements<KV>([1, 1]), 3, 0);
  const dynamicBuild = d.getWorkset().join(statics, JoinHint.REPARTITION_HASH_FIRST).where(0).equalTo(0).with((w: KV) => w).name("workset builds");
  const outerBuild = d.getWorkset().fullOuterJoin(statics, JoinHint.REPARTITION_HASH_SECOND).where(0).equalTo(0)
    .with((w: KV | null, s: KV | null) => (w ?? s)!).name("outer build");
  const staticBuild = d.getWorkset().join(statics, JoinHint.REPARTITION_HASH_SECOND).where(0).equalTo(0).with((w: KV) => w).name("static builds");
  const delta = dynamicBuild.union(outerBuild).union(staticBuild).filter(() => false);
  d.closeWith(delta, delta).output(discard);
  const nodes = stepNodes(env);
  const node = (name: string): PlanNode => nodes.find((n) => n.contents === name)!;
  assert.match(node("workset builds").driver_strategy, /build: first/);
  assert.equal(node("workset builds").cached_input, undefined);
  assert.match(node("outer build").driver_strategy, /Full Outer Hybrid Hash \(build: second\)/);
  assert.equal(node("outer build").cached_input, undefined);
  assert.equal(node("static builds").cached_input, "second");
});

testAtParallelism("Connected Components: the cached edge table gives what a table rebuilt every superstep gives", async (env) => {
  const edges = randomEdges(60, 70, 3);
  const expected = components(60, edges);
  const cached = await connectedComponents(env.generateSequence(0, 59), env.fromCollection(edges), 100).collect();
  const cachedStats = env.getLastJobExecutionResult()!.getIterationStats()[0]!;
  assertSameRecords(cached, expected);
  // Static records are fed in the first superstep only.
  assert.ok(cachedStats.staticRecordsPerSuperstep[0]! > 0);
  assert.ok(cachedStats.staticRecordsPerSuperstep.slice(1).every((n) => n === 0));

  // The same step with the workset as build side: the edges are probed, fed every superstep.
  const undirected = env.fromCollection(edges).flatMap<KV>(([a, b], out) => { out.collect([a, b]); out.collect([b, a]); });
  const initial = env.generateSequence(0, 59).map((v): KV => [v, v]);
  const it = initial.iterateDelta(initial, 100, 0);
  const changes = it.getWorkset().join(undirected, JoinHint.REPARTITION_HASH_FIRST).where(0).equalTo(0)
    .with(([, c]: KV, [, n]: KV): KV => [n, c])
    .groupBy(0).min(1)
    .join(it.getSolutionSet()).where(0).equalTo(0)
    .with((cand: KV, cur: KV, out: Collector<KV>) => { if (cand[1] < cur[1]) out.collect(cand); });
  const rebuilt = await it.closeWith(changes, changes).collect();
  const rebuiltStats = env.getLastJobExecutionResult()!.getIterationStats()[0]!;
  assertSameRecords(rebuilt, expected);
  assert.equal(rebuiltStats.supersteps, cachedStats.supersteps);
  assert.ok(rebuiltStats.staticRecordsPerSuperstep.slice(0, -1).every((n) => n === 2 * edges.length));
});

testAtParallelism("a second job over changed static data does not reuse the first job's cached table", async (env) => {
  const edges: KV[] = [[0, 1], [2, 3]];
  const run = (): Promise<KV[]> => connectedComponents(env.generateSequence(0, 3), env.fromCollection(edges), 10).collect();
  assertSameRecords(await run(), [[0, 0], [1, 0], [2, 2], [3, 2]]);
  edges.push([1, 2]);
  assertSameRecords(await run(), [[0, 0], [1, 0], [2, 0], [3, 0]]);
  // The same DataSets executed twice: the second job builds its own table (fromCollection keeps
  // what the collection held when the DataSet was defined).
  const cc = connectedComponents(env.generateSequence(0, 3), env.fromCollection<KV>([[0, 1]]), 10);
  assertSameRecords(await cc.collect(), [[0, 0], [1, 0], [2, 2], [3, 3]]);
  assertSameRecords(await cc.collect(), [[0, 0], [1, 0], [2, 2], [3, 3]]);
  assert.ok(env.getLastJobExecutionResult()!.getIterationStats()[0]!.staticRecordsPerSuperstep[0]! > 0);
});
