/**
 * Plan shapes around iterations (issue 13, item 1): a DataSet read both by an iteration and
 * after it, an iteration's result fanned out to several consumers, a static input also used
 * outside the step. A hash join chained onto the iteration's result reads its build side as a
 * side input of the iteration's task; that input must survive the supersteps.
 */
import { JoinHint } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

type KV = [number, number];

testAtParallelism("an iteration's result joined with the iteration's own input (issue example)", async (env) => {
  const n0 = env.fromCollection<KV>([[0, 0]]);
  const it = n0.iterate(1);
  const res = it.closeWith(it.map((r) => [r[0], r[1]] as KV));
  assertSameRecords(await n0.join(res).where(0).equalTo(0).collect(), [[[0, 0], [0, 0]]]);
  assertSameRecords(await res.join(n0).where(0).equalTo(0).collect(), [[[0, 0], [0, 0]]]);
});

testAtParallelism("an iteration's result joined with an unrelated DataSet, every hash strategy", async (env) => {
  const it = env.fromCollection<KV>([[1, 0], [2, 0], [3, 0]]).iterate(3);
  const res = it.closeWith(it.map((r) => [r[0], r[1] + 1] as KV));
  const other = env.fromCollection<KV>([[1, 10], [3, 30], [4, 40]]);
  const expected = [[[1, 3], [1, 10]], [[3, 3], [3, 30]]];
  for (const hint of [
    JoinHint.OPTIMIZER_CHOOSES,
    JoinHint.REPARTITION_HASH_FIRST,
    JoinHint.REPARTITION_HASH_SECOND,
    JoinHint.BROADCAST_HASH_FIRST,
    JoinHint.BROADCAST_HASH_SECOND,
  ]) {
    assertSameRecords(await res.join(other, hint).where(0).equalTo(0).collect(), expected, hint);
    assertSameRecords(
      await other.join(res, hint).where(0).equalTo(0).collect(),
      expected.map(([a, b]) => [b, a]),
      hint,
    );
  }
  const left = await res.leftOuterJoin(other).where(0).equalTo(0).with((a: KV, b: KV | null) => [a[0], b === null ? -1 : b[1]]).collect();
  assertSameRecords(left, [[1, 10], [2, -1], [3, 30]]);
});

testAtParallelism("a delta iteration's result joined with its initial solution set and workset", async (env) => {
  const solution = env.fromCollection<KV>([[1, 1], [2, 2], [3, 3]]);
  const workset = env.fromCollection<KV>([[1, 0], [3, 0]]);
  const d = solution.iterateDelta(workset, 5, 0);
  const delta = d.getWorkset().join(d.getSolutionSet()).where(0).equalTo(0).with((w: KV, s: KV) => [s[0], s[1] * 10] as KV);
  const res = d.closeWith(delta, delta.filter(() => false));
  const joined = await res.join(solution).where(0).equalTo(0).with((r: KV, s: KV) => [r[0], r[1], s[1]]).collect();
  assertSameRecords(joined, [[1, 10, 1], [2, 2, 2], [3, 30, 3]]);
  const withWorkset = await workset.join(res).where(0).equalTo(0).with((w: KV, r: KV) => [w[0], r[1]]).collect();
  assertSameRecords(withWorkset, [[1, 10], [3, 30]]);
});

testAtParallelism("a static input of the step also joined with the iteration's result", async (env) => {
  const weights = env.fromCollection<KV>([[1, 2], [2, 3]]);
  const it = env.fromCollection<KV>([[1, 1], [2, 1]]).iterate(2);
  const step = it.join(weights).where(0).equalTo(0).with((r: KV, w: KV) => [r[0], r[1] * w[1]] as KV);
  const res = it.closeWith(step);
  const out = await res.join(weights).where(0).equalTo(0).with((r: KV, w: KV) => [r[0], r[1], w[1]]).collect();
  assertSameRecords(out, [[1, 4, 2], [2, 9, 3]]);
});

testAtParallelism("an iteration's result fanned out: joined with itself, with a second iteration, unioned", async (env) => {
  const input = env.fromCollection<KV>([[1, 1], [2, 2]]);
  const a = input.iterate(2);
  const resA = a.closeWith(a.map((r) => [r[0], r[1] + 1] as KV));
  const b = input.iterate(3);
  const resB = b.closeWith(b.map((r) => [r[0], r[1] * 2] as KV));
  assertSameRecords(await resA.join(resA).where(0).equalTo(0).collect(), [[[1, 3], [1, 3]], [[2, 4], [2, 4]]]);
  assertSameRecords(await resA.join(resB).where(0).equalTo(0).collect(), [[[1, 3], [1, 8]], [[2, 4], [2, 16]]]);
  const joinedAndUnion = resA.join(input).where(0).equalTo(0).with((r: KV, i: KV) => [r[0], r[1] - i[1]] as KV).union(resB);
  assertSameRecords(await joinedAndUnion.collect(), [[1, 2], [2, 2], [1, 8], [2, 16]]);
});
