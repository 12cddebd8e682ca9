/** Windowed coGroup and join of two streams, Rich functions and failures, at parallelism 1, 2 and 4. */
import assert from "node:assert/strict";
import {
  Duration, InvalidProgramException, JobExecutionException, RichCoGroupFunction, RichMapFunction, TumblingEventTimeWindows, WatermarkStrategy,
  type Collector, type Configuration, type StreamExecutionEnvironment,
} from "../../src/index.js";
import { sorted, testAtStreamParallelism } from "./stream-helpers.js";

type Order = [id: string, user: string, ts: number];
type Click = [user: string, page: string, ts: number];

function streams(env: StreamExecutionEnvironment) {
  const orders = env.fromElements<Order>(["o1", "u1", 1000], ["o2", "u2", 2000], ["o3", "u1", 6000], ["o4", "u3", 3000])
    .assignTimestampsAndWatermarks(WatermarkStrategy.forBoundedOutOfOrderness<Order>(Duration.ofSeconds(5)).withTimestampAssigner((o) => o[2]));
  const clicks = env.fromElements<Click>(["u1", "home", 500], ["u1", "cart", 4000], ["u2", "home", 7000], ["u1", "pay", 6500], ["u4", "faq", 100])
    .assignTimestampsAndWatermarks(WatermarkStrategy.forBoundedOutOfOrderness<Click>(Duration.ofSeconds(5)).withTimestampAssigner((c) => c[2]));
  return { orders, clicks };
}

const FIVE_SECONDS = TumblingEventTimeWindows.of(Duration.ofSeconds(5));

testAtStreamParallelism("join apply pairs the records of equal key in the same window", async (env) => {
  const { orders, clicks } = streams(env);
  const out = await orders.join(clicks).where((o) => o[1]).equalTo((c) => c[0]).window(FIVE_SECONDS)
    .apply((o, c) => `${o[0]}+${c[1]}`).executeAndCollect();
  // [0,5000): o1/u1 x home,cart; o2/u2 none (its click is at 7000); [5000,10000): o3/u1 x pay
  assert.deepEqual(out.sort(), ["o1+cart", "o1+home", "o3+pay"]);
});

testAtStreamParallelism("a join function with three parameters is a flat join", async (env) => {
  const { orders, clicks } = streams(env);
  const out = await orders.join(clicks).where((o) => o[1]).equalTo((c) => c[0]).window(FIVE_SECONDS)
    .apply((o: Order, c: Click, col: Collector<string>) => { if (c[1] !== "home") col.collect(`${o[0]}:${c[1]}`); }).executeAndCollect();
  assert.deepEqual(out.sort(), ["o1:cart", "o3:pay"]);
});

testAtStreamParallelism("coGroup gets both sides per key and window, an empty array for a missing side", async (env) => {
  const { orders, clicks } = streams(env);
  const out = await orders.coGroup(clicks).where((o) => o[1]).equalTo((c) => c[0]).window(FIVE_SECONDS)
    .apply((os: Order[], cs: Click[], col: Collector<string>) => {
      const user = os[0]?.[1] ?? cs[0]![0];
      // the arrays are re-iterable
      col.collect(`${user}:${os.map((o) => o[0]).join("|")}/${cs.map((c) => c[1]).sort().join("|")}/${os.length * cs.length}`);
    }).executeAndCollect();
  assert.deepEqual(out.sort(), ["u1:o1/cart|home/2", "u1:o3/pay/1", "u2:/home/0", "u2:o2//0", "u3:o4//0", "u4:/faq/0"].sort());
});

class CountingCoGroup extends RichCoGroupFunction<Order, Click, [string, number, number]> {
  private prefix = "";
  override open(parameters: Configuration): void {
    assert.ok(parameters);
    const ctx = this.getRuntimeContext();
    assert.ok(ctx.getIndexOfThisSubtask() < ctx.getNumberOfParallelSubtasks());
    assert.match(ctx.getTaskName(), /CoGroupWindowFunction/);
    this.prefix = "seen";
    ctx.getIntCounter("opened").add(1);
  }
  coGroup(first: Iterable<Order>, second: Iterable<Click>, out: Collector<[string, number, number]>): void {
    this.getRuntimeContext().getIntCounter("groups").add(1);
    out.collect([this.prefix, [...first].length, [...second].length]);
  }
  override close(): void {
    this.getRuntimeContext().getIntCounter("closed").add(1);
  }
}

testAtStreamParallelism("Rich coGroup functions: one instance per subtask, open/close, runtime context, accumulators", async (env, p) => {
  const { orders, clicks } = streams(env);
  const rows: unknown[] = [];
  orders.coGroup(clicks).where((o) => o[1]).equalTo((c) => c[0]).window(FIVE_SECONDS).apply(new CountingCoGroup()).addSink((r) => { rows.push(r); });
  const result = await env.execute();
  assert.equal(rows.length, 6);
  assert.ok(rows.every((r) => (r as unknown[])[0] === "seen"));
  assert.equal(result.getAccumulatorResult("opened"), p);
  assert.equal(result.getAccumulatorResult("closed"), p);
  assert.equal(result.getAccumulatorResult("groups"), 6);
});

testAtStreamParallelism("Rich map functions work in stream operators", async (env) => {
  class Tag extends RichMapFunction<number, string> {
    map(v: number): string {
      return `${v}@${this.getRuntimeContext().getNumberOfParallelSubtasks()}`;
    }
  }
  const out = await env.fromElements(1, 2, 3).map(new Tag()).executeAndCollect();
  const p = env.getParallelism();
  assert.deepEqual(out.sort(), [`1@${p}`, `2@${p}`, `3@${p}`]);
});

testAtStreamParallelism("a failing window function fails the job naming the operator; cause is the thrown value", async (env) => {
  const { orders, clicks } = streams(env);
  const boom = new Error("boom");
  orders.join(clicks).where((o) => o[1]).equalTo((c) => c[0]).window(FIVE_SECONDS)
    .apply(() => { throw boom; }).name("exploding join").addSink(() => {});
  await assert.rejects(env.execute(), (e: unknown) => {
    assert.ok(e instanceof JobExecutionException);
    assert.match(e.message, /exploding join/);
    assert.match(e.message, /subtask \d+\/\d+/);
    assert.equal(e.cause, boom);
    return true;
  });
});

testAtStreamParallelism("an event-time window without timestamps fails the job with an InvalidProgramException cause", async (env) => {
  env.fromElements(["a", 1]).keyBy((e) => e[0]).window(FIVE_SECONDS).reduce((x) => x).addSink(() => {});
  await assert.rejects(
    env.execute(),
    (e: unknown) => e instanceof JobExecutionException && e.cause instanceof InvalidProgramException && /timestamp/.test(e.cause.message),
  );
});

testAtStreamParallelism("keyBy accepts tuple positions; records keep their timestamps through map and flatMap", async (env) => {
  const out = await env.fromElements<[string, number]>(["x", 1], ["y", 2], ["x", 3])
    .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps<[string, number]>().withTimestampAssigner((e) => e[1] * 1000))
    .map((e): [string, number] => [e[0], e[1] * 10])
    .flatMap((e: [string, number], col: Collector<[string, number]>) => { col.collect(e); col.collect(e); })
    .keyBy(0).window(TumblingEventTimeWindows.of(Duration.ofSeconds(2)))
    .reduce((a, b) => [a[0], a[1] + b[1]]).executeAndCollect();
  assert.deepEqual(sorted(out), sorted([["x", 20], ["y", 40], ["x", 60]]));
});
