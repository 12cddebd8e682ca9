/** API.md "Iterations": bulk (maxIterations, termination criterion), delta (solution set semantics), aggregators, convergence. */
import assert from "node:assert/strict";
import { DeltaIteration, DoubleSumAggregator, LongSumAggregator, RichMapFunction, type Collector } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

type KV = [number, number];

testAtParallelism("bulk: iterate(n) + closeWith(next) runs n supersteps", async (env) => {
  const it = env.fromElements(0, 100).iterate(7);
  assert.equal(it.getMaxIterations(), 7);
  assertSameRecords(await it.closeWith(it.map((x) => x + 1)).collect(), [7, 107]);
  const g = env.generateSequence(1, 20).iterate(3);
  assert.equal(await g.closeWith(g.filter((x) => x % 2 === 0).map((x) => x / 2)).count(), 2, "20 -> 10 evens -> 5 -> 2");
});

testAtParallelism("bulk: closeWith(next, criterion) stops once the criterion is empty; the result is that superstep's new partial solution", async (env) => {
  const it = env.fromElements(0).iterate(100);
  const next = it.map((x) => x + 1);
  const result = await it.closeWith(next, next.filter((x) => x < 5)).collect();
  assert.deepEqual(result, [5]);
  const it2 = env.fromElements(1, 2, 3).iterate(50);
  const next2 = it2.map((x) => x * 2);
  assertSameRecords(await it2.closeWith(next2, next2.filter((x) => x < 40)).collect(), [64, 128, 192]);
  const it3 = env.fromElements(1).iterate(4);
  const next3 = it3.map((x) => x + 1);
  assert.deepEqual(await it3.closeWith(next3, next3).collect(), [5], "a never-empty criterion runs to maxIterations");
});

testAtParallelism(
  "delta: iterateDelta(workset, n, key) with getSolutionSet / getWorkset; delta records replace by key; stops on an empty workset",
  async (env) => {
    // Connected components on a path 1-2-3 and an edge 4-5: labels are the minimum vertex id.
    const vertices = env.fromElements<KV>([1, 1], [2, 2], [3, 3], [4, 4], [5, 5]);
    const edges = env.fromElements<KV>([1, 2], [2, 1], [2, 3], [3, 2], [4, 5], [5, 4]);
    const d = vertices.iterateDelta(vertices, 20, 0);
    assert.ok(d instanceof DeltaIteration);
    const candidates = d
      .getWorkset()
      .join(edges)
      .where(0)
      .equalTo(0)
      .with((v: KV, e: KV): KV => [e[1], v[1]])
      .groupBy(0)
      .min(1);
    const changes = candidates
      .join(d.getSolutionSet())
      .where(0)
      .equalTo(0)
      .with((c: KV, s: KV, out: Collector<KV>) => {
        if (c[1] < s[1]) out.collect(c);
      });
    const result = await d.closeWith(changes, changes).collect();
    assertSameRecords(result, [
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 4],
      [5, 4],
    ]);
  },
);

testAtParallelism("delta: keys not in the solution set are inserted; duplicate initial keys collapse to one", async (env) => {
  const initial = env.fromElements<KV>([1, 10], [1, 11], [2, 20]);
  const d = initial.iterateDelta(env.fromElements<KV>([3, 30]), 5, 0);
  const delta = d.getWorkset().map((w) => w);
  const result = await d.closeWith(delta, delta.filter(() => false)).collect();
  const byKey = new Map<number, number[]>();
  for (const [k, v] of result) byKey.set(k, [...(byKey.get(k) ?? []), v]);
  assert.deepEqual([...byKey.keys()].sort(), [1, 2, 3]);
  assert.equal(byKey.get(1)!.length, 1, "one record for the duplicated key");
  assert.ok([10, 11].includes(byKey.get(1)![0]!));
  assert.deepEqual(byKey.get(3), [30]);
});

testAtParallelism("delta: solution-set updates are visible at once within the superstep", async (env) => {
  const d = env.fromElements<KV>([1, 0], [2, 0]).iterateDelta(env.fromElements<KV>([1, 5], [2, 7]), 1, 0);
  const delta = d.getWorkset().map((w) => w);
  const seen: KV[] = [];
  const probe = delta.map((x) => x).join(d.getSolutionSet()).where(0).equalTo(0).with((_x: KV, s: KV) => { seen.push([...s] as KV); return s; });
  const result = await d.closeWith(delta, probe.filter(() => false)).collect();
  assertSameRecords(result, [[1, 5], [2, 7]]);
  assertSameRecords(seen, [[1, 5], [2, 7]]);
});

testAtParallelism("delta: iterateDelta with a composite key of several positions", async (env) => {
  const d = env.fromElements<[number, string, number]>([1, "a", 0], [1, "b", 0]).iterateDelta(env.fromElements<[number, string, number]>([1, "a", 9]), 3, 0, 1);
  const delta = d.getWorkset().map((w) => w);
  const result = await d.closeWith(delta, delta.filter(() => false)).collect();
  assertSameRecords(result, [[1, "a", 9], [1, "b", 0]]);
});

testAtParallelism(
  "registerAggregator: getIterationAggregator in a superstep, getPreviousIterationAggregate in the next (getAggregate's value)",
  async (env) => {
    const log: [number, unknown][] = [];
    class Step extends RichMapFunction<number, number> {
      override open(): void {
        const ctx = this.getRuntimeContext();
        if (ctx.getIndexOfThisSubtask() === 0) log.push([ctx.getSuperstepNumber(), ctx.getPreviousIterationAggregate("sum")]);
      }
      map(v: number): number {
        this.getRuntimeContext()
          .getIterationAggregator<LongSumAggregator>("sum")
          .aggregate(v + 1);
        return v + 1;
      }
    }
    const it = env.generateSequence(1, 4).iterate(3);
    assert.equal(it.registerAggregator("sum", new LongSumAggregator()), it);
    const result = await it.closeWith(it.map(new Step())).collect();
    assertSameRecords(result, [4, 5, 6, 7]);
    const prev = new Map(log);
    assert.deepEqual([prev.get(2), prev.get(3)], [14, 18]);
    assert.ok(prev.get(1) === undefined || prev.get(1) === null || prev.get(1) === 0, `superstep 1 sees no previous aggregate: ${String(prev.get(1))}`);
  },
);

testAtParallelism("registerAggregationConvergenceCriterion: a function (superstep, value) => boolean or { isConverged }", async (env) => {
  class Inc extends RichMapFunction<number, number> {
    map(v: number): number {
      this.getRuntimeContext().getIterationAggregator<LongSumAggregator>("total").aggregate(v + 1);
      return v + 1;
    }
  }
  const calls: [number, number][] = [];
  const it = env.generateSequence(1, 4).iterate(10);
  it.registerAggregationConvergenceCriterion("total", new LongSumAggregator(), (superstep: number, value: number) => {
    calls.push([superstep, value]);
    return value > 20;
  });
  assertSameRecords(await it.closeWith(it.map(new Inc())).collect(), [4, 5, 6, 7]);
  // Checked after the last job: worker threads replaying the program do not call the criterion.
  const criterionCalls = [...calls];

  class Halve extends RichMapFunction<number, number> {
    map(v: number): number {
      this.getRuntimeContext().getIterationAggregator<DoubleSumAggregator>("change").aggregate(v / 2);
      return v / 2;
    }
  }
  const it2 = env.fromElements(8, 8).iterate(50);
  it2.registerAggregationConvergenceCriterion("change", new DoubleSumAggregator(), { isConverged: (_s: number, change: number) => change < 1 });
  assertSameRecords(await it2.closeWith(it2.map(new Halve())).collect(), [0.25, 0.25]);
  assert.deepEqual(criterionCalls, [[1, 14], [2, 18], [3, 22]]);
});

testAtParallelism("a user aggregator object (aggregate, getAggregate, reset) is merged over subtasks", async (env) => {
  const maxAgg = {
    value: -Infinity,
    aggregate(v: number): void { this.value = Math.max(this.value, v); },
    getAggregate(): number { return this.value; },
    reset(): void { this.value = -Infinity; },
  };
  const seen: number[] = [];
  class Track extends RichMapFunction<number, number> {
    override open(): void {
      const ctx = this.getRuntimeContext();
      if (ctx.getIndexOfThisSubtask() === 0 && ctx.getSuperstepNumber() > 1) seen.push(ctx.getPreviousIterationAggregate<number>("max"));
    }
    map(v: number): number {
      this.getRuntimeContext().getIterationAggregator<typeof maxAgg>("max").aggregate(v * 10);
      return v + 1;
    }
  }
  const it = env.generateSequence(1, 8).iterate(3).registerAggregator("max", maxAgg);
  await it.closeWith(it.map(new Track())).collect();
  assert.deepEqual(seen, [80, 90]);
});

testAtParallelism("a delta iteration also takes registerAggregator; functions reach it from the runtime context", async (env) => {
  const seen: unknown[] = [];
  class Step extends RichMapFunction<KV, KV> {
    override open(): void {
      const ctx = this.getRuntimeContext();
      if (ctx.getIndexOfThisSubtask() === 0) seen.push(ctx.getPreviousIterationAggregate("n"));
    }
    map(w: KV): KV {
      this.getRuntimeContext().getIterationAggregator<LongSumAggregator>("n").aggregate(1);
      return [w[0], w[1] - 1];
    }
  }
  const d = env.fromElements<KV>([1, 3], [2, 3]).iterateDelta(env.fromElements<KV>([1, 3], [2, 3]), 10, 0);
  d.registerAggregator("n", new LongSumAggregator());
  const next = d.getWorkset().map(new Step()).filter((w) => w[1] > 0);
  assertSameRecords(await d.closeWith(next, next).collect(), [[1, 1], [2, 1]]);
  assert.deepEqual(seen.slice(1), [2, 2], "supersteps 2 and 3 see the previous superstep's count");
});
