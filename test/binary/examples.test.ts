import { test } from "node:test";
import assert from "node:assert/strict";
import { captureStdout } from "../helpers.js";
import { runJob } from "../../src/index.js";

/** Runs an example module's main and returns its stdout lines. */
async function run(name: string): Promise<string[]> {
  const url = new URL(`../../examples/${name}.ts`, import.meta.url);
  const mod = (await import(url.href)) as { title: string };
  assert.ok(mod.title.length > 0);
  return (await captureStdout(() => runJob(url, {}, { mode: "in-process" }))).trimEnd().split("\n");
}

test("examples/join-users-orders.ts prints the seed's join results", async () => {
  assert.deepEqual(await run("join-users-orders"), [
    "-- users joined with orders on the user id",
    "((1,Alice),(1,Order1))", "((1,Alice),(1,Order2))", "((2,Bob),(2,Order3))",
    "-- custom join function",
    "Alice has Order1", "Alice has Order2", "Bob has Order3",
  ]);
});

test("examples/join-hints.ts shows a different strategy per hint and the same result", async () => {
  const hash = "Hash Partition on [0]";
  assert.deepEqual(await run("join-hints"), [
    `OPTIMIZER_CHOOSES: Hybrid Hash (build: first) | first: ${hash} | second: ${hash} | 4171 pairs`,
    "BROADCAST_HASH_FIRST: Hybrid Hash (build: first) | first: Broadcast | second: Forward | 4171 pairs",
    "BROADCAST_HASH_SECOND: Hybrid Hash (build: second) | first: Forward | second: Broadcast | 4171 pairs",
    `REPARTITION_HASH_FIRST: Hybrid Hash (build: first) | first: ${hash} | second: ${hash} | 4171 pairs`,
    `REPARTITION_HASH_SECOND: Hybrid Hash (build: second) | first: ${hash} | second: ${hash} | 4171 pairs`,
    `REPARTITION_SORT_MERGE: Merge | first: ${hash} + Sort on [0]:ASC | second: ${hash} + Sort on [0]:ASC | 4171 pairs`,
  ]);
});

test("examples/outer-joins.ts prints nulls for the missing side", async () => {
  assert.deepEqual(await run("outer-joins"), [
    "-- left outer join", "Alice: Order1", "Alice: Order2", "Bob: Order3", "Carol: (no orders)",
    "-- right outer join (sort-merge)", "(unknown user): Order9", "Alice: Order1", "Alice: Order2", "Bob: Order3",
    "-- full outer join, default pairs", "(Alice,Order1)", "(Alice,Order2)", "(Bob,Order3)", "(Carol,null)", "(null,Order9)",
  ]);
});

test("examples/cogroup-order-counts.ts prints the seed's order counts", async () => {
  assert.deepEqual(await run("cogroup-order-counts"), [
    "-- order counts per user", "Alice has 2 orders", "Bob has 1 orders", "Carol has 0 orders",
    "-- every key once, with its items in order (groups sorted descending)",
    "- <- [Order4]", "Alice <- [Order2, Order1]", "Bob <- [Order3]", "Carol <- []",
  ]);
});

test("examples/cross-colors-sizes.ts prints the seed's cross products", async () => {
  assert.deepEqual(await run("cross-colors-sizes"), [
    "-- simple cross product", "(red,small)", "(red,large)", "(blue,small)", "(blue,large)",
    "-- cross with a custom function", "small red item", "large red item", "small blue item", "large blue item",
  ]);
});

test("examples/union.ts prints a..f and a..h", async () => {
  assert.deepEqual(await run("union"), [
    "-- dataset1.union(dataset2)", "a", "b", "c", "d", "e", "f",
    "-- dataset1.union(dataset2).union(dataset3)", "a", "b", "c", "d", "e", "f", "g", "h",
  ]);
});

test("examples/project-join.ts prints flat projected tuples", async () => {
  assert.deepEqual(await run("project-join"), [
    "-- projectFirst(1).projectSecond(1): (name, item)", "(Alice,Order1)", "(Alice,Order2)", "(Bob,Order3)",
    "-- projectSecond(2, 1).projectFirst(2, 1): fields in any order", "(30,Order1,Oslo,Alice)", "(12,Order2,Oslo,Alice)", "(7,Order3,Rome,Bob)",
    "-- projectFirst().projectSecond(1): the whole user record", "((1,Alice,Oslo),Order1)", "((1,Alice,Oslo),Order2)", "((2,Bob,Rome),Order3)",
  ]);
});
