import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, InvalidProgramException, JobExecutionException, Order } from "../../src/index.js";
import { testAtParallelism } from "../helpers.js";

const env = ExecutionEnvironment.createLocalEnvironment(2);
const tuples = env.fromElements([1, "a"], [2, "b"]);

test("invalid keys fail at definition, naming the operator and the key", () => {
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.groupBy(5), (e: unknown) => e instanceof InvalidProgramException && /GroupBy/.test(e.message) && /position 5/.test(e.message));
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.groupBy("f7"), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.distinct(2), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.sortPartition(3, Order.ASCENDING), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.partitionByHash(-1), InvalidProgramException);
  const objs = env.fromElements({ id: 1 });
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => objs.groupBy(0), (e: unknown) => e instanceof InvalidProgramException && /needs a tuple/.test(e.message));
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => objs.groupBy("name"), (e: unknown) => e instanceof InvalidProgramException && /name/.test(e.message) && /\bid\b/.test(e.message));
  assert.throws(() => tuples.groupBy(), InvalidProgramException);
});

test("invalid projections and aggregations fail at definition", () => {
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.project(0, 4), (e: unknown) => e instanceof InvalidProgramException && /4/.test(e.message));
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.sum(1), (e: unknown) => e instanceof InvalidProgramException && /SUM/.test(e.message));
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.groupBy(0).max(9), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.minBy(3), InvalidProgramException);
  assert.throws(() => tuples.first(0), InvalidProgramException);
});

test(".returns(shape) enables checks after a user function", () => {
  const mapped = tuples.map((t) => [t[0], t[1], 1]).returns(["number", "string", "number"]);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => mapped.groupBy(3), InvalidProgramException);
  assert.doesNotThrow(() => mapped.groupBy(2));
});

test("a function that is neither a function nor has the method fails at definition", () => {
  assert.throws(() => tuples.map({ notMap() {} } as never), (e: unknown) => e instanceof InvalidProgramException && /'map'/.test(e.message));
});

testAtParallelism("a throwing user function fails the job naming operator and subtask, cause kept", async (e2) => {
  const boom = new RangeError("boom");
  await assert.rejects(
    e2.generateSequence(1, 10).map((x) => { if (x === 7) throw boom; return x; }).name("explode").collect(),
    (e: unknown) => e instanceof JobExecutionException && /explode/.test(e.message) && /subtask \d+\/\d+/.test(e.message) && e.cause === boom,
  );
});

testAtParallelism("a key unknown until run time is checked on the first record", async (e2) => {
  await assert.rejects(
    // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
    e2.fromElements(1, 2).map((x) => ({ v: x })).groupBy(0).reduce((a) => a).collect(),
    (e: unknown) => e instanceof JobExecutionException && e.cause instanceof InvalidProgramException && /position 0/.test((e.cause as Error).message),
  );
});

testAtParallelism("a null key fails the job", async (e2) => {
  await assert.rejects(
    e2.fromElements([1, "a"], [null, "b"]).groupBy(0).reduce((a) => a).name("nullkeys").collect(),
    (e: unknown) => e instanceof JobExecutionException && /nullkeys|Reduce/.test(e.message) && /null key/.test(String((e.cause as Error).message)),
  );
});

test("execute() and getExecutionPlan() need a sink", async () => {
  const e3 = ExecutionEnvironment.createLocalEnvironment(1);
  e3.fromElements(1);
  await assert.rejects(e3.execute(), InvalidProgramException);
  assert.throws(() => e3.getExecutionPlan(), InvalidProgramException);
});
