import assert from "node:assert/strict";
import { DataSetUtils } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

const N = 1000;
const letters = Array.from({ length: N }, (_, i) => `e${i}`);

testAtParallelism("countElementsPerPartition: one [subtask, count] per subtask, summing to the input size", async (env, p) => {
  const counts = await DataSetUtils.countElementsPerPartition(env.fromCollection(letters).rebalance()).collect();
  assert.deepEqual(counts.map(([t]) => t).sort((a, b) => a - b), Array.from({ length: p }, (_, i) => i));
  assert.equal(counts.reduce((n, [, c]) => n + c, 0), N);
  if (p > 1) assert.ok(counts.every(([, c]) => c === N / p), "rebalance spreads the elements evenly");
});

testAtParallelism("zipWithIndex labels densely 0 .. n-1, consecutive within each subtask in subtask order", async (env, p) => {
  const input = env.fromCollection(letters).rebalance().map((s) => ({ s }));
  const zipped = await DataSetUtils.zipWithIndex(input).collect();
  assert.deepEqual(zipped.map(([i]) => i).sort((a, b) => a - b), Array.from({ length: N }, (_, i) => i));
  assertSameRecords(zipped.map(([, v]) => v.s), letters);
  // Rebalance deals elements round robin, so subtask t holds e_t, e_(t+p), ...; its labels start
  // after the N/p elements of each earlier subtask.
  const label = new Map(zipped.map(([i, v]) => [v.s, i]));
  if (p > 1) {
    for (let t = 0; t < p; t++) assert.equal(label.get(`e${t + p}`)! - label.get(`e${t}`)!, 1, `subtask ${t} labels consecutively`);
  } else {
    assert.deepEqual(zipped.map(([i, v]) => [i, v.s]).sort((a, b) => (a[0] as number) - (b[0] as number)), letters.map((s, i) => [i, s]));
  }
});

testAtParallelism("zipWithUniqueId: Flink's formula k * 2^bits(p - 1) + subtask, unique", async (env, p) => {
  const zipped = await DataSetUtils.zipWithUniqueId(env.fromCollection(letters).rebalance()).collect();
  const ids = zipped.map(([i]) => i);
  assert.equal(new Set(ids).size, N);
  assertSameRecords(zipped.map(([, v]) => v), letters);
  const scale = p === 1 ? 1 : 2 ** Math.ceil(Math.log2(p));
  const perSubtask = N / p;
  const expected = Array.from({ length: p }, (_, t) => Array.from({ length: perSubtask }, (_, k) => k * scale + t)).flat();
  assert.deepEqual([...ids].sort((a, b) => a - b), expected.sort((a, b) => a - b));
});

testAtParallelism("zipWithIndex of an empty DataSet is empty; of one element is [[0, it]]", async (env) => {
  assert.deepEqual(await DataSetUtils.zipWithIndex(env.fromCollection<string>([])).collect(), []);
  assert.deepEqual(await DataSetUtils.zipWithIndex(env.fromElements("only")).collect(), [[0, "only"]]);
});
