/**
 * A distinct combiner that finds few duplicates in its first SKIP_PROBE_RECORDS records stops
 * looking keys up and passes every record on; one that finds many keeps dropping them. Either way
 * the final distinct gives each key once. The listener's counts show what the combiner chains sent.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ExecutionEnvironment, type ProgressSnapshot } from "../../src/index.js";
import { SKIP_PROBE_RECORDS } from "../../src/runtime/drivers/distinct-driver.js";

const N = 4 * SKIP_PROBE_RECORDS;

/** distinct(0) over `keyOf(i)` for N records at p=2 in process: the distinct keys and what crossed the shuffle. */
async function run(keyOf: (i: number) => number): Promise<{ keys: number; shipped: number }> {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  env.getConfig().setExecutionMode("in-process");
  let last: ProgressSnapshot | undefined;
  env.registerJobListener({ onProgress: (s) => (last = s) });
  const out = await env.generateSequence(0, N - 1).map((i: number): [number, number] => [keyOf(i), i]).distinct(0).collect();
  assert.equal(new Set(out.map((r) => r[0])).size, out.length, "each key once");
  const final = last!.operators.find((o) => /^Distinct|Reduce/.test(o.name) && !o.name.startsWith("Combine") && o.recordsIn > 0 && !/DataSource/.test(o.name));
  return { keys: out.length, shipped: final!.recordsIn };
}

test("a combiner that drops few duplicates passes the rest on unlooked; the result is the same", async () => {
  // One record in ten repeats the key before it: a looking combiner would drop those (10%).
  const { keys, shipped } = await run((i) => (i % 10 === 9 ? i - 1 : i));
  assert.equal(keys, (9 * N) / 10);
  // Each of the 2 combiners drops 10% of its first SKIP_PROBE_RECORDS, then passes everything: 380k, not 360k.
  assert.equal(shipped, N - (2 * SKIP_PROBE_RECORDS) / 10, "past the probe every record crosses the shuffle");
});

test("a combiner that drops many duplicates keeps dropping them", async () => {
  const { keys, shipped } = await run((i) => i % 1000);
  assert.equal(keys, 1000);
  assert.ok(shipped <= 2 * 1000, `at most each key once per combiner, got ${shipped}`);
});
