/**
 * A union's parts meet in one keyed consumer: each part must reach it partitioned the same way, or
 * equal keys land in different subtasks (fuzzer finding F7: a part hash-partitioned on a subset
 * of the key was forwarded while the other part was hashed on the whole key).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment } from "../../src/index.js";
import { assertSameRecords } from "../helpers.js";

type Row = [number, number, number];

function partitionedOnSubset(env: ExecutionEnvironment) {
  // Hash-partitioned on f1 by the grouping, forwarded to f0 by the projection: a subset of {f2, f0}.
  return env
    .fromElements<Row>([7, -5, -5], [1, 2, 3], [1, 2, 4])
    .groupBy(1)
    .max(2)
    .andSum(0)
    .project(1, 2, 0) as unknown as ReturnType<ExecutionEnvironment["fromElements"]>;
}

test("distinct over a union of a partitioned part and its rebalance keeps one record per key [p=4]", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const d1 = partitionedOnSubset(env);
  const out = await d1.union(d1.rebalance()).distinct(2, 0).collect();
  assertSameRecords(out, [[-5, -5, 7], [2, 4, 2]]);
});

test("a grouped reduce over such a union sees each key in one group [p=4]", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const d1 = partitionedOnSubset(env);
  const out = await d1
    .union(d1.rebalance())
    .groupBy(2, 0)
    .reduceGroup((values: Iterable<unknown>, collector) => {
      let n = 0;
      let first: unknown;
      for (const v of values) {
        first ??= v;
        n++;
      }
      collector.collect([first, n]);
    })
    .collect();
  assertSameRecords(out, [[[-5, -5, 7], 2], [[2, 4, 2], 2]]);
});

test("parts hash-partitioned on the same fields still forward into the union's consumer", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const a = env.fromElements<[number, number]>([1, 2], [3, 4]).partitionByHash(0);
  const b = env.fromElements<[number, number]>([1, 5]).partitionByHash(0);
  a.union(b).groupBy(0).sum(1).writeAsText("/tmp/sluice-union-forward-never-written", undefined);
  const plan = env.getExecutionPlan();
  type PlanNode = { pact: string; predecessors?: { ship_strategy: string }[] };
  const reduce = (JSON.parse(plan) as { nodes: PlanNode[] }).nodes.find((n) => n.pact === "Aggregate");
  assert.ok(reduce, plan);
  assert.ok(reduce.predecessors?.every((p) => p.ship_strategy === "Forward"), plan);
});
