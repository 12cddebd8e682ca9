/** Watermark propagation through jobs: minimum over input channels, idleness, end of input. */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  Duration, StreamExecutionEnvironment, TumblingEventTimeWindows, WatermarkStrategy, type Collector, type DataStream, type ProcessWindowContext,
} from "../../src/index.js";
import { openServer, punctuated, sleep, testAtStreamParallelism, waitFor } from "./stream-helpers.js";

type Ev = [key: string, ts: number];

function countPerWindow(s: DataStream<Ev>, out: string[]): void {
  s.keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
    .process((k: string, ctx: ProcessWindowContext, els: Ev[], o: Collector<string>) => o.collect(`${k}@${ctx.window().getStart()}=${els.length}`))
    .addSink((v) => { out.push(v); });
}

// Source order e0, e1, e2; round-robin sends e0, e2 to assigner 0 and e1 to assigner 1.
const SKEWED: Ev[] = [["k", 10_000], ["k", 100], ["k", 50]];

testAtStreamParallelism("a window's watermark is the minimum over its input channels (parallel assigners)", async (env) => {
  const out: string[] = [];
  countPerWindow(env.fromElements(...SKEWED).assignTimestampsAndWatermarks(punctuated<Ev>((e) => e[1])).setParallelism(2), out);
  const result = await env.execute();
  // Were the maximum used, 9999 would close [0,1000) before e1 and e2 arrive.
  assert.deepEqual(out.sort(), ["k@0=2", "k@10000=1"]);
  assert.equal(result.getNumLateRecordsDropped(), 0);
});

testAtStreamParallelism("with one assigner the same input makes the two old records late", async (env) => {
  const out: string[] = [];
  countPerWindow(env.fromElements(...SKEWED).assignTimestampsAndWatermarks(punctuated<Ev>((e) => e[1])).setParallelism(1), out);
  const result = await env.execute();
  assert.deepEqual(out, ["k@10000=1"]);
  assert.equal(result.getNumLateRecordsDropped(), 2);
});

testAtStreamParallelism("a union's watermark is the minimum of its inputs", async (env) => {
  const out: string[] = [];
  const ahead = env.fromElements<Ev>(["k", 10_000]).assignTimestampsAndWatermarks(punctuated<Ev>((e) => e[1])).setParallelism(1);
  const behind = env.fromElements<Ev>(["k", 100], ["k", 50]).assignTimestampsAndWatermarks(punctuated<Ev>((e) => e[1])).setParallelism(1);
  countPerWindow(ahead.union(behind), out);
  const result = await env.execute();
  assert.deepEqual(out.sort(), ["k@0=2", "k@10000=1"]);
  assert.equal(result.getNumLateRecordsDropped(), 0);
});

/** A socket stream of `key,ts` lines with bounded(0) watermarks, optionally idle after `idleMs`. */
function socketEvents(env: StreamExecutionEnvironment, port: number, idleMs?: number): DataStream<Ev> {
  let strategy = WatermarkStrategy.forBoundedOutOfOrderness<Ev>(Duration.ofMillis(0)).withTimestampAssigner((e) => e[1]);
  if (idleMs !== undefined) strategy = strategy.withIdleness(Duration.ofMillis(idleMs));
  // One parse/assigner instance per input: each then sees all of its input's records.
  return env.socketTextStream("127.0.0.1", port).map((l): Ev => [l.split(",")[0]!, Number(l.split(",")[1])]).setParallelism(1)
    .assignTimestampsAndWatermarks(strategy).setParallelism(1);
}

async function idlenessRun(withIdleness: boolean, p: number): Promise<{ firedWhileSilent: boolean; out: string[] }> {
  const env = StreamExecutionEnvironment.createLocalEnvironment(p);
  env.getConfig().setAutoWatermarkInterval(20);
  const busy = await openServer();
  const silent = await openServer();
  const out: string[] = [];
  countPerWindow(socketEvents(env, busy.port).union(socketEvents(env, silent.port, withIdleness ? 100 : undefined)), out);
  const client = await env.executeAsync();
  await Promise.all([busy.connected, silent.connected]);
  await busy.write("k,100\nk,1500\n");
  const firedWhileSilent = await waitFor(() => out.length > 0, withIdleness ? 3000 : 600);
  await client.cancel();
  await Promise.all([busy.close(), silent.close()]);
  return { firedWhileSilent, out };
}

testAtStreamParallelism("withIdleness: a silent input stops holding the watermark back", async (_env, p) => {
  const { firedWhileSilent, out } = await idlenessRun(true, p);
  assert.equal(firedWhileSilent, true);
  assert.deepEqual(out, ["k@0=1"]);
});

testAtStreamParallelism("without idleness a silent input holds every window back (and cancel fires nothing)", async (_env, p) => {
  const { firedWhileSilent, out } = await idlenessRun(false, p);
  assert.equal(firedWhileSilent, false);
  assert.deepEqual(out, []);
});

test("periodic watermarks advance while a socket stream runs, every auto-watermark interval", async () => {
  const env = StreamExecutionEnvironment.createLocalEnvironment(2);
  env.getConfig().setAutoWatermarkInterval(20);
  const server = await openServer();
  const out: string[] = [];
  countPerWindow(socketEvents(env, server.port), out);
  const client = await env.executeAsync();
  await server.connected;
  await server.write("a,100\nb,200\n");
  await sleep(100);
  assert.deepEqual(out, []); // watermark 199: [0,1000) still open
  await server.write("a,1000\n");
  assert.equal(await waitFor(() => out.length === 2), true);
  assert.deepEqual(out.sort(), ["a@0=1", "b@0=1"]);
  await client.cancel();
  await server.close();
  assert.deepEqual(out.sort(), ["a@0=1", "b@0=1"]); // [1000,2000) never fired
});
