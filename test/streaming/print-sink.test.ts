/** DataStream print(): Flink's `k> ` prefixes, from key-group routing or round-robin. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { assignKeyToParallelOperator, Duration, StreamExecutionEnvironment, TumblingEventTimeWindows, WatermarkStrategy } from "../../src/index.js";
import { capturing } from "./stream-helpers.js";

type Ev = [key: string, ts: number];
const KEYS = ["1", "2", "3", "4", "5", "6", "a", "b", "c", "hello", "flink"];

function keyedWindowPrint(env: StreamExecutionEnvironment): void {
  env.fromElements(...KEYS.map((k): Ev => [k, 1000]))
    .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps<Ev>().withTimestampAssigner((e) => e[1]))
    .keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
    .reduce((x) => x).map((e) => e[0]).print();
}

for (const p of [2, 4]) {
  test(`a print sink after a keyed window at p=${p} prefixes each key with its key-group subtask`, async () => {
    const env = StreamExecutionEnvironment.createLocalEnvironment(p);
    keyedWindowPrint(env);
    const lines = (await capturing(async () => { await env.execute(); })).sort();
    const expected = KEYS.map((k) => `${assignKeyToParallelOperator(k, 128, p) + 1}> ${k}`).sort();
    assert.deepEqual(lines, expected);
  });
}

test("at parallelism 1 print has no prefix", async () => {
  const env = StreamExecutionEnvironment.createLocalEnvironment(1);
  keyedWindowPrint(env);
  const lines = await capturing(async () => { await env.execute(); });
  assert.deepEqual(lines.sort(), [...KEYS].sort());
});

test("a non-parallel source printed at parallelism 3 is distributed round-robin", async () => {
  const env = StreamExecutionEnvironment.createLocalEnvironment(3);
  env.fromElements(1, 2, 3, 4, 5, 6, 7).print();
  const lines = await capturing(async () => { await env.execute(); });
  assert.deepEqual(lines, ["1> 1", "2> 2", "3> 3", "1> 4", "2> 5", "3> 6", "1> 7"]);
});

test("printToErr writes nothing to stdout; print formats tuples as Flink does", async () => {
  const env = StreamExecutionEnvironment.createLocalEnvironment(1);
  env.fromElements<[string, number, [string]]>(["x", 1, ["y"]]).print();
  env.fromElements("to stderr").printToErr();
  const lines = await capturing(async () => { await env.execute(); });
  assert.deepEqual(lines, ["(x,1,(y))"]);
});
