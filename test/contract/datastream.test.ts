/** API.md "DataStream": environment, sources, basic operators, print prefixes, Flink key routing, execute/executeAsync, Rich functions. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { availableParallelism } from "node:os";
import {
  DataStream, Duration, JobClient, JobExecutionResult, KeyedStream, RichCoGroupFunction, RichJoinFunction, RichMapFunction, StreamExecutionEnvironment,
  TumblingEventTimeWindows, WatermarkStrategy, type Collector,
} from "../../src/index.js";
import { captureStdout } from "./tmp.js";
import { flinkSubtask, lineServer, sleep } from "./stream-util.js";

type Ev = [string, number];
const lines = (s: string): string[] => s.split("\n").filter((l) => l !== "");
const monotonous = <T>(ts: (e: T) => number): WatermarkStrategy<T> => WatermarkStrategy.forMonotonousTimestamps<T>().withTimestampAssigner((e) => ts(e));
async function run(env: StreamExecutionEnvironment): Promise<string[]> {
  return lines(await captureStdout(async () => { await env.execute(); }));
}

test("StreamExecutionEnvironment: default parallelism is the number of cores; setParallelism; auto-watermark interval 200 by default", () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment();
  assert.equal(env.getParallelism(), availableParallelism());
  assert.equal(env.setParallelism(3), env);
  assert.equal(env.getParallelism(), 3);
  assert.equal(env.getConfig().getAutoWatermarkInterval(), 200);
  env.getConfig().setAutoWatermarkInterval(50);
  assert.equal(env.getConfig().getAutoWatermarkInterval(), 50);
  assert.equal(env.disableOperatorChaining(), env);
});

test("fromElements / fromCollection with map, flatMap, filter, union; print at parallelism 1 has no prefix", async () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
  let pulls = 0;
  function* gen(): Generator<number> { for (const x of [10, 20]) { pulls++; yield x; } }
  env.fromElements(1, 2, 3, 4).map((x) => x * 2).filter((x) => x !== 4)
    .union(env.fromCollection(gen()))
    .flatMap((x: number, out: Collector<string>) => { out.collect(`v${x}`); })
    .print();
  const out = await run(env);
  assert.deepEqual(out.sort(), ["v10", "v2", "v20", "v6", "v8"]);
  assert.equal(pulls, 2, "the collection is consumed once");
});

test("a non-parallel source feeding a higher parallelism distributes round-robin; print prefixes 'k> '", async () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(4);
  env.fromCollection(Array.from({ length: 40 }, (_, i) => i)).map((x) => x).print();
  const out = await run(env);
  assert.equal(out.length, 40);
  const per = new Map<string, number>();
  for (const l of out) {
    const m = /^([1-4])> (\d+)$/.exec(l);
    assert.ok(m, l);
    per.set(m[1]!, (per.get(m[1]!) ?? 0) + 1);
  }
  assert.deepEqual([...per.values()], [10, 10, 10, 10]);
  // Round-robin: consecutive records go to consecutive subtasks.
  const sub = new Map(out.map((l) => [Number(l.split("> ")[1]), Number(l.split(">")[0])]));
  for (let i = 1; i < 40; i++) assert.equal(sub.get(i), (sub.get(i - 1)! % 4) + 1);
});

test("keyBy returns a KeyedStream, which is a DataStream", () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
  const keyed = env.fromElements<Ev>(["a", 1]).keyBy((e) => e[0]);
  assert.ok(keyed instanceof KeyedStream);
  assert.ok(keyed instanceof DataStream);
});

for (const p of [2, 3, 4]) {
  test(`keys route as Flink's key groups and a forward print sink prefixes the window operator's subtask [p=${p}]`, async () => {
    const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(p);
    const keys: unknown[] = [
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "a",
      "hello",
      "Flink",
      "",
      0,
      7,
      -3,
      2147483648,
      1.5,
      -0.25,
      true,
      false,
      12n,
      ["x", 1],
      [2, "y", true],
    ];
    const events = keys.map((k, i): [unknown, number, number] => [k, i, 1000]);
    env.fromCollection(events).assignTimestampsAndWatermarks(monotonous((e: [unknown, number, number]) => e[2]))
      .keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
      .reduce((a) => a).map((e) => e[1]).print();
    const out = await run(env);
    const expected = events.map((e) => `${flinkSubtask(e[0], p) + 1}> ${e[1]}`);
    assert.deepEqual(out.sort(), expected.sort());
  });
}

test("seed 003's prefixes: string keys '1'..'6' at parallelism 2 land where Flink prints them", async () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
  env.fromElements("1", "2", "3", "4", "5", "6").assignTimestampsAndWatermarks(monotonous(() => 1718089200000))
    .keyBy((k) => k).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))).reduce((a) => a).print();
  assert.deepEqual((await run(env)).sort(), ["1> 1", "1> 2", "1> 3", "1> 4", "1> 6", "2> 5"]);
});

test("execute(jobName) resolves with a JobExecutionResult once all output is written; rejects on failure", async () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
  env.fromElements(1, 2, 3).map((x) => x * 10).print();
  let result: unknown;
  const out = lines(await captureStdout(async () => { result = await env.execute("stream job"); }));
  assert.ok(result instanceof JobExecutionResult);
  assert.equal(out.length, 3);
  const failing = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
  const boom = new Error("stream boom");
  failing.fromElements(1, 2).map(() => { throw boom; }).name("bad-stream-map").print();
  await assert.rejects(failing.execute(), (e: unknown) => e === boom || (e as Error).cause === boom);
});

test("executeAsync returns a JobClient: getJobExecutionResult() resolves when the sources end; cancel() stops an endless job", async () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
  env.fromElements(1, 2).print();
  let client: JobClient | undefined;
  await captureStdout(async () => {
    client = await env.executeAsync("async");
    assert.ok(client instanceof JobClient);
    assert.ok((await client.getJobExecutionResult()) instanceof JobExecutionResult);
  });
  const server = await lineServer();
  const endless = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
  endless.socketTextStream("127.0.0.1", server.port).print();
  await captureStdout(async () => {
    const c = await endless.executeAsync("endless");
    await server.connected;
    await server.write("one\n");
    await sleep(30);
    const settled = c.getJobExecutionResult().then(() => "done", () => "stopped");
    await c.cancel();
    assert.ok(["done", "stopped"].includes(await settled));
  });
  await server.close();
});

test("Rich functions in DataStream operators: open/close once per parallel instance, runtime context", async () => {
  const opened: number[] = [];
  let closed = 0;
  class Tag extends RichMapFunction<number, string> {
    override open(): void { opened.push(this.getRuntimeContext().getIndexOfThisSubtask()); }
    map(v: number): string { return `${v}@${this.getRuntimeContext().getNumberOfParallelSubtasks()}`; }
    override close(): void { closed++; }
  }
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(3);
  env.fromElements(1, 2, 3, 4, 5, 6).map(new Tag()).setParallelism(3).name("tagger").print();
  const out = await run(env);
  assert.equal(out.length, 6);
  assert.ok(out.every((l) => l.endsWith("@3")));
  assert.deepEqual(opened.sort(), [0, 1, 2]);
  assert.equal(closed, 3);
});

test("RichCoGroupFunction in a windowed coGroup (as in seed 003)", async () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
  let opens = 0;
  class LeftJoin extends RichCoGroupFunction<Ev, Ev, string> {
    override open(): void { opens++; }
    coGroup(left: Iterable<Ev>, right: Iterable<Ev>, out: Collector<string>): void {
      for (const l of left) {
        const matches = [...right].filter((r) => r[1] === l[1]);
        if (matches.length === 0) out.collect(`${l[0]}-none`);
        for (const r of matches) out.collect(`${l[0]}-${r[0]}`);
      }
    }
  }
  const left = env.fromElements<Ev>(["a", 1], ["b", 2]).assignTimestampsAndWatermarks(monotonous(() => 0));
  const right = env.fromElements<Ev>(["x", 1]).assignTimestampsAndWatermarks(monotonous(() => 0));
  left.coGroup(right).where((e) => e[1]).equalTo((e) => e[1]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))).apply(new LeftJoin()).print();
  const out = await run(env);
  assert.deepEqual(out.map((l) => l.replace(/^\d> /, "")).sort(), ["a-x", "b-none"]);
  assert.equal(opens, 2);
});

test("accumulators and a RichJoinFunction in a windowed join reach the stream job's JobExecutionResult", async () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
  class Pair extends RichJoinFunction<Ev, Ev, string> {
    join(x: Ev, y: Ev): string {
      this.getRuntimeContext().getIntCounter("pairs").add(1);
      return `${x[0]}${x[1]}${y[1]}`;
    }
  }
  const left = env.fromElements<Ev>(["a", 1], ["b", 2], ["a", 3]).assignTimestampsAndWatermarks(monotonous(() => 10));
  const right = env.fromElements<Ev>(["a", 9], ["c", 7]).assignTimestampsAndWatermarks(monotonous(() => 20));
  left.join(right).where((e) => e[0]).equalTo((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1))).apply(new Pair()).print();
  let result: JobExecutionResult | undefined;
  const out = lines(await captureStdout(async () => { result = await env.execute(); }));
  assert.deepEqual(out.map((l) => l.replace(/^\d> /, "")).sort(), ["a19", "a39"]);
  assert.equal(result!.getAccumulatorResult("pairs"), 2);
  assert.equal(result!.getAllAccumulatorResults().pairs, 2);
});
