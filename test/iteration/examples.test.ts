import { test } from "node:test";
import assert from "node:assert/strict";
import { randomEdges, randomLinks } from "../../examples/_iteration-data.js";
import { connectedComponents } from "../../examples/connected-components.js";
import { INITIAL_CENTROIDS, POINTS, kMeans } from "../../examples/k-means.js";
import { pageRank } from "../../examples/page-rank.js";
import { EDGES as CLOSURE_EDGES, transitiveClosure } from "../../examples/transitive-closure.js";
import { assertSameRecords, captureStdout, testAtParallelism } from "../helpers.js";
import { runJob } from "../../src/index.js";
import { lloyd, powerIteration, reachablePairs, unionFindComponents } from "./references.js";

testAtParallelism("Connected Components on a generated graph agrees with union-find", async (env) => {
  const vertices = 1200;
  const edges = randomEdges(vertices, 1100, 42);
  const out = await connectedComponents(env.generateSequence(0, vertices - 1), env.fromCollection(edges), 1000).collect();
  const expected = unionFindComponents(vertices, edges);
  assert.equal(out.length, vertices);
  assertSameRecords(out, expected.map((c, v) => [v, c]));
  assert.ok(new Set(expected).size > 100, "the graph has many components");
});

testAtParallelism("PageRank agrees with a plain power iteration to 1e-9", async (env) => {
  const pages = 80;
  const links = randomLinks(pages, 240, 5);
  const out = await pageRank(env.generateSequence(0, pages - 1), env.fromCollection(links), { pages, maxIterations: 500, epsilon: 1e-13 }).collect();
  const expected = powerIteration(pages, links, 500, 1e-13);
  assert.equal(out.length, pages);
  for (const [page, rank] of out) assert.ok(Math.abs(rank - expected[page]!) <= 1e-9, `page ${page}: ${rank} vs ${expected[page]}`);
  const stats = env.getLastJobExecutionResult()!.getIterationStats()[0]!;
  assert.equal(stats.terminatedBy, "terminationCriterion");
  // The adjacency lists are static: fed in the first superstep only, then kept by the join.
  assert.ok(stats.staticRecordsPerSuperstep.slice(1).every((n) => n === 0));
});

testAtParallelism("K-Means agrees with a plain Lloyd's implementation", async (env) => {
  const out = await kMeans(env.fromCollection(POINTS), env.fromCollection(INITIAL_CENTROIDS), 50).collect();
  const expected = lloyd(POINTS, INITIAL_CENTROIDS, 50);
  assert.equal(out.length, expected.length);
  const byId = new Map(expected.map((c) => [c[0], c]));
  for (const [id, x, y] of out) {
    const [, ex, ey] = byId.get(id)!;
    assert.ok(Math.abs(x - ex) < 1e-9 && Math.abs(y - ey) < 1e-9, `centroid ${id}`);
  }
  assert.equal(env.getLastJobExecutionResult()!.getIterationStats()[0]!.terminatedBy, "convergence");
});

testAtParallelism("transitive closure agrees with a BFS from every vertex", async (env) => {
  const edges = randomEdges(30, 35, 9).map(([a, b], i) => (i % 2 === 0 ? [a, b] : [b, a]) as [number, number]);
  assertSameRecords(await transitiveClosure(env.fromCollection(edges), 100).collect(), reachablePairs(edges));
  assertSameRecords(await transitiveClosure(env.fromCollection(CLOSURE_EDGES), 100).collect(), reachablePairs(CLOSURE_EDGES));
});

test("the iteration examples print their results", async () => {
  const run = async (name: string): Promise<string[]> => {
    const url = new URL(`../../examples/${name}.ts`, import.meta.url);
    const mod = (await import(url.href)) as { title: string };
    assert.ok(mod.title.length > 0);
    return (await captureStdout(() => runJob(url, {}, { mode: "in-process" }))).trimEnd().split("\n");
  };
  const cc = await run("connected-components");
  assert.equal(cc[0], "-- components with more than one vertex: (component,[vertices])");
  assert.match(cc.at(-1)!, /^-- \d+ supersteps; workset sizes 40, /);
  const pr = await run("page-rank");
  assert.equal(pr.length, 7);
  assert.match(pr.at(-1)!, /converged after \d+ supersteps \(terminationCriterion\)/);
  assert.deepEqual(await run("k-means"), [
    "-- final centroids: (id,x,y)", "(0,4.668,-5.340)", "(1,-4.474,-5.015)", "(2,-4.955,5.230)", "(3,5.355,4.997)", "-- 6 supersteps (convergence)",
  ]);
  const tc = await run("transitive-closure");
  assert.deepEqual(tc.slice(1, 4), ["(1,[2,3,4,5,6,7,8,9])", "(2,[3,4,5,6,7,8,9])", "(3,[4,5,6,7,8,9])"]);
  assert.equal(tc.at(-1), "-- 8 supersteps (terminationCriterion); paths per superstep 9, 18, 27, 32, 36, 39, 41, 42");
});
