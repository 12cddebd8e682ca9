import { test } from "node:test";
import assert from "node:assert/strict";
import { RecordSizeEstimator, heapSizeOf } from "../../src/runtime/memory/size-estimator.js";

test("a reset (once per group of a coGroup or merge join) keeps the sampling rate: records after it are not all serialized", () => {
  const est = new RecordSizeEstimator();
  const small = [1, "a"];
  for (let i = 0; i < 16; i++) est.add(small);
  const perSmall = heapSizeOf(small);
  est.reset();
  // The 17th record counted is not a sample: the estimate keeps what the first 16 taught.
  const big = [1, "x".repeat(10_000)];
  assert.equal(est.add(big), perSmall);
  est.reset();
  assert.equal(est.add(big), perSmall, "a second reset does not sample again either");
});

test("samples still come one in 128 after resets", () => {
  const est = new RecordSizeEstimator();
  const big = [1, "x".repeat(10_000)];
  for (let i = 0; i < 128; i++) {
    est.add([1, "a"]);
    est.reset();
  }
  // Record number 128 (counted from 0) is a sample.
  assert.ok(est.add(big) > heapSizeOf([1, "a"]));
});
