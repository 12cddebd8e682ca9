/**
 * Positional field expressions as Flink writes them (issue 13, "Flink programs that must run as
 * written"): tuple fields match (f?)([0-9]+), so "0" is "f0" in keys, forwarded-field
 * annotations ("0", "0;1", "0->1") and aggregations; TransitiveClosureNaive uses them.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, type Collector } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

type Edge = [number, number];
const noop = { open() {}, writeRecord() {}, close() {} };

testAtParallelism("TransitiveClosureNaive with positional expressions: groupBy(\"0\", \"1\"), withForwardedFieldsFirst(\"0\")", async (env) => {
  const edges = env.fromCollection<Edge>([[1, 2], [2, 3], [3, 4]]);
  const paths = edges.iterate(5);
  const next = paths
    .join(edges)
    .where(1)
    .equalTo(0)
    .with((a: Edge, b: Edge): Edge => [a[0], b[1]])
    .withForwardedFieldsFirst("0")
    .withForwardedFieldsSecond("1")
    .union(paths)
    .groupBy("0", "1")
    .reduceGroup((vs: Iterable<Edge>, out: Collector<Edge>) => {
      for (const v of vs) {
        out.collect(v);
        return;
      }
    })
    .withForwardedFields("0;1");
  const closure = await paths.closeWith(next).collect();
  assertSameRecords(closure, [[1, 2], [2, 3], [3, 4], [1, 3], [2, 4], [1, 4]]);
});

testAtParallelism("positional strings in keys and aggregations mean the same as numbers", async (env) => {
  const data = env.fromCollection<[number, string, number]>([[1, "a", 10], [1, "b", 5], [2, "a", 1]]);
  assertSameRecords(await data.groupBy("0").sum("2").collect(), await data.groupBy(0).sum(2).collect());
  assertSameRecords(await data.groupBy("f0").max("2").collect(), await data.groupBy(0).max(2).collect());
  assertSameRecords(await data.distinct("1").map((r) => r[1]).collect(), ["a", "b"]);
  const nested = env.fromCollection<[[number, number], string]>([[[1, 2], "x"], [[1, 3], "y"], [[1, 2], "z"]]);
  assert.equal((await nested.distinct("0.0").collect()).length, 1);
  assert.equal((await nested.distinct("0.1").collect()).length, 2);
});

test("withForwardedFields(\"0\"), (\"0->1\") and (\"0;1\") keep the partitioning as \"f0\" does", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const parted = env.generateSequence(1, 100).map((x) => [x % 10, x] as [number, number]).partitionByHash(0);
  parted.map((t) => [t[0], t[1] * 2] as [number, number]).withForwardedFields("0").groupBy(0).sum(1).name("kept").output(noop);
  parted.map((t) => [t[0], t[1]] as [number, number]).withForwardedFields("0;1").groupBy("0").sum(1).name("both").output(noop);
  parted.map((t) => [t[1], t[0]] as [number, number]).withForwardedFields("0->1").groupBy(1).sum(0).name("moved").output(noop);
  const nodes = (JSON.parse(env.getExecutionPlan()) as { nodes: { contents: string; predecessors?: { ship_strategy: string }[] }[] }).nodes;
  for (const name of ["kept", "both", "moved"]) assert.equal(nodes.find((n) => n.contents === name)!.predecessors![0]!.ship_strategy, "Forward", name);
});
