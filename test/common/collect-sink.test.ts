/**
 * The collect sink (runtime/drivers/sink-drivers.ts) keeps records in arrays of its own and joins
 * them once when its input ends: records collected one at a time (more than a tail's length) and
 * in batches come out in arrival order, batches the producer reuses afterwards do not change what
 * was collected, and records it does not own are delivered as copies.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { CollectSinkOperator } from "../../src/runtime/drivers/sink-drivers.js";
import type { OperatorContext } from "../../src/runtime/drivers/operator.js";

function sink(inputOwned: boolean): { op: CollectSinkOperator; result: () => unknown[] } {
  let delivered: unknown[] | undefined;
  const ctx = { inputOwned } as OperatorContext;
  const op = new CollectSinkOperator(ctx, (records) => (delivered = records));
  return { op, result: () => delivered! };
}

test("records one at a time and in batches come out in arrival order; a reused batch array changes nothing", async () => {
  const { op, result } = sink(true);
  const expected: number[][] = [];
  let next = 0;
  const one = (): void => {
    const r = [next++];
    expected.push(r);
    op.collect(r);
  };
  const reused: number[][] = [];
  const batch = (n: number): void => {
    reused.length = 0;
    for (let i = 0; i < n + 2; i++) reused.push([next + i - 1]);
    for (let i = 1; i <= n; i++) expected.push(reused[i]!);
    op.collectBatch(0, reused, 1, n + 1);
    next += n;
    for (let i = 0; i < reused.length; i++) reused[i] = [-1];
  };
  for (let i = 0; i < 5000; i++) one();
  batch(3);
  for (let i = 0; i < 10; i++) one();
  batch(10000);
  batch(0);
  one();
  await op.finish();
  const out = result() as number[][];
  assert.equal(out.length, expected.length);
  assert.deepEqual(out.map((r) => r[0]), expected.map((_, i) => i));
  assert.ok(out.every((r, i) => r === expected[i]), "owned records are kept as they are");
});

test("records the sink does not own are delivered as copies", async () => {
  const { op, result } = sink(false);
  const a = { k: 1, v: "a" };
  const b = { k: 2, v: "b" };
  op.collect(a);
  op.collectBatch(0, [b], 0, 1);
  await op.finish();
  const out = result() as (typeof a)[];
  assert.deepEqual(out, [a, b]);
  assert.notEqual(out[0], a);
  assert.notEqual(out[1], b);
});

test("a sink with no input delivers an empty array", async () => {
  const { op, result } = sink(true);
  await op.finish();
  assert.deepEqual(result(), []);
});
