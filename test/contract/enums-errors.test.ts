/** API.md "Enums and errors": enum members, InvalidProgramException at definition, JobExecutionException naming operator and subtask. */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  Aggregations, ExecutionEnvironment, InvalidProgramException, JobExecutionException, JoinHint, JoinType, Order, RichMapFunction, WriteMode,
} from "../../src/index.js";
import { testAtParallelism } from "../helpers.js";

test("enums: Order, Aggregations, WriteMode, JoinHint, JoinType have the API.md members", () => {
  // Exactly these members, each valued by its own name (the text plans and messages show).
  const members: [Record<string, string>, string[]][] = [
    [Order, ["ASCENDING", "DESCENDING"]],
    [Aggregations, ["SUM", "MIN", "MAX"]],
    [WriteMode, ["NO_OVERWRITE", "OVERWRITE"]],
    [JoinType, ["INNER", "LEFT_OUTER", "RIGHT_OUTER", "FULL_OUTER"]],
    [
      JoinHint,
      ["OPTIMIZER_CHOOSES", "BROADCAST_HASH_FIRST", "BROADCAST_HASH_SECOND", "REPARTITION_HASH_FIRST", "REPARTITION_HASH_SECOND", "REPARTITION_SORT_MERGE"],
    ],
  ];
  for (const [e, names] of members) assert.deepEqual(Object.entries(e), names.map((n) => [n, n]));
});

test("InvalidProgramException and JobExecutionException are Error subclasses", () => {
  const ipe = new InvalidProgramException("bad program");
  assert.ok(ipe instanceof Error);
  assert.equal(ipe.message, "bad program");
  const cause = { any: "value" };
  const jee = new JobExecutionException("failed", { cause });
  assert.ok(jee instanceof Error);
  assert.equal(jee.cause, cause);
});

testAtParallelism("a failed run rejects with JobExecutionException naming the operator and its subtask; cause is the thrown value", async (env, p) => {
  const failing = 1 % p; // subtask index that throws
  class Boom extends RichMapFunction<number, number> {
    map(v: number): number {
      if (this.getRuntimeContext().getIndexOfThisSubtask() === failing) throw new RangeError(`bad ${v}`);
      return v;
    }
  }
  await assert.rejects(env.generateSequence(1, 40).map(new Boom()).name("exploding-map").collect(), (e: unknown) => {
    assert.ok(e instanceof JobExecutionException, String(e));
    assert.match(e.message, /exploding-map/);
    assert.match(e.message, new RegExp(`subtask ${failing + 1}/${p}|\\(${failing + 1}/${p}\\)`));
    assert.ok(e.cause instanceof RangeError);
    return true;
  });
});

testAtParallelism("the cause is the very value thrown, even when it is not an Error", async (env) => {
  const thrown = { code: 42 };
  await assert.rejects(env.fromElements(1).map(() => { throw thrown; }).name("throws-object").collect(),
    (e: unknown) => e instanceof JobExecutionException && e.cause === thrown && /throws-object/.test(e.message));
  await assert.rejects(env.fromElements(1).filter(() => { throw "plain string"; }).collect(),
    (e: unknown) => e instanceof JobExecutionException && e.cause === "plain string");
  const err = new Error("in reduce");
  await assert.rejects(env.fromElements<[string, number]>(["a", 1], ["a", 2]).groupBy(0).reduce(() => { throw err; }).name("bad-reduce").collect(),
    (e: unknown) => e instanceof JobExecutionException && e.cause === err && /bad-reduce/.test(e.message));
  await assert.rejects(env.fromElements(1).join(env.fromElements(1)).where((x) => x).equalTo((x) => x).with(() => { throw err; }).name("bad-join").collect(),
    (e: unknown) => e instanceof JobExecutionException && e.cause === err && /bad-join/.test(e.message));
});

testAtParallelism("a null key fails the job with JobExecutionException naming the operator", async (env) => {
  await assert.rejects(env.fromElements<[string | null, number]>(["a", 1], [null, 2]).groupBy(0).sum(1).name("null-agg").collect(),
    (e: unknown) => e instanceof JobExecutionException && /null-agg/.test(e.message));
  await assert.rejects(env.fromElements(1, 2).join(env.fromElements(1)).where((x) => (x === 2 ? null : x)).equalTo((x) => x).name("null-join").collect(),
    (e: unknown) => e instanceof JobExecutionException && /null-join/.test(e.message));
});

test("definition errors are InvalidProgramException, thrown synchronously", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const ds = env.fromElements<[number, string]>([1, "a"]);
  assert.throws(() => ds.groupBy(), InvalidProgramException);
  assert.throws(() => ds.first(0), InvalidProgramException);
  assert.throws(() => ds.sortPartition(0, "sideways" as unknown as Order), InvalidProgramException);
  assert.throws(() => ds.leftOuterJoin(ds, JoinHint.BROADCAST_HASH_FIRST).where(0).equalTo(0), InvalidProgramException);
  assert.throws(() => ds.groupBy((t) => t[0], 1 as never), InvalidProgramException, "a selector must be the only key");
});

test("getExecutionPlan() with no sink throws and a plan with sinks runs nothing", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  let ran = false;
  env.fromElements(1).map((x) => { ran = true; return x; });
  assert.throws(() => env.getExecutionPlan());
  env.fromElements(1).map((x) => { ran = true; return x; }).output({ open() {}, writeRecord() {}, close() {} });
  assert.doesNotThrow(() => JSON.parse(env.getExecutionPlan()));
  assert.equal(ran, false);
});
