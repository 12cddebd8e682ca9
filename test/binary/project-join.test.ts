import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, InvalidProgramException, JoinHint } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";
import { ALL_HINTS, SMALL3, TUPLE5 } from "./fixtures.js";

testAtParallelism("projectFirst/projectSecond in any order, repeated (Flink's ProjectJoin)", async (env) => {
  const small = env.fromCollection(SMALL3);
  const big = env.fromCollection(TUPLE5);
  for (const hint of ALL_HINTS) {
    const out = await small.join(big, hint).where(1).equalTo(1).projectFirst(2, 1).projectSecond(3).projectFirst(0).collect();
    assertSameRecords(out, [["Hi", 1, "Hallo", 1], ["Hello", 2, "Hallo Welt", 2], ["Hello world", 2, "Hallo Welt", 3]], hint);
  }
  const second = await small.join(big).where(0).equalTo(0).projectSecond(4, 3).collect();
  assertSameRecords(second, [[1, "Hallo"], [2, "Hallo Welt"], [1, "Hallo Welt wie"], [2, "Hallo Welt wie gehts?"], [2, "ABC"], [3, "BCD"]]);
});

testAtParallelism("an empty projection takes the whole record", async (env) => {
  const words = env.fromElements("a", "bb", "cc");
  const lengths = env.fromElements<[number, string]>([1, "one"], [2, "two"]);
  const out = await words.join(lengths).where((w) => w.length).equalTo(0).projectFirst().projectSecond(1).projectSecond().collect();
  assertSameRecords(out, [["a", "one", [1, "one"]], ["bb", "two", [2, "two"]], ["cc", "two", [2, "two"]]]);
});

testAtParallelism("a projection's shape is known, so later keys are checked at definition", async (env) => {
  const joined = env.fromCollection(SMALL3).join(env.fromCollection(TUPLE5)).where(1).equalTo(1).projectFirst(2).projectSecond(0);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => joined.groupBy(2), InvalidProgramException);
  const grouped = await joined.groupBy(0).reduceGroup((vs: Iterable<unknown>, out) => out.collect([...vs].length)).collect();
  assertSameRecords(grouped, [1, 1, 1]);
});

test("projection positions are checked at definition", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const small = env.fromCollection(SMALL3);
  const big = env.fromCollection(TUPLE5);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => small.join(big).where(0).equalTo(0).projectFirst(3), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => small.join(big).where(0).equalTo(0).projectFirst(0).projectSecond(5), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => env.fromElements("x").join(big).where("*").equalTo(3).projectFirst(0), InvalidProgramException);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => small.cross(big).projectSecond(7), InvalidProgramException);
});

testAtParallelism("a projection of outer join results gives null fields for the absent side", async (env) => {
  const a = env.fromElements<[number, string]>([1, "a"], [2, "b"]);
  const b = env.fromElements<[number, string]>([1, "x"]);
  const out = await a.leftOuterJoin(b, JoinHint.REPARTITION_HASH_FIRST).where(0).equalTo(0).projectFirst(1).projectSecond(1).collect();
  assertSameRecords(out, [["a", "x"], ["b", null]]);
});
