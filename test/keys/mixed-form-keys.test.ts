/**
 * Two-input keys written in different forms over known shapes (`"*"` against `0, 1`, a
 * tuple-valued position against its leaves) meet an input that keeps a hash partitioning:
 * the optimizer pairs key fields by index, so both keys are rewritten to their leaf paths at
 * definition. Found by the fuzzer with flag nestedKeys (seed 7, p=4: a self-join of a delta
 * iteration's result `where("*").equalTo(0, 1)` returned nothing).
 */
import assert from "node:assert/strict";
import { JoinHint, type Collector } from "../../src/index.js";
import { testAtParallelism } from "../helpers.js";

type Rec = [number, number];
const RECS: Rec[] = [[2, 7], [7, 2], [1, 3], [3, 1], [5, 9], [9, 5], [4, 4]];

testAtParallelism("keys in different forms over a hash-partitioned input match every pair", async (env) => {
  const parted = env.fromCollection<Rec>(RECS).partitionByHash(0);
  const nested = env.fromCollection<[Rec, number]>(RECS.map((r): [Rec, number] => [r, 1])).partitionByHash("f0.f0");
  const cases: [string, () => Promise<unknown[]>][] = [
    ["* against 0, 1", () => parted.join(parted).where("*").equalTo(0, 1).collect()],
    ["0, 1 against *", () => parted.join(parted).where(0, 1).equalTo("*").collect()],
    ["* against 1, 0 (reversed)", () => parted.join(parted).where("*").equalTo(1, 0).collect()],
    ["f0, f1 against *", () => parted.join(parted).where("f0", "f1").equalTo("*").collect()],
    ["a tuple field against 1, 0", () => nested.join(parted).where(0).equalTo(1, 0).collect()],
    ["1, 0 against a tuple field", () => parted.join(nested, JoinHint.REPARTITION_SORT_MERGE).where(1, 0).equalTo(0).collect()],
    ["a tuple field against *", () => nested.join(parted).where(0).equalTo("*").collect()],
    [
      "coGroup 1, 0 against f0.*",
      () => parted.coGroup(nested).where(1, 0).equalTo("f0.*").with((a: Iterable<Rec>, b: Iterable<[Rec, number]>, out: Collector<number>) => {
        for (const x of a) for (const _ of b) out.collect(x[0]);
      }).collect(),
    ],
  ];
  for (const [name, run] of cases) assert.equal((await run()).length, RECS.length, name);
});

testAtParallelism("a self-join of a delta iteration's result where(\"*\").equalTo(0, 1) finds the record", async (env) => {
  const min = (a: Rec, b: Rec): Rec => [a[0], Math.min(a[1], b[1])];
  const it = env.fromCollection<Rec>([[2, 7]]).groupBy(0).reduce(min).iterateDelta(env.fromCollection<Rec>([]), 5, 0);
  const delta = it.getWorkset().join(it.getSolutionSet()).where(0).equalTo(0).with((w: Rec, cur: Rec, out: Collector<Rec>) => {
    if (w[1] < cur[1]) out.collect(w);
  });
  const result = it.closeWith(delta, delta);
  assert.deepEqual(await result.join(result).where("*").equalTo(0, 1).collect(), [[[2, 7], [2, 7]]]);
});
