/**
 * A grouped reduce under a KeySelector whose result would select another key stays in its group,
 * as in Flink (the key is extracted once per input record, before any combiner). Found by the
 * differential fuzzer (FUZZ-FINDINGS F2): the combined record was hashed and grouped again by the
 * selector applied to it, and met another group.
 */
import { assertSameRecords, testAtParallelism } from "../helpers.js";

const words = (env: Parameters<Parameters<typeof testAtParallelism>[1]>[0]) => env.fromCollection<[string]>([["a"], ["b"], ["cc"]]);
const byLength = (r: [string]) => r[0].length;

testAtParallelism("reduce under a key selector: the reducer's result keeps its input's group", async (env) => {
  const out = await words(env).groupBy(byLength).reduce((a, b) => [[a[0], b[0]].sort().join("")] as [string]).collect();
  assertSameRecords(out, [["ab"], ["cc"]]);
});

testAtParallelism("combinable reduceGroup under a key selector: the combiner's result keeps its input's group", async (env) => {
  const concat = (vs: Iterable<[string]>, out: { collect(r: [string]): void }) => out.collect([[...vs].map((v) => v[0]).sort().join("")]);
  const out = await words(env).groupBy(byLength).reduceGroup({ reduce: concat, combine: concat }).collect();
  assertSameRecords(out, [["ab"], ["cc"]]);
});
