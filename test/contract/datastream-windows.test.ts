/** API.md "DataStream" windows on bounded sources: assigners, reduce/aggregate/process, TimeWindow, result timestamps, coGroup and join. */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  Duration, EventTimeSessionWindows, SlidingEventTimeWindows, StreamExecutionEnvironment, TimeWindow, TumblingEventTimeWindows,
  WatermarkStrategy, type Collector,
} from "../../src/index.js";
import { captureStdout } from "./tmp.js";

type Ev = [string, number, number]; // key, timestamp, value
const strip = (l: string): string => l.replace(/^\d+> /, "");
const monotonous = <T>(ts: (e: T) => number): WatermarkStrategy<T> => WatermarkStrategy.forMonotonousTimestamps<T>().withTimestampAssigner((e) => ts(e));
async function run(env: StreamExecutionEnvironment): Promise<string[]> {
  const text = await captureStdout(async () => { await env.execute(); });
  return text.split("\n").filter((l) => l !== "").map(strip).sort();
}
function events(env: StreamExecutionEnvironment, evs: Ev[]) {
  return env.fromCollection(evs).assignTimestampsAndWatermarks(monotonous((e: Ev) => e[1]));
}
const EVENTS: Ev[] = [["a", 100, 1], ["b", 200, 10], ["a", 900, 2], ["a", 1000, 4], ["b", 1999, 20], ["a", 2500, 8], ["b", 2000, 40]];

for (const p of [1, 4]) {
  test(`tumbling windows: keyBy(sel).window(...).reduce(f); a bounded source's final watermark fires every window [p=${p}]`, async () => {
    const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(p);
    events(env, EVENTS).keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
      .reduce((x, y) => [x[0], Math.min(x[1], y[1]), x[2] + y[2]]).map((e) => `${e[0]}:${e[2]}`).print();
    assert.deepEqual(await run(env), ["a:3", "a:4", "a:8", "b:10", "b:20", "b:40"].sort());
  });

  test(`sliding windows with an AggregateFunction object (createAccumulator, add, getResult, merge) [p=${p}]`, async () => {
    const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(p);
    const avg = {
      createAccumulator: (): [number, number] => [0, 0],
      add: (e: Ev, acc: [number, number]): [number, number] => [acc[0] + e[2], acc[1] + 1],
      getResult: (acc: [number, number]): string => `${acc[0]}/${acc[1]}`,
      merge: (x: [number, number], y: [number, number]): [number, number] => [x[0] + y[0], x[1] + y[1]],
    };
    events(env, EVENTS.filter((e) => e[0] === "a")).keyBy((e) => e[0])
      .window(SlidingEventTimeWindows.of(Duration.ofSeconds(2), Duration.ofSeconds(1))).aggregate(avg).print();
    // a: 100,900 -> [-1000,1000) and [0,2000); 1000 -> [0,2000),[1000,3000); 2500 -> [1000,3000),[2000,4000)
    assert.deepEqual(await run(env), ["3/2", "7/3", "12/2", "8/1"].sort());
  });

  test(`session windows: a gap splits sessions; windows that touch merge [p=${p}]`, async () => {
    const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(p);
    const evs: Ev[] = [["s", 0, 1], ["s", 1000, 1], ["s", 2001, 1], ["t", 0, 1], ["t", 500, 1]];
    events(env, evs).keyBy((e) => e[0]).window(EventTimeSessionWindows.withGap(Duration.ofSeconds(1)))
      .process((key: string, ctx, elements: Ev[], out: Collector<string>) => {
        const w = ctx.window();
        out.collect(`${key}[${w.getStart()},${w.getEnd()})=${elements.length}`);
      }).print();
    // s: 0 -> [0,1000), 1000 -> [1000,2000): touching, merged to [0,2000); 2001 -> [2001,3001) apart.
    assert.deepEqual(await run(env), ["s[0,2000)=2", "s[2001,3001)=1", "t[0,1500)=2"].sort());
  });
}

test("process: a function or an object with process; context.window() is a TimeWindow with getStart, getEnd, maxTimestamp", async () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
  const evs = events(env, EVENTS).keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(2)));
  evs.process({
    process(key: string, ctx: { window(): TimeWindow }, elements: Ev[], out: Collector<string>): void {
      const w = ctx.window();
      assert.ok(w instanceof TimeWindow);
      out.collect(`${key} ${w.getStart()} ${w.getEnd()} ${w.maxTimestamp()} ${elements.map((e) => e[2]).sort((x, y) => x - y).join(",")}`);
    },
  }).print();
  assert.deepEqual(await run(env), ["a 0 2000 1999 1,2,4", "a 2000 4000 3999 8", "b 0 2000 1999 10,20", "b 2000 4000 3999 40"].sort());
});

test("a window's results carry the timestamp window.maxTimestamp() (cascaded windows)", async () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
  const perSecond = events(env, EVENTS).keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
    .reduce((x, y) => [x[0], x[1], x[2] + y[2]]);
  // A result of [0,1000) carries 999, so it falls into the same 1 s window downstream, not into [1000,2000).
  perSecond
    .keyBy((e) => e[0])
    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
    .process((key: string, ctx, elements: Ev[], out: Collector<string>) => {
      out.collect(`${key}@${ctx.window().getStart()}=${elements.map((e) => e[2]).join(",")}`);
    })
    .print();
  assert.deepEqual(await run(env), ["a@0=3", "a@1000=4", "a@2000=8", "b@0=10", "b@1000=20", "b@2000=40"].sort());
});

test("a bounded source's final watermark fires windows however far in the future", async () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
  events(env, [["k", 1718089200000, 1], ["k", 1718089200001, 2]]).keyBy((e) => e[0])
    .window(TumblingEventTimeWindows.of(Duration.ofHours(24))).reduce((x, y) => [x[0], x[1], x[2] + y[2]]).map((e) => e[2]).print();
  assert.deepEqual(await run(env), ["3"]);
});

for (const p of [1, 2, 4]) {
  test(`windowed coGroup: the key is the where/equalTo key whatever keyBy came before; sides are re-iterable arrays, empty when absent [p=${p}]`, async () => {
    const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(p);
    const left = events(env, [["a", 1000, 1], ["b", 1000, 2], ["c", 1000, 3], ["a", 6000, 4]]).keyBy((e) => e[0]);
    const right = events(env, [["x", 1000, 1], ["y", 1000, 2], ["z", 1000, 9], ["w", 6000, 5]]).keyBy((e) => e[0]);
    left.coGroup(right).where((e) => e[2]).equalTo((e) => e[2]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
      .apply((first: Ev[], second: Ev[], out: Collector<string>) => {
        assert.ok(Array.isArray(first) && Array.isArray(second));
        const again = [...first].length + [...second].length;
        assert.equal(again, first.length + second.length);
        out.collect(`${first.map((e) => e[0]).join("")}|${second.map((e) => e[0]).join("")}`);
      }).print();
    // Window [0,5000): keys 1 (a|x), 2 (b|y), 3 (c|), 9 (|z); window [5000,10000): 4 (a|), 5 (|w).
    assert.deepEqual(await run(env), ["a|x", "b|y", "c|", "|z", "a|", "|w"].sort());
  });
}

for (const p of [1, 3]) {
  test(`windowed join: JoinFunction (x, y) => r, three-parameter FlatJoinFunction, and { join } objects; only pairs of the same window [p=${p}]`, async () => {
    const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(p);
    const mk = (): [ReturnType<typeof events>, ReturnType<typeof events>] => [
      events(env, [["a", 100, 1], ["a", 200, 2], ["b", 300, 3], ["a", 5100, 4]]),
      events(env, [["a", 400, 10], ["b", 4999, 30], ["a", 5000, 40], ["c", 10, 0]]),
    ];
    const win = TumblingEventTimeWindows.of(Duration.ofSeconds(5));
    let [l, r] = mk();
    l.join(r).where((e) => e[0]).equalTo((e) => e[0]).window(win).apply((x, y) => `plain ${x[2]}+${y[2]}`).print();
    [l, r] = mk();
    l.join(r).where((e) => e[0]).equalTo((e) => e[0]).window(win)
      .apply((x: Ev, y: Ev, out: Collector<string>) => { if (x[2] > 1) out.collect(`flat ${x[2]}*${y[2]}`); }).print();
    [l, r] = mk();
    l.join(r).where((e) => e[0]).equalTo((e) => e[0]).window(win).apply({ join: (x: Ev, y: Ev) => `obj ${x[0]}${y[2]}` }).print();
    assert.deepEqual(await run(env), [
      "plain 1+10", "plain 2+10", "plain 3+30", "plain 4+40",
      "flat 2*10", "flat 3*30", "flat 4*40",
      "obj a10", "obj a10", "obj b30", "obj a40",
    ].sort());
  });
}

test("Duration.ofMillis / ofSeconds / ofMinutes / ofHours size windows in milliseconds", async () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
  const evs: Ev[] = [["k", 59_999, 1], ["k", 60_000, 1], ["k", 3_599_999, 1], ["k", 3_600_000, 1]];
  const count = (label: string, size: Duration): void => {
    events(env, evs).keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(size))
      .process((_k: string, ctx, els: Ev[], out: Collector<string>) => { out.collect(`${label} ${ctx.window().getStart()} ${els.length}`); }).print();
  };
  count("ms", Duration.ofMillis(60_000));
  count("s", Duration.ofSeconds(60));
  count("min", Duration.ofMinutes(1));
  count("h", Duration.ofHours(1));
  const out = await run(env);
  for (const label of ["ms", "s", "min"]) {
    assert.deepEqual(out.filter((l) => l.startsWith(`${label} `)), [`${label} 0 1`, `${label} 3540000 1`, `${label} 3600000 1`, `${label} 60000 1`]);
  }
  assert.deepEqual(out.filter((l) => l.startsWith("h ")), ["h 0 3", "h 3600000 1"]);
});

test("disableOperatorChaining() changes nothing in the results", async () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2).disableOperatorChaining();
  events(env, EVENTS).map((e) => e).filter(() => true).keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
    .reduce((x, y) => [x[0], x[1], x[2] + y[2]]).map((e) => `${e[0]}:${e[2]}`).print();
  assert.deepEqual(await run(env), ["a:3", "a:4", "a:8", "b:10", "b:20", "b:40"].sort());
});

test("sources are non-parallel: setParallelism above 1 on a collection or socket source is refused", () => {
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(4);
  assert.throws(() => env.fromElements(1, 2).setParallelism(2));
  assert.throws(() => env.fromCollection([1]).setParallelism(3));
  assert.throws(() => env.socketTextStream("127.0.0.1", 9, "\n", 0).setParallelism(2));
  env.fromElements(1).setParallelism(1);
});
