/**
 * shapeTest answers what comparing inferShape's results answers (fromCollection samples its
 * elements with it), without building a shape per element.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { inferShape, shapeTest } from "../../src/common/shape.js";

class Point {
  constructor(public x: number, public y: number) {}
}

const values: unknown[] = [
  1, "a", 2n, true, null, undefined, new Date(0), [1, "a"], [1, "a", 3], ["a", 1], [[1, 2], "x"],
  { k: 1, v: "a" }, { v: "a", k: 1 }, { k: 1 }, { k: 1, v: "a", w: 0 }, { k: "1", v: "a" }, { k: 1, v: null },
  { k: 1, v: { n: 2 } }, { k: 1, v: { n: "2" } }, new Point(1, 2), { x: 1, y: 2 }, { 2: "b", 1: "a" }, {}, new Map([[1, 2]]),
  Object.create({ inherited: 1 }) as unknown, () => 1,
];

test("shapeTest(inferShape(w))(v) is true exactly when both have the same shape", () => {
  for (const v of values) {
    for (const w of values) {
      const shape = inferShape(w);
      const same = JSON.stringify(inferShape(v)) === JSON.stringify(shape);
      assert.equal(shapeTest(shape)(v), same, `${String(JSON.stringify(inferShape(v)))} vs ${JSON.stringify(shape)}`);
    }
  }
});

test("fromCollection keeps the element shape when every sampled element has it, and none when one differs", async () => {
  const { ExecutionEnvironment, InvalidProgramException } = await import("../../src/index.js");
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  // A known shape lets the key be checked when the program is defined.
  const known = env.fromCollection([{ k: 1 }, { k: 2 }]) as unknown as { groupBy(k: string): unknown };
  assert.throws(() => known.groupBy("nope"), InvalidProgramException);
  // Mixed shapes: the check waits for the records.
  const mixed = env.fromCollection<unknown>([{ k: 1 }, { j: 2 }]) as unknown as { groupBy(k: string): unknown };
  assert.doesNotThrow(() => mixed.groupBy("k"));
});
