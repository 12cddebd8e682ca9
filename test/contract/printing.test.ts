/** API.md "Printing": print() never prefixed, Flink's record text, printOnTaskManager prefixes. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment } from "../../src/index.js";
import { testAtParallelism } from "../helpers.js";
import { captureStderr, captureStdout } from "./tmp.js";

const lines = (s: string): string[] => s.split("\n").filter((l) => l !== "");

testAtParallelism("print() writes one unprefixed line per record: tuples as (a,b), nested tuples, null", async (env) => {
  const out = await captureStdout(() => env.fromElements<[number, string]>([1, "Alice"], [2, "Bob"]).print());
  assert.deepEqual(lines(out).sort(), ["(1,Alice)", "(2,Bob)"]);
  const users = env.fromElements<[number, string]>([1, "Alice"]);
  const orders = env.fromElements<[number, string]>([1, "Order1"]);
  const joined = await captureStdout(() => users.join(orders).where(0).equalTo(0).print());
  assert.equal(joined, "((1,Alice),(1,Order1))\n");
  const outer = await captureStdout(() => users.leftOuterJoin(env.fromElements<[number, string]>([9, "x"])).where(0).equalTo(0).print());
  assert.equal(outer, "((1,Alice),null)\n");
  const withNull = await captureStdout(() => env.fromElements<[number, string | null]>([1, null]).print());
  assert.equal(withNull, "(1,null)\n");
});

testAtParallelism("print(): strings and numbers as themselves; objects with their own toString use it; other objects as JSON", async (env) => {
  assert.deepEqual(lines(await captureStdout(() => env.fromElements("plain text", "x y").print())), ["plain text", "x y"]);
  assert.deepEqual(lines(await captureStdout(() => env.fromElements(1, 2.5, -3).print())), ["1", "2.5", "-3"]);
  class Money { constructor(readonly cents: number) {} toString(): string { return `$${(this.cents / 100).toFixed(2)}`; } }
  assert.equal(await captureStdout(() => env.fromElements(new Money(150)).print()), "$1.50\n");
  assert.equal(await captureStdout(() => env.fromElements({ id: 1, tags: ["a"] }).print()), '{"id":1,"tags":["a"]}\n');
  assert.equal(await captureStdout(() => env.fromElements<[number, Money]>([1, new Money(5)]).print()), "(1,$0.05)\n");
});

test("print() is never prefixed, even above parallelism 1", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const out = await captureStdout(() => env.generateSequence(1, 20).map((x) => x * 2).print());
  const ls = lines(out);
  assert.equal(ls.length, 20);
  assert.ok(ls.every((l) => /^\d+$/.test(l)), ls.join(" "));
});

test("printToErr() writes the same text to stderr and nothing to stdout", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  let err = "";
  const out = await captureStdout(async () => { err = await captureStderr(() => env.fromElements<[string, number]>(["a", 1]).printToErr()); });
  assert.equal(out, "");
  assert.equal(err, "(a,1)\n");
});

test("printOnTaskManager(prefix): 'prefix> record' at parallelism 1", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  env.fromElements<[number, string]>([1, "a"], [2, "b"]).printOnTaskManager("tm");
  const out = await captureStdout(async () => { await env.execute(); });
  assert.deepEqual(lines(out), ["tm> (1,a)", "tm> (2,b)"]);
});

test("printOnTaskManager(prefix): 'prefix:k> record' above parallelism 1, k the 1-based subtask", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(3);
  env.generateSequence(1, 30).printOnTaskManager("p");
  const out = await captureStdout(async () => { await env.execute(); });
  const ls = lines(out);
  assert.equal(ls.length, 30);
  const seen = new Set<string>();
  for (const l of ls) {
    const m = /^p:([1-3])> (\d+)$/.exec(l);
    assert.ok(m, l);
    seen.add(m[1]!);
  }
  assert.deepEqual([...seen].sort(), ["1", "2", "3"]);
  const env2 = ExecutionEnvironment.createLocalEnvironment(3);
  env2.generateSequence(1, 5).printOnTaskManager("one").setParallelism(1);
  assert.ok(lines(await captureStdout(async () => { await env2.execute(); })).every((l) => l.startsWith("one> ")));
});

test("print(): a Date has its own toString, so it prints with it (API.md: objects with their own toString use it)",
  async () => {
    const env = ExecutionEnvironment.createLocalEnvironment(1);
    const d = new Date(Date.UTC(2024, 0, 2, 3, 4, 5));
    assert.equal(await captureStdout(() => env.fromElements(d).print()), `${d.toString()}\n`);
  });
