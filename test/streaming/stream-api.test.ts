/** DataStream API basics: record ownership, partitioning, plan, definition-time checks. */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  Duration, InvalidProgramException, RichMapFunction, StreamExecutionEnvironment, TumblingEventTimeWindows, WatermarkStrategy, type Collector,
} from "../../src/index.js";
import { sorted, testAtStreamParallelism } from "./stream-helpers.js";

testAtStreamParallelism("a function mutating its input does not change what another consumer of the stream sees", async (env) => {
  const s = env.fromElements<[string, number]>(["a", 1], ["b", 2]);
  const mutated: string[] = [];
  const untouched: string[] = [];
  s.map((r) => { r[1] = 99; return r.join(); }).addSink((v) => { mutated.push(v); });
  s.map((r) => r.join()).addSink((v) => { untouched.push(v); });
  await env.execute();
  assert.deepEqual(mutated.sort(), ["a,99", "b,99"]);
  assert.deepEqual(untouched.sort(), ["a,1", "b,2"]);
});

testAtStreamParallelism("a flatMap that mutates and re-emits one object emits distinct records into a window", async (env) => {
  const out = await env.fromElements(3)
    .flatMap((n: number, col: Collector<[string, number]>) => {
      const reused: [string, number] = ["k", 0];
      for (let i = 1; i <= n; i++) {
        reused[1] = i;
        col.collect(reused);
      }
    })
    .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps<[string, number]>().withTimestampAssigner(() => 0))
    .keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
    .process((_k: string, _c, els: [string, number][], o: Collector<string>) => o.collect(els.map((e) => e[1]).sort().join()))
    .executeAndCollect();
  assert.deepEqual(out, ["1,2,3"]);
});

testAtStreamParallelism("fromCollection reads the iterable when the job runs; union merges streams", async (env) => {
  function* gen(): Generator<number> {
    yield* [1, 2, 3];
  }
  const out = await env.fromCollection(gen()).union(env.fromElements(10), env.fromSequence(20, 21)).map((x) => x * 2).executeAndCollect();
  assert.deepEqual(out.sort((a, b) => a - b), [2, 4, 6, 20, 40, 42]);
});

class WhereAmI extends RichMapFunction<[number, number], string> {
  map(e: [number, number]): string {
    return `${e[0]}@${this.getRuntimeContext().getIndexOfThisSubtask()}`;
  }
}

testAtStreamParallelism("keyBy routes every record of a key to one subtask", async (env, p) => {
  const seen = await env.fromSequence(1, 200).map((i): [number, number] => [i % 7, i]).keyBy((e) => e[0])
    .map(new WhereAmI())
    .executeAndCollect();
  const byKey = new Map<string, Set<string>>();
  for (const s of seen) {
    const [k, sub] = s.split("@") as [string, string];
    byKey.set(k, (byKey.get(k) ?? new Set()).add(sub));
  }
  assert.equal(byKey.size, 7);
  for (const subs of byKey.values()) assert.equal(subs.size, 1);
  assert.ok([...byKey.values()].every((s) => Number([...s][0]) < p));
});

test("the execution plan shows sources, operators, sinks, parallelism and ship strategies", () => {
  const env = StreamExecutionEnvironment.createLocalEnvironment(2);
  env.fromElements<[string, number]>(["a", 1])
    .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps<[string, number]>().withTimestampAssigner((e) => e[1]))
    .keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1))).reduce((a) => a).print();
  const plan = JSON.parse(env.getExecutionPlan()) as {
    nodes: { type: string; pact: string; parallelism: number; predecessors: { ship_strategy: string }[] }[];
  };
  assert.deepEqual(plan.nodes.map((n) => [n.pact, n.parallelism, n.predecessors.map((x) => x.ship_strategy).join()]), [
    ["Data Source", 1, ""], ["Operator", 1, "FORWARD"], ["Operator", 2, "HASH"], ["Data Sink", 2, "FORWARD"],
  ]);
  assert.match(plan.nodes[2]!.type, /^Window\(TumblingEventTimeWindows\(1000\), EventTimeTrigger, ReduceFunction\)$/);
});

test("definition-time errors are InvalidProgramExceptions", async () => {
  const env = StreamExecutionEnvironment.createLocalEnvironment(2);
  assert.throws(() => env.fromElements(), InvalidProgramException);
  assert.throws(() => env.fromElements(1).setParallelism(2), /non parallel/);
  assert.throws(() => env.fromElements(1).keyBy((x) => x).setParallelism(2), InvalidProgramException);
  assert.throws(() => TumblingEventTimeWindows.of(Duration.ofMillis(0)), InvalidProgramException);
  assert.throws(() => WatermarkStrategy.forMonotonousTimestamps().withIdleness(Duration.ZERO), InvalidProgramException);
  assert.throws(() => env.fromElements(1).map(42 as never), InvalidProgramException);
  await assert.rejects(StreamExecutionEnvironment.createLocalEnvironment(1).execute(), /No operators defined/);
  const forward = StreamExecutionEnvironment.createLocalEnvironment(2);
  forward.fromElements(1).forward().map((x) => x).print();
  await assert.rejects(forward.execute(), /Forward partitioning does not allow change of parallelism/);
});

test("default parallelism is the number of cores; the auto-watermark interval defaults to 200 ms", async () => {
  const { availableParallelism } = await import("node:os");
  const env = StreamExecutionEnvironment.getExecutionEnvironment();
  assert.equal(env.getParallelism(), availableParallelism());
  assert.equal(env.getConfig().getAutoWatermarkInterval(), 200);
});

testAtStreamParallelism("execute resolves with the result after all output is written", async (env) => {
  const got: number[] = [];
  env.fromSequence(1, 10_000).filter((x) => x % 1000 === 0).addSink((x) => { got.push(x); });
  const result = await env.execute("numbers");
  assert.equal(result.getJobName(), "numbers");
  assert.ok(result.getNetRuntime() >= 0);
  assert.deepEqual(sorted(got), sorted([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000]));
});
