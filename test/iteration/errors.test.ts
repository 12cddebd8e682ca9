import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, InvalidProgramException, JobExecutionException } from "../../src/index.js";

type KV = [number, number];
const env = (): ExecutionEnvironment => ExecutionEnvironment.createLocalEnvironment(2);
const throwsInvalid = (fn: () => unknown, message: RegExp): void => {
  assert.throws(fn, (e: Error) => e instanceof InvalidProgramException && message.test(e.message));
};

test("closing a bulk iteration with a DataSet that does not depend on it fails at definition", () => {
  const e = env();
  const it = e.fromElements(1).iterate(3);
  const other = e.fromElements(2).map((x) => x);
  throwsInvalid(() => it.closeWith(other), /next partial solution .* does not depend on the iteration/);
});

test("a termination criterion that does not depend on the iteration fails at definition", () => {
  const e = env();
  const it = e.fromElements(1).iterate(3);
  throwsInvalid(() => it.closeWith(it.map((x) => x), e.fromElements(1)), /termination criterion .* does not depend/);
});

test("closing a delta iteration with a delta or workset that does not depend on it fails", () => {
  const e = env();
  const d = e.fromElements<KV>([1, 1]).iterateDelta(e.fromElements<KV>([1, 1]), 3, 0);
  throwsInvalid(() => d.closeWith(e.fromElements<KV>([2, 2]), d.getWorkset()), /solution set delta .* does not depend/);
  throwsInvalid(() => d.closeWith(d.getWorkset(), e.fromElements<KV>([2, 2])), /next workset .* does not depend/);
});

test("an iteration cannot be closed twice", () => {
  const e = env();
  const it = e.fromElements(1).iterate(3);
  it.closeWith(it.map((x) => x));
  throwsInvalid(() => it.closeWith(it.map((x) => x)), /already closed/);
});

test("maxIterations must be a positive integer", () => {
  const e = env();
  throwsInvalid(() => e.fromElements(1).iterate(0), /maxIterations must be a positive integer/);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  throwsInvalid(() => e.fromElements(1).iterateDelta(e.fromElements(1), 1.5, 0), /maxIterations/);
});

test("the delta iteration key is checked against the solution set's shape", () => {
  const e = env();
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  throwsInvalid(() => e.fromElements<KV>([1, 1]).iterateDelta(e.fromElements(1), 3, 4), /position 4|out of range/);
  throwsInvalid(() => e.fromElements<KV>([1, 1]).iterateDelta(e.fromElements(1), 3), /give the solution set key/);
});

test("a delta whose key type does not match the solution set's fails at definition", () => {
  const e = env();
  const d = e.fromElements<KV>([1, 1]).iterateDelta(e.fromElements<KV>([1, 1]), 3, 0);
  const delta = d.getWorkset().map(([k, v]) => [String(k), v]).returns(["string", "number"]);
  throwsInvalid(() => d.closeWith(delta as never, d.getWorkset()), /key field f0 is string, but the solution set's is number.*hint/);
});

test("a delta whose key type does not match, found at run time, fails the job", async () => {
  const e = env();
  const d = e.fromElements<KV>([1, 1]).iterateDelta(e.fromElements<KV>([1, 1]), 3, 0);
  const delta = d.getWorkset().map(([k, v]) => [String(k), v] as unknown as KV);
  await assert.rejects(d.closeWith(delta, d.getWorkset().filter(() => false)).collect(), (err: Error) => {
    assert.ok(err instanceof JobExecutionException);
    assert.ok(err.cause instanceof InvalidProgramException);
    assert.match((err.cause as Error).message, /key of type string, but the solution set's keys are of type number/);
    return true;
  });
});

test("the solution set can only be joined or coGrouped with, on its key", () => {
  const e = env();
  const d = e.fromElements<KV>([1, 1]).iterateDelta(e.fromElements<KV>([1, 1]), 3, 0);
  throwsInvalid(() => d.closeWith(d.getSolutionSet().map((x) => x), d.getWorkset()), /solution set can only be joined or coGrouped/);
  const wrongKey = d.getWorkset().join(d.getSolutionSet()).where(0).equalTo(1).with((a: KV) => a);
  throwsInvalid(() => d.closeWith(wrongKey, d.getWorkset()), /key \[1\] on the solution set side.*keyed on \[0\]/);
  const fullOuter = d.getWorkset().fullOuterJoin(d.getSolutionSet()).where(0).equalTo(0).with((a: KV | null) => a!);
  throwsInvalid(() => d.closeWith(fullOuter, d.getWorkset()), /FULL_OUTER join/);
  const broadcast = d.getWorkset().map((x) => x).withBroadcastSet(d.getSolutionSet(), "ss");
  throwsInvalid(() => d.closeWith(broadcast, d.getWorkset()), /broadcast set/);
});

test("using the solution set or workset of another iteration fails at definition", () => {
  const e = env();
  const d1 = e.fromElements<KV>([1, 1]).iterateDelta(e.fromElements<KV>([1, 1]), 3, 0);
  const d2 = e.fromElements<KV>([1, 1]).iterateDelta(e.fromElements<KV>([1, 1]), 3, 0);
  const delta = d2.getWorkset().join(d1.getSolutionSet()).where(0).equalTo(0).with((a: KV) => a);
  throwsInvalid(() => d2.closeWith(delta, d2.getWorkset()), /solution set of another iteration/);
  const bulk = e.fromElements(1).iterate(2);
  throwsInvalid(() => bulk.closeWith(d1.getWorkset().map(([k]) => k)), /workset of another iteration/);
});

test("using a step-function DataSet outside its iteration fails before anything runs", async () => {
  const e = env();
  const d = e.fromElements<KV>([1, 1]).iterateDelta(e.fromElements<KV>([1, 1]), 3, 0);
  const delta = d.getWorkset().join(d.getSolutionSet()).where(0).equalTo(0).with((a: KV) => a);
  d.closeWith(delta, delta);
  await assert.rejects(
    delta.collect(),
    (err: Error) => err instanceof InvalidProgramException && /used outside the iteration's step function/.test(err.message),
  );
  const it = e.fromElements(1).iterate(2);
  await assert.rejects(it.map((x) => x + 1).collect(), /did you forget to close the iteration/);
});

test("nested iterations are rejected", () => {
  const e = env();
  const outer = e.fromElements(1).iterate(3);
  const inner = outer.map((x) => x).iterate(2);
  const innerResult = inner.closeWith(inner.map((x) => x + 1));
  throwsInvalid(() => outer.closeWith(innerResult), /nested iterations are not supported/);
});

test("aggregator registration is checked", () => {
  const e = env();
  const it = e.fromElements(1).iterate(3);
  throwsInvalid(() => it.registerAggregator("a", {} as never), /aggregate\(value\), getAggregate\(\) and reset\(\)/);
  it.registerAggregator("a", { aggregate() {}, getAggregate: () => 0, reset() {} });
  throwsInvalid(() => it.registerAggregator("a", { aggregate() {}, getAggregate: () => 0, reset() {} }), /already registered/);
  throwsInvalid(
    () => it.registerAggregationConvergenceCriterion("b", { aggregate() {}, getAggregate: () => 0, reset() {} }, 5 as never),
    /convergence criterion/,
  );
});
