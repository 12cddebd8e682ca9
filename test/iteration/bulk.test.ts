import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, RichMapFunction, type Configuration } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

function statsOf(env: ExecutionEnvironment) {
  const stats = env.getLastJobExecutionResult()!.getIterationStats();
  assert.equal(stats.length, 1);
  return stats[0]!;
}

testAtParallelism("a bulk iteration runs maxIterations supersteps without a criterion", async (env) => {
  const it = env.fromElements(1, 2, 3).iterate(10);
  const out = await it.closeWith(it.map((x) => x + 1)).collect();
  assertSameRecords(out, [11, 12, 13]);
  const s = statsOf(env);
  assert.equal(s.supersteps, 10);
  assert.equal(s.terminatedBy, "maxIterations");
  assert.deepEqual(s.inputPerSuperstep, Array(10).fill(3));
});

testAtParallelism("an empty termination criterion ends the iteration with that superstep's partial solution", async (env) => {
  const it = env.fromElements(0, 2).iterate(100);
  const next = it.map((x) => x + 1);
  const out = await it.closeWith(next, next.filter((x) => x < 5)).collect();
  // Superstep 5 computes [5, 7]; its criterion is empty, so [5, 7] is the result.
  assertSameRecords(out, [5, 7]);
  const s = statsOf(env);
  assert.equal(s.supersteps, 5);
  assert.equal(s.terminatedBy, "terminationCriterion");
});

testAtParallelism("the criterion may be computed from the partial solution itself", async (env) => {
  const it = env.fromElements(0).iterate(100);
  const out = await it.closeWith(it.map((x) => x + 1), it.filter((x) => x < 3)).collect();
  // Superstep 4 sees 3 (criterion empty) and computes 4.
  assert.deepEqual(out, [4]);
});

testAtParallelism("maxIterations bounds an iteration whose criterion never empties", async (env) => {
  const it = env.fromElements(1).iterate(7);
  const next = it.map((x) => x * 2);
  const out = await it.closeWith(next, next).collect();
  assert.deepEqual(out, [128]);
  assert.equal(statsOf(env).terminatedBy, "maxIterations");
});

testAtParallelism("functions see superstep numbers; open and close run once per superstep and subtask", async (env, p) => {
  const opens: number[] = [];
  const closes: number[] = [];
  class Tag extends RichMapFunction<number, [number, number]> {
    override open(_c: Configuration): void {
      opens.push(this.getRuntimeContext().getSuperstepNumber());
    }
    map(v: number): [number, number] {
      return [v, this.getRuntimeContext().getSuperstepNumber()];
    }
    override close(): void {
      closes.push(this.getRuntimeContext().getSuperstepNumber());
    }
  }
  const it = env.fromElements(0, 1, 2, 3, 4, 5, 6, 7).iterate(3);
  const seen: [number, number][] = [];
  const next = it.map(new Tag()).map((t: [number, number]) => {
    seen.push(t);
    return t[0];
  });
  await it.closeWith(next).collect();
  const expected = [1, 2, 3].flatMap((s) => Array<number>(p).fill(s));
  assert.deepEqual([...opens].sort(), expected);
  assert.deepEqual([...closes].sort(), expected);
  assert.deepEqual([...new Set(seen.map((t) => t[1]))], [1, 2, 3]);
  assert.equal(seen.length, 24);
});

testAtParallelism("the step function may shuffle: groupBy/reduce inside the iteration", async (env) => {
  // Each superstep: every record [k, v] becomes [k % 3, v + 1], then sums per key.
  const it = env.fromCollection(Array.from({ length: 9 }, (_, i) => [i, 1] as [number, number])).iterate(2);
  const next = it.map(([k, v]) => [k % 3, v + 1] as [number, number]).groupBy(0).sum(1);
  const out = await it.closeWith(next).collect();
  // Superstep 1: keys 0,1,2 each sum 3 * 2 = 6; superstep 2: [k, 7] once per key.
  assertSameRecords(out, [[0, 7], [1, 7], [2, 7]]);
});

testAtParallelism("outside DataSets are read by the step each superstep (union with a static input)", async (env) => {
  const extra = env.fromElements(100);
  const it = env.fromElements(1).iterate(3);
  const next = it.union(extra).reduce((a, b) => a + b);
  const out = await it.closeWith(next).collect();
  assert.deepEqual(out, [301]);
  const s = statsOf(env);
  assert.deepEqual(s.staticRecordsPerSuperstep, [1, 1, 1]);
});

testAtParallelism("static inputs are fed as copies: mutating them does not leak into later supersteps", async (env) => {
  const constants = env.fromElements({ n: 1 });
  const it = env.fromElements({ n: 0 }).iterate(3);
  const next = it.union(constants).map((r) => {
    r.n += 10;
    return r;
  }).reduce((a, b) => ({ n: a.n + b.n }));
  // 0+10 + 1+10 = 21; 21+10 + 11 = 42; 42+10 + 11 = 63 (the constant is 1 again every superstep).
  assert.deepEqual(await it.closeWith(next).collect(), [{ n: 63 }]);
});

testAtParallelism("the iteration's result flows into later operators and sinks", async (env) => {
  const it = env.generateSequence(1, 20).iterate(2);
  const result = it.closeWith(it.map((x) => x * 3));
  const evens = await result.filter((x) => x % 2 === 0).map((x) => x / 9).collect();
  assertSameRecords(evens, [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
});

testAtParallelism("an identity step keeps the partial solution", async (env) => {
  const it = env.fromElements("a", "b").iterate(4);
  assertSameRecords(await it.closeWith(it).collect(), ["a", "b"]);
});

testAtParallelism("an iteration runs at its own parallelism", async (env) => {
  const it = env.generateSequence(1, 8).iterate(2).setParallelism(2);
  const result = it.closeWith(it.map((x) => x + 1));
  assert.equal(result.getParallelism(), 2);
  assertSameRecords(await result.collect(), [3, 4, 5, 6, 7, 8, 9, 10]);
});

test("the plan JSON shows the iteration with its step function", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const it = env.fromElements(1).iterate(3).name("counter");
  it.closeWith(it.map((x) => x + 1)).output({ open() {}, writeRecord() {}, close() {} });
  type Node = { id: number; contents: string; pact: string; type: string; step_function?: Node[]; partial_solution?: number; next_partial_solution?: number };
  const plan = JSON.parse(env.getExecutionPlan()) as { nodes: Node[] };
  const iteration = plan.nodes.find((n) => n.contents === "counter")!;
  assert.equal(iteration.pact, "Bulk Iteration");
  assert.equal(iteration.type, "bulk_iteration");
  const step = iteration.step_function!;
  assert.deepEqual(step.map((n) => n.pact), ["Partial Solution", "Map", "Next Partial Solution"]);
  assert.equal(iteration.partial_solution, step[0]!.id);
  assert.equal(iteration.next_partial_solution, step[2]!.id);
  // The step's nodes are not also nodes of the outer plan.
  assert.ok(!plan.nodes.some((n) => n.pact === "Partial Solution"));
});

testAtParallelism("broadcast sets: a static one and one that depends on the iteration (re-read each superstep)", async (env) => {
  class AddBroadcasts extends RichMapFunction<number, number> {
    private offset = 0;
    override open(): void {
      const ctx = this.getRuntimeContext();
      const constant = ctx.getBroadcastVariable<number>("constant")[0]!;
      const total = ctx.getBroadcastVariable<number>("partial").reduce((a, b) => a + b, 0);
      this.offset = constant + total;
    }
    map(v: number): number {
      return v + this.offset;
    }
  }
  const it = env.fromElements(1, 2).iterate(2);
  const next = it.map(new AddBroadcasts()).withBroadcastSet(env.fromElements(100), "constant").withBroadcastSet(it, "partial");
  // Superstep 1: offset 100 + 3 -> [104, 105]; superstep 2: offset 100 + 209 -> [413, 414].
  assertSameRecords(await it.closeWith(next).collect(), [413, 414]);
});

testAtParallelism("accumulators inside a step function count over all supersteps", async (env) => {
  class Count extends RichMapFunction<number, number> {
    map(v: number): number {
      this.getRuntimeContext().getIntCounter("records").add(1);
      return v;
    }
  }
  const it = env.generateSequence(1, 10).iterate(3);
  await it.closeWith(it.map(new Count())).collect();
  assert.equal(env.getLastJobExecutionResult()!.getAccumulatorResult("records"), 30);
});

testAtParallelism("iterations work with object reuse enabled", async (env) => {
  env.getConfig().enableObjectReuse();
  const it = env.fromElements<[number, number]>([1, 1], [2, 2]).iterate(3);
  const next = it.map((t) => [t[0], t[1] * 2] as [number, number]).groupBy(0).sum(1);
  assertSameRecords(await it.closeWith(next).collect(), [[1, 8], [2, 16]]);
});
