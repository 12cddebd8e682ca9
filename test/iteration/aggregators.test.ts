import assert from "node:assert/strict";
import { DoubleSumAggregator, LongSumAggregator, RichMapFunction, type Aggregator } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

testAtParallelism("aggregators merge over subtasks; the next superstep reads the merged value", async (env) => {
  // Function objects are copied per subtask, so the log is reached through the closure.
  const log: [number, unknown][] = [];
  /** Adds each value to the aggregator "sum" and records what the previous superstep summed. */
  class SumAndLook extends RichMapFunction<number, number> {
    override open(): void {
      const ctx = this.getRuntimeContext();
      if (ctx.getIndexOfThisSubtask() === 0) log.push([ctx.getSuperstepNumber(), ctx.getPreviousIterationAggregate("sum")]);
    }
    map(v: number): number {
      this.getRuntimeContext().getIterationAggregator<LongSumAggregator>("sum").aggregate(v);
      return v + 1;
    }
  }
  const it = env.fromElements(1, 2, 3, 4).iterate(3).registerAggregator("sum", new LongSumAggregator());
  const out = await it.closeWith(it.map(new SumAndLook())).collect();
  assertSameRecords(out, [4, 5, 6, 7]);
  // Superstep 1 sees no previous aggregate (null, as Flink); then 1+2+3+4 = 10, then 2+3+4+5 = 14.
  assert.deepEqual(log, [[1, null], [2, 10], [3, 14]]);
});

testAtParallelism("a convergence criterion on an aggregator ends the iteration", async (env) => {
  // Halve every value; count the values that changed; stop once nothing changed.
  class Halve extends RichMapFunction<number, number> {
    map(v: number): number {
      const h = Math.floor(v / 2);
      if (h !== v) this.getRuntimeContext().getIterationAggregator<LongSumAggregator>("changed").aggregate(1);
      return h;
    }
  }
  const seen: [number, number][] = [];
  const it = env.fromElements(8, 3, 1).iterate(50)
    .registerAggregationConvergenceCriterion("changed", new LongSumAggregator(), (superstep: number, changed: number) => {
      seen.push([superstep, changed]);
      return changed === 0;
    });
  const out = await it.closeWith(it.map(new Halve())).collect();
  assertSameRecords(out, [0, 0, 0]);
  // 8,3,1 -> 4,1,0 (3 changed) -> 2,0,0 (2) -> 1,0,0 (1) -> 0,0,0 (1) -> 0,0,0 (0): converged in superstep 5.
  assert.deepEqual(seen, [[1, 3], [2, 2], [3, 1], [4, 1], [5, 0]]);
  const stats = env.getLastJobExecutionResult()!.getIterationStats()[0]!;
  assert.equal(stats.terminatedBy, "convergence");
  assert.equal(stats.supersteps, 5);
});

testAtParallelism("a convergence criterion object and a DoubleSumAggregator", async (env) => {
  class Shrink extends RichMapFunction<number, number> {
    map(v: number): number {
      const next = v / 2;
      this.getRuntimeContext().getIterationAggregator<DoubleSumAggregator>("delta").aggregate(v - next);
      return next;
    }
  }
  const it = env.fromElements(1, 1).iterate(100)
    .registerAggregationConvergenceCriterion("delta", new DoubleSumAggregator(), { isConverged: (_s: number, d: number) => d < 0.01 });
  const out = await it.closeWith(it.map(new Shrink())).collect();
  // Total change 2 * 2^-k < 0.01 first at k = 8.
  assertSameRecords(out, [2 ** -8, 2 ** -8]);
});

testAtParallelism("user aggregators are copied per subtask and merged with aggregate(getAggregate())", async (env) => {
  class MaxAggregator implements Aggregator<number> {
    private max = -Infinity;
    aggregate(v: number): void {
      this.max = Math.max(this.max, v);
    }
    getAggregate(): number {
      return this.max;
    }
    reset(): void {
      this.max = -Infinity;
    }
  }
  const previous: unknown[] = [];
  class Track extends RichMapFunction<number, number> {
    override open(): void {
      if (this.getRuntimeContext().getIndexOfThisSubtask() === 0) previous.push(this.getRuntimeContext().getPreviousIterationAggregate("max"));
    }
    map(v: number): number {
      this.getRuntimeContext().getIterationAggregator<MaxAggregator>("max").aggregate(v);
      return v * 2;
    }
  }
  const it = env.generateSequence(1, 10).iterate(3).registerAggregator("max", new MaxAggregator());
  await it.closeWith(it.map(new Track())).collect();
  assert.deepEqual(previous, [null, 10, 20]);
});

testAtParallelism("an unknown aggregator name fails the job with a hint", async (env) => {
  class Bad extends RichMapFunction<number, number> {
    map(v: number): number {
      this.getRuntimeContext().getIterationAggregator("nope");
      return v;
    }
  }
  const it = env.fromElements(1).iterate(2);
  await assert.rejects(it.closeWith(it.map(new Bad())).collect(), (e: Error) => {
    assert.equal(e.name, "JobExecutionException");
    assert.match(String((e.cause as Error).message), /no aggregator named 'nope'.*registerAggregator/);
    return true;
  });
});

testAtParallelism("getSuperstepNumber outside an iteration is an error", async (env) => {
  class Outside extends RichMapFunction<number, number> {
    map(v: number): number {
      return v + this.getRuntimeContext().getSuperstepNumber();
    }
  }
  await assert.rejects(env.fromElements(1).map(new Outside()).collect(), /only available inside an iteration/);
});

testAtParallelism("a failing convergence criterion fails the job naming the iteration", async (env) => {
  const boom = new Error("boom");
  const it = env.fromElements(1).iterate(3).name("looping")
    .registerAggregationConvergenceCriterion("n", new LongSumAggregator(), () => {
      throw boom;
    });
  await assert.rejects(it.closeWith(it.map((x) => x)).collect(), (e: Error) => {
    assert.equal(e.name, "JobExecutionException");
    assert.match(e.message, /'looping'/);
    assert.equal(e.cause, boom);
    return true;
  });
});
