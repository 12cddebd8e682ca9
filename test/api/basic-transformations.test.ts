import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

testAtParallelism("map doubles every element", async (env) => {
  const out = await env.fromElements(1, 2, 3).map((x) => x * 2).collect();
  assertSameRecords(out, [2, 4, 6]);
});

testAtParallelism("flatMap splits lines into words", async (env) => {
  const out = await env.fromElements("a b", "c").flatMap((l: string, o) => { for (const w of l.split(" ")) o.collect(w); }).collect();
  assertSameRecords(out, ["a", "b", "c"]);
});

testAtParallelism("filter keeps matching records", async (env) => {
  const out = await env.generateSequence(1, 10).filter((x) => x % 3 === 0).collect();
  assertSameRecords(out, [3, 6, 9]);
});

test("default parallelism is the number of cores", async () => {
  const { availableParallelism } = await import("node:os");
  assert.equal(ExecutionEnvironment.getExecutionEnvironment().getParallelism(), availableParallelism());
});
