import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, formatRecord } from "../../src/index.js";
import { captureStdout } from "../helpers.js";

test("records print as Flink prints them", () => {
  assert.equal(formatRecord([1, "Alice"]), "(1,Alice)");
  assert.equal(formatRecord([[1, "Alice"], [1, "Order1"]]), "((1,Alice),(1,Order1))");
  assert.equal(formatRecord(null), "null");
  assert.equal(formatRecord([null, 2]), "(null,2)");
  assert.equal(formatRecord("x"), "x");
  assert.equal(formatRecord(1.5), "1.5");
  assert.equal(formatRecord(10n), "10");
  assert.equal(formatRecord({ a: 1, b: "c" }), '{"a":1,"b":"c"}');
  class P { constructor(readonly x: number) {} toString() { return `P(${this.x})`; } }
  assert.equal(formatRecord(new P(3)), "P(3)");
});

test("print() writes one line per record to stdout, unprefixed", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const text = await captureStdout(() => env.fromElements([1, "a"], [2, "b"]).print());
  assert.deepEqual(text.trimEnd().split("\n").sort(), ["(1,a)", "(2,b)"]);
});

test("printOnTaskManager prefixes prefix:k> above parallelism 1 and prefix> at 1", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  env.generateSequence(1, 4).printOnTaskManager("out");
  const text = await captureStdout(async () => { await env.execute(); });
  assert.deepEqual(text.trimEnd().split("\n").sort(), ["out:1> 1", "out:1> 2", "out:2> 3", "out:2> 4"]);
  env.fromElements("x").printOnTaskManager("one").setParallelism(1);
  assert.equal(await captureStdout(async () => { await env.execute(); }), "one> x\n");
});
