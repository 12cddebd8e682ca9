/**
 * Flink programs that must run as written (issue 13): a rich reduce with broadcast sets is also
 * its combiner, re-registering an aggregator name replaces it, a function returning a Promise
 * fails at its first record, print() then execute() says what Flink says.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, JobExecutionException, LongSumAggregator, RichMapFunction, RichReduceFunction, type Configuration } from "../../src/index.js";
import { assertSameRecords, captureStdout, testAtParallelism } from "../helpers.js";

type KV = [number, number];

/** Sums values scaled by the broadcast "factor"; records what its runtime context says. */
class ScaledSum extends RichReduceFunction<KV> {
  private factor = 0;
  override open(_c: Configuration): void {
    const ctx = this.getRuntimeContext();
    this.factor = ctx.getBroadcastVariable<number>("factor")[0]!;
    if (ctx.getNumberOfParallelSubtasks() < 1 || ctx.getTaskName() === "") throw new Error("no runtime context");
  }
  reduce(a: KV, b: KV): KV {
    return [a[0], a[1] + b[1] * this.factor];
  }
}

testAtParallelism("a RichReduceFunction with broadcast sets gets them as the combiner too", async (env) => {
  const factor = env.fromElements(1);
  const data = env.fromCollection<KV>(Array.from({ length: 40 }, (_, i): KV => [i % 3, 1]));
  const out = await data.groupBy(0).reduce(new ScaledSum()).withBroadcastSet(factor, "factor").collect();
  assertSameRecords(out, [[0, 14], [1, 13], [2, 13]]);
  const all = await data.reduce(new ScaledSum()).withBroadcastSet(factor, "factor").collect();
  assertSameRecords(all, [[0, 40]]);
});

testAtParallelism("registerAggregator then registerAggregationConvergenceCriterion with the same name and aggregator (AggregatorsITCase)", async (env) => {
  const agg = new LongSumAggregator();
  const it = env.fromElements(1, 2, 3, 4).iterate(10).registerAggregator("count", agg)
    .registerAggregationConvergenceCriterion("count", agg, (_step: number, v: number) => v === 0);
  /** Counts the records still above 1 and halves them. */
  class Halve extends RichMapFunction<number, number> {
    map(x: number): number {
      if (x > 1) this.getRuntimeContext().getIterationAggregator<LongSumAggregator>("count").aggregate(1);
      return Math.max(1, Math.floor(x / 2));
    }
  }
  assertSameRecords(await it.closeWith(it.map(new Halve())).collect(), [1, 1, 1, 1]);
  const other = env.fromElements(1).iterate(2).registerAggregator("count", agg);
  assert.throws(() => other.registerAggregationConvergenceCriterion("count", new LongSumAggregator(), () => true), /already registered/);
});

testAtParallelism("a function returning a Promise fails at its first record: functions are synchronous", async (env) => {
  const data = env.fromElements(1, 2, 3);
  for (const [name, run] of [
    ["async map", () => data.map(async (x: number) => x + 1).name("async map").collect()],
    ["async filter", () => data.filter((async (x: number) => x > 1) as never).name("async filter").collect()],
    ["async reduce", () => data.reduce((async (a: number, b: number) => a + b) as never).name("async reduce").collect()],
  ] as const) {
    await assert.rejects((run as () => Promise<unknown>)(), (e) => {
      assert.ok(e instanceof JobExecutionException, `${name}: ${String(e)}`);
      assert.match(e.message, new RegExp(name));
      const cause = e.cause as Error;
      assert.match(cause.message, /returned a Promise/);
      assert.match(cause.message, /synchronous/);
      return true;
    });
  }
});

test("print() then execute() fails as Flink's: no new sinks since the last execution", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  await assert.rejects(env.execute(), /No data sinks have been created yet/);
  const printed = await captureStdout(() => env.fromElements(1, 2).print());
  assert.equal(printed, "1\n2\n");
  await assert.rejects(env.execute(), (e) => {
    assert.match(
      (e as Error).message,
      /^No new data sinks have been defined since the last execution\. The last execution refers to the latest call to 'execute\(\)', 'count\(\)', 'collect\(\)', or 'print\(\)'\.$/,
    );
    return true;
  });
  // New sinks run again.
  assert.deepEqual(await env.fromElements(3).collect(), [3]);
});
