/**
 * The fuzzer can fail: this file breaks an engine path from the outside — every JoinFunction given
 * to `join(...).with(f)` loses the pairs whose second record holds a negative number, as a hash
 * join dropping matches would — and asserts that the fuzzer catches it and shrinks it to a small
 * program that shows the join. (Its own process: nothing else sees the patch.)
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { DefaultJoin } from "../../src/index.js";
import { DEFAULT_FLAGS } from "./ast.js";
import { fuzz } from "./fuzz.js";

const original = DefaultJoin.prototype.with as (this: unknown, fn: unknown) => unknown;
const dropsNegatives = (b: unknown): boolean => JSON.stringify(b, (_k, x) => (typeof x === "bigint" ? Number(x) : x)).includes("-");
(DefaultJoin.prototype as { with: unknown }).with = function (this: unknown, fn: (a: unknown, b: unknown) => unknown) {
  if (typeof fn !== "function" || fn.length >= 3) return original.call(this, fn);
  return original.call(this, (a: unknown, b: unknown, out: { collect(r: unknown): void }) => {
    if (!dropsNegatives(b)) out.collect(fn(a, b));
  });
};

test("a join that drops matches is caught and shrunk to a few lines", async () => {
  const report = await fuzz({ runs: 300, seed: 13, mode: "in-process", flags: DEFAULT_FLAGS, maxShrinkRuns: 600 });
  assert.ok(report.failure !== undefined, "the fuzzer did not notice the broken join");
  assert.match(report.failure, /[jJ]oin(WithTiny|WithHuge)?\(/);
  assert.match(report.failure, /missing: /);
  const lines = report.failure.split("\n").filter((l) => l.startsWith("const "));
  assert.ok(lines.length <= 4, `not shrunk enough:\n${report.failure}`);
});
