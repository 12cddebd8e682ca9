/** API.md "Records, tuples, keys": positions, "fN", POJO expressions, "x.*", "*", selectors, composite keys, errors. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Aggregations, ExecutionEnvironment, InvalidProgramException, JobExecutionException, Order } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";
import { tempFile } from "./tmp.js";

type Sale = [string, number];
const SALES: Sale[] = [["a", 1], ["b", 2], ["a", 3], ["c", 4], ["b", 5]];
const SUMS: Sale[] = [["a", 4], ["b", 7], ["c", 4]];
const sumSecond = (x: Sale, y: Sale): Sale => [x[0], x[1] + y[1]];

testAtParallelism("tuples are arrays; a position and the expression 'fN' address the same field", async (env) => {
  const sales = env.fromElements(...SALES);
  assertSameRecords(await sales.groupBy(0).reduce(sumSecond).collect(), SUMS);
  assertSameRecords(await sales.groupBy("f0").reduce(sumSecond).collect(), SUMS);
  assertSameRecords(await sales.groupBy("f0").sum("f1").collect(), SUMS);
});

testAtParallelism("POJO field expressions, dotted for nesting", async (env) => {
  const rows = [
    { user: { id: 1, name: "x" }, amount: 10 },
    { user: { id: 2, name: "y" }, amount: 5 },
    { user: { id: 1, name: "x" }, amount: 7 },
  ];
  const byUser = await env.fromCollection(rows).groupBy("user.id").sum("amount").collect();
  assertSameRecords(byUser.map((r) => [r.user.id, r.amount]), [[1, 17], [2, 5]]);
  const byName = await env.fromCollection(rows).groupBy("user.name").reduceGroup<[string, number]>((vs, out) => {
    let n = 0;
    let name = "";
    for (const v of vs) { n++; name = v.user.name; }
    out.collect([name, n]);
  }).collect();
  assertSameRecords(byName, [["x", 2], ["y", 1]]);
});

testAtParallelism("'*' is the whole record as key", async (env) => {
  assertSameRecords(await env.fromElements(3, 1, 3, 2, 1, 3).distinct("*").collect(), [1, 2, 3]);
  const counts = await env.fromElements("x", "y", "x").groupBy("*").reduceGroup<[string, number]>((vs, out) => {
    const all = [...vs];
    out.collect([all[0]!, all.length]);
  }).collect();
  assertSameRecords(counts, [["x", 2], ["y", 1]]);
});

testAtParallelism("'x.*' keys on every field of a nested object", async (env) => {
  const rows = [
    { k: { a: 1, b: "p" }, v: 1 },
    { k: { a: 1, b: "q" }, v: 2 },
    { k: { a: 1, b: "p" }, v: 3 },
  ];
  const out = await env.fromCollection(rows).groupBy("k.*").sum("v").collect();
  assertSameRecords(out.map((r) => [r.k.a, r.k.b, r.v]), [[1, "p", 4], [1, "q", 2]]);
});

test("'*' on an object flattens its fields in alphabetical order of their names", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  // Field order of declaration is (z, a); alphabetical is (a, z): sorting must use a first.
  const rows = [{ z: 1, a: 2 }, { z: 2, a: 1 }, { z: 0, a: 2 }];
  const sorted = await env.fromCollection(rows).sortPartition("*", Order.ASCENDING).collect();
  assert.deepEqual(sorted, [{ z: 2, a: 1 }, { z: 0, a: 2 }, { z: 1, a: 2 }]);
  const nested = [{ n: { y: 1, b: 2 } }, { n: { y: 2, b: 1 } }];
  const byNested = await env.fromCollection(nested).sortPartition("n.*", Order.DESCENDING).collect();
  assert.deepEqual(byNested, [{ n: { y: 1, b: 2 } }, { n: { y: 2, b: 1 } }], "b compares before y");
});

testAtParallelism("a KeySelector is a function or { getKey }; it may return an array (composite key)", async (env) => {
  const sales = env.fromElements(...SALES);
  assertSameRecords(await sales.groupBy((s) => s[0]).reduce(sumSecond).collect(), SUMS);
  assertSameRecords(await sales.groupBy({ getKey: (s: Sale) => s[0] }).reduce(sumSecond).collect(), SUMS);
  const rows: [string, number, number][] = [["a", 1, 10], ["a", 1, 20], ["a", 2, 5], ["b", 1, 1]];
  const composite = await env.fromCollection(rows).groupBy((r) => [r[0], r[1]]).sum(2).collect();
  assertSameRecords(composite, [["a", 1, 30], ["a", 2, 5], ["b", 1, 1]]);
});

testAtParallelism("several positions/expressions form a composite key", async (env) => {
  const rows: [string, number, number][] = [["a", 1, 10], ["a", 1, 20], ["a", 2, 5], ["b", 1, 1]];
  assertSameRecords(await env.fromCollection(rows).groupBy(0, 1).sum(2).collect(), [["a", 1, 30], ["a", 2, 5], ["b", 1, 1]]);
  assertSameRecords(await env.fromCollection(rows).groupBy("f0", "f1").sum(2).collect(), [["a", 1, 30], ["a", 2, 5], ["b", 1, 1]]);
  assertSameRecords(await env.fromCollection(rows).distinct(0, 1).map((r) => [r[0], r[1]]).collect(), [["a", 1], ["a", 2], ["b", 1]]);
});

testAtParallelism("keys compare by value: Dates, bigints, booleans and fresh arrays from selectors", async (env) => {
  const d = (s: string): Date => new Date(s);
  const rows: [Date, bigint, boolean, number][] = [
    [d("2024-01-01"), 1n, true, 1], [d("2024-01-01"), 1n, true, 2], [d("2024-01-02"), 1n, true, 4],
    [d("2024-01-01"), 2n, true, 8], [d("2024-01-01"), 1n, false, 16],
  ];
  const byDate = await env.fromCollection(rows).groupBy(0).sum(3).map((r) => [r[0].toISOString().slice(0, 10), r[3]]).collect();
  assertSameRecords(byDate, [["2024-01-01", 27], ["2024-01-02", 4]]);
  assertSameRecords(await env.fromCollection(rows).groupBy(1).sum(3).map((r) => [String(r[1]), r[3]]).collect(), [["1", 23], ["2", 8]]);
  assertSameRecords(await env.fromCollection(rows).groupBy(2).sum(3).map((r) => [r[2], r[3]]).collect(), [[true, 15], [false, 16]]);
  const byAll = await env.fromCollection(rows).groupBy((r) => [new Date(r[0].getTime()), r[1], r[2]]).sum(3).map((r) => r[3]).collect();
  assertSameRecords(byAll, [3, 4, 8, 16]);
  // Joins also match keys by value: a Date against an equal but distinct Date.
  const other = env.fromElements<[Date, string]>([d("2024-01-02"), "two"]);
  const joined = await env.fromCollection(rows).join(other).where(0).equalTo(0).with((a, b) => [a[3], b[1]]).collect();
  assertSameRecords(joined, [[4, "two"]]);
});

testAtParallelism("a null/undefined key fails the job with JobExecutionException", async (env) => {
  const rows: [string | null, number][] = [["a", 1], [null, 2]];
  await assert.rejects(env.fromCollection(rows).groupBy(0).sum(1).collect(), JobExecutionException);
  await assert.rejects(env.fromElements(1, 2, 3).groupBy((x) => (x === 2 ? undefined : x)).reduce((a, b) => a + b).collect(), JobExecutionException);
  await assert.rejects(env.fromElements({ k: "a" }, { k: null }).distinct("k").collect(), JobExecutionException);
});

test("invalid keys on collection sources throw InvalidProgramException at definition", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const tuples = env.fromElements<[number, string]>([1, "a"]);
  const pojos = env.fromElements({ id: 1, name: "a" });
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.groupBy(2), InvalidProgramException, "position out of range");
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.groupBy("f5"), InvalidProgramException, "fN out of range");
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => pojos.groupBy(0), InvalidProgramException, "position on a non-tuple");
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => pojos.groupBy("nope"), InvalidProgramException, "unknown field");
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => pojos.groupBy("id.deeper"), InvalidProgramException, "nested path on a primitive");
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.distinct(3), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.partitionByHash(3), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.sortPartition(3, Order.ASCENDING), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.groupBy(0).sortGroup(4, Order.ASCENDING), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.join(pojos).where(0).equalTo("nope"), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.coGroup(tuples).where(7), InvalidProgramException);
});

test("invalid projections and aggregation fields throw InvalidProgramException at definition", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const tuples = env.fromElements<[number, string]>([1, "a"]);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.project(2), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.project(0, 5), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.sum(3), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.aggregate(Aggregations.MAX, 9), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.groupBy(0).min(4), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.sum(0).andMax(7), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.minBy(2), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => tuples.groupBy(1).maxBy(3), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => env.fromElements({ a: 1 }).sum("b"), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => env.fromElements(1, 2).project(0), InvalidProgramException, "projection on a non-tuple");
});

test("keys after a projection, a CSV source's types and .returns(...) are checked at definition", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const projected = env.fromElements<[number, string, boolean]>([1, "a", true]).project(0, 2);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => projected.groupBy(2), InvalidProgramException);
  projected.groupBy(1);
  const csv = env.readCsvFile(tempFile("x.csv", "1,a\n")).types("number", "string");
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => csv.groupBy(2), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => csv.sum(5), InvalidProgramException);
  csv.groupBy(1);
  const pojoCsv = env.readCsvFile(tempFile("y.csv", "1,a\n")).pojoType(["id", "name"]);
  assert.throws(() => pojoCsv.groupBy("age"), InvalidProgramException);
  const mappedTuple = env.fromElements(1).map((x) => [x, String(x)]).returns(["number", "string"]);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => mappedTuple.groupBy(2), InvalidProgramException);
  const mappedObj = env.fromElements(1).map((x) => ({ id: x })).returns({ id: "number" });
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => mappedObj.groupBy("name"), InvalidProgramException);
  mappedObj.groupBy("id");
});

testAtParallelism("where the shape is unknown the key is checked on the first record: JobExecutionException caused by InvalidProgramException", async (env) => {
  const unknown = env.fromElements(1, 2, 3).map((x) => [x, "v"]);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  const defined = unknown.groupBy(5).reduce((a) => a); // no throw at definition
  await assert.rejects(defined.collect(), (e: unknown) => {
    assert.ok(e instanceof JobExecutionException);
    assert.ok(e.cause instanceof InvalidProgramException, `cause was ${String(e.cause)}`);
    return true;
  });
  const objs = env.fromElements(1, 2).map((x) => ({ id: x }));
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  await assert.rejects(objs.distinct("nope").collect(), (e: unknown) => e instanceof JobExecutionException && e.cause instanceof InvalidProgramException);
});
