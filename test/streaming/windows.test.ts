/** Keyed event-time windows run as jobs, at parallelism 1, 2 and 4. */
import assert from "node:assert/strict";
import {
  Duration, EventTimeSessionWindows, OutputTag, ProcessWindowFunction, SlidingEventTimeWindows, TumblingEventTimeWindows, WatermarkStrategy,
  type Collector, type ProcessWindowContext, type StreamExecutionEnvironment,
} from "../../src/index.js";
import { punctuated, sorted, testAtStreamParallelism } from "./stream-helpers.js";

type Ev = [key: string, value: number, ts: number];

const EVENTS: Ev[] = [
  ["a", 1, 1000], ["b", 10, 1500], ["a", 2, 4999], ["a", 3, 5000], ["c", 7, 3000],
  ["b", 20, 7000], ["a", 4, 12000], ["c", 1, 9999], ["b", 30, 500],
];

function events(env: StreamExecutionEnvironment) {
  // Generous bound: a bounded source emits everything before the first periodic watermark anyway.
  return env.fromElements(...EVENTS).assignTimestampsAndWatermarks(
    WatermarkStrategy.forBoundedOutOfOrderness<Ev>(Duration.ofSeconds(10)).withTimestampAssigner((e) => e[2]),
  );
}

testAtStreamParallelism("tumbling windows reduce per key and window; the final watermark fires them all", async (env) => {
  const out = await events(env).keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
    .reduce((x, y) => [x[0], x[1] + y[1], Math.max(x[2], y[2])]).executeAndCollect();
  assert.deepEqual(sorted(out), sorted([
    ["a", 3, 4999], ["a", 3, 5000], ["a", 4, 12000], ["b", 40, 1500], ["b", 20, 7000], ["c", 7, 3000], ["c", 1, 9999],
  ]));
});

testAtStreamParallelism("sliding windows aggregate (count and sum) per key", async (env) => {
  const agg = {
    createAccumulator: (): [number, number] => [0, 0],
    add: (e: Ev, acc: [number, number]): [number, number] => [acc[0] + 1, acc[1] + e[1]],
    getResult: (acc: [number, number]) => acc,
    merge: (x: [number, number], y: [number, number]): [number, number] => [x[0] + y[0], x[1] + y[1]],
  };
  const out = await events(env)
    .filter((e) => e[0] === "a")
    .keyBy((e) => e[0])
    .window(SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(5)))
    .aggregate(agg, (key: string, ctx: ProcessWindowContext, els: [number, number][], o: Collector<string>) =>
      o.collect(`${key}@${ctx.window().getStart()}:${els[0]![0]}/${els[0]![1]}`),
    )
    .executeAndCollect();
  // a: 1000, 4999 in [-5000,5000) and [0,10000); 5000 in [0,10000), [5000,15000); 12000 in [5000,15000), [10000,20000)
  assert.deepEqual(out.sort(), ["a@-5000:2/3", "a@0:3/6", "a@10000:1/4", "a@5000:2/7"]);
});

testAtStreamParallelism("session windows merge per key and report their bounds", async (env) => {
  const out = await events(env).keyBy((e) => e[0]).window(EventTimeSessionWindows.withGap(Duration.ofSeconds(3)))
    .process((key: string, ctx: ProcessWindowContext, els: Ev[], o: Collector<string>) => {
      o.collect(`${key} [${ctx.window().getStart()},${ctx.window().getEnd()}) ${els.map((e) => e[1]).sort((x, y) => x - y).join("+")}`);
    })
    .executeAndCollect();
  // a: [1000,4000) does not reach 4999; [4999,7999) and [5000,8000) overlap and merge.
  assert.deepEqual(out.sort(), [
    "a [1000,4000) 1", "a [4999,8000) 2+3", "a [12000,15000) 4",
    "b [500,4500) 10+30", "b [7000,10000) 20",
    "c [3000,6000) 7", "c [9999,12999) 1",
  ].sort());
});

testAtStreamParallelism("apply gets key, window and all elements; results carry the window's max timestamp", async (env) => {
  const got: [string, number | undefined][] = [];
  events(env).keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
    .apply((key: string, w, input: Ev[], o: Collector<string>) => o.collect(`${key}:${w.getStart()}-${w.getEnd()}:${input.length}`))
    .addSink((v, ctx) => { got.push([v, ctx.timestamp()]); });
  await env.execute();
  assert.deepEqual(sorted(got), sorted([
    ["a:0-10000:3", 9999], ["a:10000-20000:1", 19999], ["b:0-10000:3", 9999], ["c:0-10000:2", 9999],
  ]));
});

testAtStreamParallelism("window results can be windowed again (their timestamps place them)", async (env) => {
  const perSecond = events(env).keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
    .reduce((x, y) => [x[0], x[1] + y[1], x[2]]);
  const out = await perSecond.keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
    .reduce((x, y) => [x[0], x[1] + y[1], 0]).map((e) => `${e[0]}=${e[1]}`).executeAndCollect();
  assert.deepEqual(out.sort(), ["a=4", "a=6", "b=60", "c=8"]);
});

testAtStreamParallelism("window state is freed once the windows fired", async (env) => {
  events(env).keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))).process(new CountPerWindow()).name("counts").addSink(() => {});
  const result = await env.execute();
  const m = result.getOperatorMetrics().find((o) => o.name === "counts")!;
  assert.equal(m.peakWindowStateSize, 7);
  assert.equal(m.windowStateSize, 0);
});

class CountPerWindow extends ProcessWindowFunction<Ev, string, string> {
  process(key: string, context: ProcessWindowContext, elements: Ev[], out: Collector<string>): void {
    out.collect(`${key}@${context.window().getStart()}=${elements.length}`);
  }
}

// Punctuated watermarks at an assigner of parallelism 1 make lateness deterministic at any window parallelism.
const LATE: Ev[] = [["a", 1, 1000], ["b", 1, 2000], ["a", 1, 6000], ["a", 100, 2000], ["b", 100, 4999], ["a", 1, 7000]];

function lateInput(env: StreamExecutionEnvironment) {
  return env.fromElements(...LATE).assignTimestampsAndWatermarks(punctuated<Ev>((e) => e[2])).setParallelism(1);
}

testAtStreamParallelism("records late for their window are dropped and counted in the result", async (env) => {
  const out: Ev[] = [];
  lateInput(env).keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
    .reduce((x, y) => [x[0], x[1] + y[1], x[2]]).addSink((v) => { out.push(v); });
  const result = await env.execute();
  assert.deepEqual(sorted(out), sorted([["a", 1, 1000], ["b", 1, 2000], ["a", 2, 6000]]));
  assert.equal(result.getNumLateRecordsDropped(), 2);
  assert.equal(result.getAccumulatorResult("numLateRecordsDropped"), 2);
  assert.equal(result.getAllAccumulatorResults().numLateRecordsDropped, 2);
});

testAtStreamParallelism("sideOutputLateData routes late records to getSideOutput(tag)", async (env) => {
  const tag = new OutputTag<Ev>("late");
  const main: Ev[] = [];
  const late: Ev[] = [];
  const sums = lateInput(env).keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
    .sideOutputLateData(tag).reduce((x, y) => [x[0], x[1] + y[1], x[2]]);
  sums.addSink((v) => { main.push(v); });
  sums.getSideOutput(tag).addSink((v) => { late.push(v); });
  const result = await env.execute();
  assert.equal(main.length, 3);
  assert.deepEqual(sorted(late), sorted([["a", 100, 2000], ["b", 100, 4999]]));
  assert.equal(result.getNumLateRecordsDropped(), 0);
});

testAtStreamParallelism("allowedLateness accepts late records and fires the window again", async (env) => {
  const out: string[] = [];
  lateInput(env).keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
    .allowedLateness(Duration.ofSeconds(2))
    .reduce((x, y) => [x[0], x[1] + y[1], x[2]]).map((e) => `${e[0]}:${e[1]}`).addSink((v) => { out.push(v); });
  const result = await env.execute();
  // wm 5999 fires [0,5000) for a and b; each late record (within 2 s) fires its window again with
  // everything in it; wm 6999 purges them, so nothing is dropped.
  assert.deepEqual(out.sort(), ["a:1", "a:101", "a:2", "b:1", "b:101"].sort());
  assert.equal(result.getNumLateRecordsDropped(), 0);
});
