import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, InvalidProgramException, Order, RichCoGroupFunction, type Collector } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";
import { ORDERS, USERS } from "./fixtures.js";

type Call = { key: unknown; first: unknown[]; second: unknown[] };

testAtParallelism("coGroup calls the function exactly once per key of either side", async (env) => {
  const a = env.generateSequence(0, 29).map((i): [number, number] => [i % 10, i]);
  const b = env.fromCollection(Array.from({ length: 12 }, (_, i): [number, string] => [6 + (i % 6), `b${i}`]));
  const calls = await a.coGroup(b).where(0).equalTo(0).with((first, second, out: Collector<Call>) => {
    const f = [...first];
    const s = [...second];
    out.collect({ key: (f[0] ?? s[0])![0], first: f.map((r) => r[1]).sort((x, y) => x - y), second: s.map((r) => r[1]).sort() });
  }).collect();
  const keys = calls.map((c) => c.key as number).sort((x, y) => x - y);
  assert.deepEqual(keys, Array.from({ length: 12 }, (_, i) => i), "one call per key 0..11");
  for (const c of calls) {
    const k = c.key as number;
    assert.deepEqual(c.first, k < 10 ? [k, k + 10, k + 20] : [], `first group of ${k}`);
    assert.equal(c.second.length, k >= 6 ? 2 : 0, `second group of ${k}`);
  }
});

testAtParallelism("the seed's order counts: users without orders see an empty iterable", async (env) => {
  const out = await env.fromCollection(USERS).coGroup(env.fromCollection(ORDERS)).where(0).equalTo(0)
    .with((users, orders, out: Collector<string>) => {
      const it = users[Symbol.iterator]().next();
      if (!it.done) out.collect(`${it.value[1]} has ${[...orders].length} orders`);
    }).collect();
  assertSameRecords(out, ["Alice has 2 orders", "Bob has 1 orders", "Carol has 0 orders"]);
});

testAtParallelism("sortFirstGroup and sortSecondGroup order each group", async (env) => {
  const a = env.fromElements<[number, number]>([1, 3], [1, 1], [2, 9], [1, 2], [2, 7]);
  const b = env.fromElements<[number, string]>([1, "b"], [1, "c"], [1, "a"], [3, "z"]);
  const out = await a.coGroup(b).where(0).equalTo(0).sortFirstGroup(1, Order.ASCENDING).sortSecondGroup(1, Order.DESCENDING)
    .with((f, s, o: Collector<string>) => o.collect(`${[...f].map((r) => r[1]).join("")}|${[...s].map((r) => r[1]).join("")}`)).collect();
  assertSameRecords(out, ["123|cba", "79|", "|z"]);
});

testAtParallelism("coGroup with an object function, a Rich function, composite and selector keys", async (env) => {
  const a = env.fromElements({ k: "x", n: 1, v: 1 }, { k: "x", n: 1, v: 2 }, { k: "y", n: 2, v: 3 });
  const b = env.fromElements<[string, number]>(["x", 1], ["z", 5]);
  const count = (f: Iterable<unknown>, s: Iterable<unknown>, out: Collector<string>) => out.collect(`${[...f].length}/${[...s].length}`);
  assertSameRecords(await a.coGroup(b).where("k", "n").equalTo(0, 1).with({ coGroup: count }).collect(), ["2/1", "1/0", "0/1"]);
  class Count extends RichCoGroupFunction<{ k: string }, [string, number], string> {
    coGroup(f: Iterable<{ k: string }>, s: Iterable<[string, number]>, out: Collector<string>): void {
      count(f, s, out);
    }
  }
  assertSameRecords(await a.coGroup(b).where((r) => r.k).equalTo((r) => r[0]).with(new Count()).collect(), ["2/1", "1/0", "0/1"]);
});

testAtParallelism("coGroup of empty inputs calls nothing, or only for the other side's keys", async (env) => {
  const a = env.fromElements<[number, number]>([1, 1], [1, 2]);
  const none = a.filter(() => false);
  const sizes = (f: Iterable<unknown>, s: Iterable<unknown>, out: Collector<string>) => out.collect(`${[...f].length}/${[...s].length}`);
  assert.deepEqual(await none.coGroup(none).where(0).equalTo(0).with(sizes).collect(), []);
  assert.deepEqual(await a.coGroup(none).where(0).equalTo(0).with(sizes).collect(), ["2/0"]);
  assert.deepEqual(await none.coGroup(a).where(0).equalTo(0).with(sizes).collect(), ["0/2"]);
});

test("coGroup keys and group orders are checked at definition", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const a = env.fromElements<[number, number]>([1, 1]);
  const b = env.fromElements<[string, number]>(["x", 1]);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => a.coGroup(b).where(0).equalTo(0), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => a.coGroup(b).where(0).equalTo(1).sortFirstGroup(5, Order.ASCENDING), InvalidProgramException);
  assert.throws(() => a.coGroup(b).where(0).equalTo(1).with(42 as never), InvalidProgramException);
});
