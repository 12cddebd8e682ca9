import { test } from "node:test";
import assert from "node:assert/strict";
import {
  ExecutionEnvironment, InvalidProgramException, JobExecutionException, JoinHint, RichFlatJoinFunction, RichJoinFunction,
  type Collector, type DataSet,
} from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";
import { ALL_HINTS, ORDERS, referenceJoin, SMALL3, TUPLE5, USERS, type T3, type T5 } from "./fixtures.js";

testAtParallelism("join on tuple positions with a JoinFunction (Flink's JoinITCase)", async (env) => {
  const out = await env.fromCollection(SMALL3).join(env.fromCollection(TUPLE5)).where(1).equalTo(1)
    .with((f: T3, s: T5) => [f[2], s[3]]).collect();
  assertSameRecords(out, [["Hi", "Hallo"], ["Hello", "Hallo Welt"], ["Hello world", "Hallo Welt"]]);
});

testAtParallelism("the default join result is [first, second] pairs", async (env) => {
  const out = await env.fromCollection(USERS).join(env.fromCollection(ORDERS)).where(0).equalTo(0).collect();
  assertSameRecords(out, [[[1, "Alice"], [1, "Order1"]], [[1, "Alice"], [1, "Order2"]], [[2, "Bob"], [2, "Order3"]]]);
});

/** Inputs with duplicate keys on both sides and keys present on one side only; one side parallel. */
function skewed(env: ExecutionEnvironment): [DataSet<[number, number]>, DataSet<[number, string]>] {
  const a = env.generateSequence(0, 59).map((i): [number, number] => [i % 12, i]);
  const b = env.fromCollection(Array.from({ length: 30 }, (_, i): [number, string] => [6 + (i % 10), `b${i}`]));
  return [a, b];
}

testAtParallelism("every join hint gives the reference result (duplicate keys, one-sided keys)", async (env) => {
  const [a, b] = skewed(env);
  const aRows = Array.from({ length: 60 }, (_, i): [number, number] => [i % 12, i]);
  const bRows = Array.from({ length: 30 }, (_, i): [number, string] => [6 + (i % 10), `b${i}`]);
  const expected = referenceJoin(aRows, bRows, (x) => x[0], (y) => y[0]);
  assert.equal(expected.length, 6 * 5 * 3); // keys 6..11 on both sides, 5 and 3 times
  for (const hint of ALL_HINTS) assertSameRecords(await a.join(b, hint).where(0).equalTo(0).collect(), expected, hint);
  assertSameRecords(await a.joinWithTiny(b).where(0).equalTo(0).collect(), expected, "joinWithTiny");
  assertSameRecords(await a.joinWithHuge(b).where(0).equalTo(0).collect(), expected, "joinWithHuge");
});

testAtParallelism("every join hint handles empty inputs", async (env) => {
  const [a, b] = skewed(env);
  const none = a.filter(() => false);
  for (const hint of ALL_HINTS) {
    assert.deepEqual(await none.join(b, hint).where(0).equalTo(0).collect(), [], hint);
    assert.deepEqual(await a.join(none, hint).where(0).equalTo(0).collect(), [], hint);
    assert.deepEqual(await none.join(none, hint).where(0).equalTo(0).collect(), [], hint);
  }
});

testAtParallelism("JoinFunction in all three forms", async (env) => {
  const users = env.fromCollection(USERS);
  const orders = env.fromCollection(ORDERS);
  const expected = ["Alice has Order1", "Alice has Order2", "Bob has Order3"];
  const plain = users.join(orders).where(0).equalTo(0).with((u, o) => `${u[1]} has ${o[1]}`);
  const object = users.join(orders).where(0).equalTo(0).with({ join: (u: [number, string], o: [number, string]) => `${u[1]} has ${o[1]}` });
  class Describe extends RichJoinFunction<[number, string], [number, string], string> {
    join(u: [number, string], o: [number, string]): string {
      return `${u[1]} has ${o[1]}`;
    }
  }
  const rich = users.join(orders).where(0).equalTo(0).with(new Describe());
  for (const ds of [plain, object, rich]) assertSameRecords(await ds.collect(), expected);
});

testAtParallelism("FlatJoinFunction (three parameters) in all three forms", async (env) => {
  const users = env.fromCollection(USERS);
  const orders = env.fromCollection(ORDERS);
  const expected = ["Alice", "Order1", "Alice", "Order2", "Bob", "Order3"];
  const plain = users
    .join(orders)
    .where(0)
    .equalTo(0)
    .with((u: [number, string], o: [number, string], out: Collector<string>) => {
      out.collect(u[1]);
      out.collect(o[1]);
    });
  const object = users.join(orders).where(0).equalTo(0).with({
    join(u: [number, string], o: [number, string], out: Collector<string>) { out.collect(u[1]); out.collect(o[1]); },
  });
  class Both extends RichFlatJoinFunction<[number, string], [number, string], string> {
    join(u: [number, string], o: [number, string], out: Collector<string>): void {
      out.collect(u[1]);
      out.collect(o[1]);
    }
  }
  const rich = users.join(orders).where(0).equalTo(0).with(new Both());
  for (const ds of [plain, object, rich]) assertSameRecords(await ds.collect(), expected);
  const none = await users.join(orders).where(0).equalTo(0).with((_u: unknown, _o: unknown, _out: Collector<string>) => {}).collect();
  assert.deepEqual(none, []);
});

testAtParallelism("a Rich join function is opened once per subtask and sees its runtime context", async (env, p) => {
  class Tag extends RichJoinFunction<[number, number], [number, string], string> {
    private subtask = -1;
    override open(): void {
      this.subtask = this.getRuntimeContext().getIndexOfThisSubtask();
      this.getRuntimeContext().getIntCounter("opened").add(1);
    }
    join(a: [number, number], b: [number, string]): string {
      assert.ok(this.subtask >= 0 && this.subtask < p);
      return `${a[1]}-${b[1]}`;
    }
  }
  const [a, b] = skewed(env);
  const out = await a.join(b).where(0).equalTo(0).with(new Tag()).name("tagging join").collect();
  assert.equal(out.length, 90);
  assert.equal(env.getLastJobExecutionResult()!.getAccumulatorResult("opened"), p);
});

testAtParallelism("composite keys by positions and by expressions", async (env) => {
  const left = env.fromElements<[number, string, number]>([1, "a", 10], [1, "b", 11], [2, "a", 12], [1, "a", 13]);
  const right = env.fromElements<[string, number, string]>(["a", 1, "x"], ["b", 1, "y"], ["a", 2, "z"], ["b", 2, "w"]);
  const expected = [[10, "x"], [13, "x"], [11, "y"], [12, "z"]];
  for (const hint of ALL_HINTS) {
    assertSameRecords(await left.join(right, hint).where(0, 1).equalTo(1, 0).with((l, r) => [l[2], r[2]]).collect(), expected, hint);
    assertSameRecords(await left.join(right, hint).where("f0", "f1").equalTo("f1", "f0").with((l, r) => [l[2], r[2]]).collect(), expected, hint);
  }
});

testAtParallelism("POJO field expressions, nested fields and key selectors", async (env) => {
  const people = env.fromElements({ id: 1, name: "Alice", address: { city: "Oslo" } }, { id: 2, name: "Bob", address: { city: "Rome" } });
  const cities = env.fromElements({ city: "Oslo", country: "NO" }, { city: "Rome", country: "IT" }, { city: "Oslo", country: "NO2" });
  const byExpr = await people.join(cities).where("address.city").equalTo("city").with((p, c) => `${p.name}:${c.country}`).collect();
  assertSameRecords(byExpr, ["Alice:NO", "Alice:NO2", "Bob:IT"]);
  const orders = env.fromCollection(ORDERS);
  const bySelector = await people.join(orders).where((p) => p.id).equalTo((o) => o[0]).with((p, o) => `${p.name}/${o[1]}`).collect();
  assertSameRecords(bySelector, ["Alice/Order1", "Alice/Order2", "Bob/Order3"]);
  const mixed = await people.join(orders, JoinHint.REPARTITION_SORT_MERGE).where("id").equalTo((o) => o[0]).with((p, o) => `${p.name}/${o[1]}`).collect();
  assertSameRecords(mixed, ["Alice/Order1", "Alice/Order2", "Bob/Order3"]);
});

testAtParallelism("a composite field key matches a selector returning the same tuple", async (env) => {
  const left = env.fromElements<[number, string, number]>([1, "a", 10], [2, "b", 11]);
  const right = env.fromElements({ n: 1, s: "a", v: "x" }, { n: 2, s: "a", v: "y" });
  for (const hint of ALL_HINTS) {
    const out = await left.join(right, hint).where(0, 1).equalTo((r) => [r.n, r.s]).with((l, r) => [l[2], r.v]).collect();
    assertSameRecords(out, [[10, "x"]], hint);
  }
});

test("incompatible keys fail at definition with InvalidProgramException", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const users = env.fromCollection(USERS);
  const orders = env.fromCollection(ORDERS);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => users.join(orders).where(0).equalTo(1), (e: unknown) => e instanceof InvalidProgramException && /number.*string/.test(e.message));
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => users.join(orders).where(0, 1).equalTo(0), (e: unknown) => e instanceof InvalidProgramException && /2 field\(s\).*has 1/.test(e.message));
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => users.join(orders).where(2), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => users.join(orders).where(0).equalTo("name"), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => users.leftOuterJoin(orders).where(0).equalTo(1), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => users.coGroup(orders).where(1).equalTo(0), InvalidProgramException);
  const pojos = env.fromElements({ id: "x" });
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => users.join(pojos).where(0).equalTo("id"), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.doesNotThrow(() => users.join(pojos).where(0).equalTo((p) => p.id));
});

testAtParallelism("a null key fails the job with the InvalidProgramException as cause", async (env) => {
  const left = env.fromElements<[number | null, string]>([1, "a"], [null, "b"]);
  const right = env.fromElements<[number, string]>([1, "x"]);
  for (const hint of [JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_SORT_MERGE, JoinHint.BROADCAST_HASH_SECOND]) {
    await assert.rejects(
      left.join(right, hint).where(0).equalTo(0).collect(),
      (e: unknown) => e instanceof JobExecutionException && e.cause instanceof InvalidProgramException && /null/.test(e.cause.message),
    );
  }
});

testAtParallelism("an error in the join function names the operator and keeps the cause", async (env) => {
  const boom = new Error("boom");
  const job = env.fromCollection(USERS).join(env.fromCollection(ORDERS)).where(0).equalTo(0).with(() => { throw boom; }).name("exploding join").collect();
  await assert.rejects(job, (e: unknown) => e instanceof JobExecutionException && /exploding join/.test(e.message) && e.cause === boom);
});

test("joins of DataSets from different environments are rejected", () => {
  const a = ExecutionEnvironment.createLocalEnvironment(1).fromElements(1);
  const b = ExecutionEnvironment.createLocalEnvironment(1).fromElements(1);
  assert.throws(() => a.join(b), InvalidProgramException);
  assert.throws(() => a.coGroup(b), InvalidProgramException);
  assert.throws(() => a.cross(b), InvalidProgramException);
});

testAtParallelism("joins of unions with differing parallelism, self-joins and an explicit join parallelism", async (env) => {
  const small = env.fromElements<[number, string]>([1, "one"], [2, "two"]);
  const seq = env.generateSequence(1, 6).map((i): [number, string] => [i, `s${i}`]);
  const both = small.union(seq);
  for (const hint of ALL_HINTS) {
    const out = await both.join(small, hint).where(0).equalTo(0).with((a, b) => `${a[1]}=${b[1]}`).setParallelism(3).collect();
    assertSameRecords(out, ["one=one", "two=two", "s1=one", "s2=two"], hint);
    const self = await seq.join(seq, hint).where(0).equalTo(0).with((a, b) => a[1] + b[1]).collect();
    assertSameRecords(self, ["s1s1", "s2s2", "s3s3", "s4s4", "s5s5", "s6s6"], hint);
  }
});

testAtParallelism("a join function reads a broadcast set", async (env) => {
  class Tagged extends RichJoinFunction<[number, string], [number, string], string> {
    join(u: [number, string], o: [number, string]): string {
      const [tag] = this.getRuntimeContext().getBroadcastVariable<string>("tag");
      return `${tag}:${u[1]}/${o[1]}`;
    }
  }
  const out = await env.fromCollection(USERS).join(env.fromCollection(ORDERS)).where(0).equalTo(0)
    .with(new Tagged()).withBroadcastSet(env.fromElements("T"), "tag").collect();
  assertSameRecords(out, ["T:Alice/Order1", "T:Alice/Order2", "T:Bob/Order3"]);
});
