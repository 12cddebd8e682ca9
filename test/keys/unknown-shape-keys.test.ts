/**
 * Two-input keys whose field counts differ where a shape is unknown at definition (FUZZ-FINDINGS
 * F6): `where(0).equalTo(0, 1)` may match when field 0 is a 2-tuple, which an empty collection or
 * a user function without `.returns` does not tell. API.md: such keys are checked on the first
 * record, so the definition is accepted and a mismatch fails the job naming the operator and keys.
 */
import assert from "node:assert/strict";
import { InvalidProgramException, JobExecutionException, JoinHint, type Collector, type DataSet } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

type Nested = [[number, string], string];
type Flat = [number, string, number];

/** The cause a failed job reports, which must be the InvalidProgramException. */
async function keyError(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (e) {
    const err = e instanceof JobExecutionException ? e.cause : e;
    assert.ok(err instanceof InvalidProgramException || (err instanceof Error && err.name === "InvalidProgramException"), `got ${String(e)}`);
    return (err as Error).message;
  }
  assert.fail("the job did not fail");
}

testAtParallelism("where(0).equalTo(0, 1) over empty collections is accepted (no shape to check) and joins nothing", async (env) => {
  const d0 = env.fromCollection<Nested>([]);
  const d1 = env.fromCollection<Flat>([]);
  assert.deepEqual(await d0.join(d1).where(0).equalTo(0, 1).collect(), []);
  assert.deepEqual(await d1.coGroup(d0).where(0, 1).equalTo(0).with((a: Iterable<Flat>, b: Iterable<Nested>, out: Collector<number>) => {
    out.collect([...a].length + [...b].length);
  }).collect(), []);
});

testAtParallelism("a tuple-valued key field after a user function matches as many fields on the other side, checked on the first records", async (env) => {
  // map without .returns: shapes unknown at definition.
  const nested: DataSet<Nested> = env.fromElements(1, 2, 3).map((i): Nested => [[i % 2, "k"], `n${i}`]);
  const flat: DataSet<Flat> = env.fromElements(0, 1, 5).map((i): Flat => [i, "k", i * 10]);
  for (const hint of [JoinHint.OPTIMIZER_CHOOSES, JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_SORT_MERGE, JoinHint.BROADCAST_HASH_SECOND]) {
    const out = await nested.join(flat, hint).where(0).equalTo(0, 1).with((a, b) => [a[1], b[2]]).collect();
    assertSameRecords(out, [["n1", 10], ["n3", 10], ["n2", 0]], hint);
    const back = await flat.join(nested, hint).where(0, 1).equalTo(0).with((b, a) => [a[1], b[2]]).collect();
    assertSameRecords(back, [["n1", 10], ["n3", 10], ["n2", 0]], hint);
  }
  const groups = await nested.coGroup(flat).where(0).equalTo(0, 1).with((as: Iterable<Nested>, bs: Iterable<Flat>, out: Collector<string>) => {
    out.collect([...as].map((a) => a[1]).sort().join("") + "/" + [...bs].map((b) => b[2]).join(""));
  }).collect();
  assertSameRecords(groups, ["n1n3/10", "n2/0", "/50"]);
});

testAtParallelism("leaf counts that differ on the first records fail the job with the definition-time message", async (env) => {
  // Field 0 holds three leaves, the other side's key two: no record could ever match.
  const wide = env.fromElements(1, 2).map((i) => [[i, "k", true], "x"] as unknown as Nested);
  const flat = env.fromElements(1, 2).map((i): Flat => [i, "k", i]);
  for (const hint of [JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_SORT_MERGE]) {
    const message = await keyError(() => wide.join(flat, hint).where(0).equalTo(0, 1).collect());
    assert.match(message, /^Join: the keys do not match: where \[0\] has 3 leaf field\(s\) but equalTo \[0, 1\] has 2/, hint);
  }
  const cogroup = wide.coGroup(flat).where(0).equalTo(0, 1);
  const cg = await keyError(() => cogroup.with((_a: Iterable<Nested>, _b: Iterable<Flat>, out: Collector<number>) => out.collect(1)).collect());
  assert.match(cg, /CoGroup: the keys do not match: where \[0\] has 3 leaf field\(s\) but equalTo \[0, 1\] has 2/);
  // One side's shape known at definition (a collection): its count stands, the other is counted.
  const known = env.fromCollection<Flat>([[1, "k", 1]]);
  const message = await keyError(() => wide.join(known).where(0).equalTo(0, 1).collect());
  assert.match(message, /where \[0\] has 3 leaf field\(s\) but equalTo \[0, 1\] has 2/);
});

testAtParallelism("equal field counts with a tuple field beside a field of unknown shape pair leaves, not fields (fuzz seed 373)", async (env) => {
  // Field 0 of the default join's pairs comes from an empty collection (its shape unknown), field 1
  // is a Tuple1: where(0, 1) may have the two leaves of equalTo("f0.f0", "f1.f0"), and did not
  // define ("key types do not match: field 1 ... is Tuple1(number) but field f1.f0 ... is number").
  // The second side untyped: the compile-time keys pair field by field, as the fuzzer's programs do not.
  const untyped = <T>(d: DataSet<T>): DataSet<unknown> => d as DataSet<unknown>;
  const pairs = env.fromCollection<[number]>([]).join(env.fromCollection([[0.5]] as [number][])).where("*").equalTo("*");
  const joined = pairs.join(untyped(pairs)).where(0, 1).equalTo("f0.f0", "f1.f0").with((a, b) => [b, a]);
  assert.deepEqual(await joined.collect(), []);
  // Leaves that line up, the unknown field a one-leaf tuple at run time: the pairs join.
  const left = env.fromElements(1, 2).map((i): [number] => [i])
    .join(env.fromCollection<[number]>([[10], [20]])).where((a) => a[0] * 10).equalTo(0);
  const right = env.fromCollection<[[number], [number]]>([[[1], [10]], [[2], [99]]]);
  const matched = await left.join(untyped(right)).where(0, 1).equalTo("f0.f0", "f1.f0").collect();
  assert.deepEqual(matched.map(([l]) => l[0][0]), [1]);
});
