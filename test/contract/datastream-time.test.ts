/**
 * API.md "DataStream" over sockets: socket source lines, watermark formulas, lateness (drop count,
 * side output, allowed lateness), idleness, min over channels.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  Duration, OutputTag, StreamExecutionEnvironment, TumblingEventTimeWindows, WatermarkStrategy, type Collector, type DataStream, type JobExecutionResult,
} from "../../src/index.js";
import { startCapture, type Capture } from "./tmp.js";
import { lineServer, sleep, waitFor, type LineServer } from "./stream-util.js";

type Ev = [string, number];
const HOST = "127.0.0.1";
const INTERVAL = 10;
const parse = (line: string): Ev => { const [k, ts] = line.split(","); return [k!, Number(ts)]; };
const tsOf = (line: string): number => Number(line.split(",")[1]);

/** Runs a job reading `n` sockets, drives it with `script`, returns printed lines (sorted) and the result. */
async function socketJob(p: number, n: number, build: (env: StreamExecutionEnvironment, sources: DataStream<string>[]) => void,
  script: (servers: LineServer[], out: Capture) => Promise<void>): Promise<{ lines: string[]; result: JobExecutionResult }> {
  const servers = await Promise.all(Array.from({ length: n }, () => lineServer()));
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(p);
  env.getConfig().setAutoWatermarkInterval(INTERVAL);
  build(env, servers.map((s) => env.socketTextStream(HOST, s.port)));
  const out = startCapture("stdout");
  try {
    const done = env.execute("socket job");
    await Promise.all(servers.map((s) => s.connected));
    try {
      await script(servers, out);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
    const result = await done;
    return { lines: out.lines().map((l) => l.replace(/^\d+> /, "")).sort(), result };
  } finally {
    out.stop();
  }
}

/** "start:ts|ts|..." per fired window. */
function windowed(
  src: DataStream<string>,
  strategy: WatermarkStrategy<string>,
  configure?: (w: ReturnType<ReturnType<DataStream<Ev>["keyBy"]>["window"]>) => void,
): DataStream<string> {
  const w = src
    .assignTimestampsAndWatermarks(strategy)
    .map(parse)
    .keyBy((e) => e[0])
    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)));
  configure?.(w as never);
  return w.process((_k: string, ctx, els: Ev[], out: Collector<string>) => {
    out.collect(`${ctx.window().getStart()}:${els.map((e) => e[1]).join("|")}`);
  });
}
const bounded = (ms: number): WatermarkStrategy<string> =>
  WatermarkStrategy.forBoundedOutOfOrderness<string>(Duration.ofMillis(ms)).withTimestampAssigner(tsOf);
const lateCount = (r: JobExecutionResult): unknown => r.getAccumulatorResult("numLateRecordsDropped");

test("socketTextStream reads lines as they arrive, drops a trailing \\r, emits a partial last line at EOF, and ends (maxRetry 0)", async () => {
  const { lines } = await socketJob(1, 1, (_env, [s]) => { s!.print(); }, async ([srv], out) => {
    await srv!.write("first\n");
    await waitFor(() => out.lines().includes("first"));
    await srv!.write("sec");
    await srv!.write("ond\r\n");
    await srv!.write("partial");
  });
  assert.deepEqual(lines, ["first", "partial", "second"]);
});

test("socketTextStream with another delimiter splits on it and keeps \\r", async () => {
  const srv = await lineServer();
  const env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
  env.socketTextStream(HOST, srv.port, ";", 0).map((s) => JSON.stringify(s)).print();
  const out = startCapture("stdout");
  try {
    const done = env.execute();
    await srv.connected;
    await srv.write("a;b\r;c");
    await srv.close();
    await done;
  } finally {
    out.stop();
  }
  assert.deepEqual(out.lines(), ['"a"', '"b\\r"', '"c"']);
});

test("forBoundedOutOfOrderness: watermark = max timestamp - bound - 1; late records are dropped and counted", async () => {
  const prevs: unknown[] = [];
  const strategy = WatermarkStrategy.forBoundedOutOfOrderness<string>(Duration.ofSeconds(1)).withTimestampAssigner((line, prev) => {
    prevs.push(prev);
    return tsOf(line);
  });
  const { lines, result } = await socketJob(1, 1, (_env, [s]) => { windowed(s!, strategy).print(); }, async ([srv], out) => {
    await srv!.write("k,4999\n");
    await sleep(8 * INTERVAL); // watermark 3998: [3000,4000) (max 3999) is still open
    await srv!.write("k,3999\n");
    await srv!.write("k,6000\n"); // watermark 4999
    await waitFor(() => out.lines().includes("4000:4999"));
    await srv!.write("k,3500\n"); // late for [3000,4000)
  });
  assert.deepEqual(lines, ["3000:3999", "4000:4999", "6000:6000"]);
  assert.equal(lateCount(result), 1);
  assert.ok(prevs.every((p) => typeof p === "number"), "the assigner gets the previous timestamp as a number");
});

test("sideOutputLateData(new OutputTag(name)) sends late records to getSideOutput(tag) instead", async () => {
  const tag = new OutputTag<Ev>("late");
  const { lines } = await socketJob(1, 1, (_env, [s]) => {
    const w = s!.assignTimestampsAndWatermarks(bounded(0)).map(parse).keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
      .sideOutputLateData(tag);
    const main = w.process((_k: string, ctx, els: Ev[], out: Collector<string>) => { out.collect(`${ctx.window().getStart()}:${els.length}`); });
    main.print();
    main.getSideOutput(tag).map((e) => `late ${e[0]}@${e[1]}`).print();
  }, async ([srv], out) => {
    await srv!.write("k,100\nk,1500\n"); // watermark 1499: [0,1000) fires
    await waitFor(() => out.lines().includes("0:1"));
    await srv!.write("k,200\n");
  });
  assert.deepEqual(lines, ["0:1", "1000:1", "late k@200"]);
});

test("allowedLateness(d): a late-but-allowed record fires the window again; after that it is dropped", async () => {
  const { lines, result } = await socketJob(1, 1, (_env, [s]) => {
    windowed(s!, bounded(0), (w) => { w.allowedLateness(Duration.ofSeconds(2)); }).print();
  }, async ([srv], out) => {
    await srv!.write("k,3999\nk,5000\n"); // watermark 4999: [3000,4000) fires
    await waitFor(() => out.lines().includes("3000:3999"));
    await srv!.write("k,3500\n"); // allowed (cleanup at 3999 + 2000): fires again with both
    await waitFor(() => out.lines().includes("3000:3999|3500"));
    await srv!.write("k,8000\n"); // watermark 7999 > 5999: [3000,4000) is purged
    await waitFor(() => out.lines().includes("5000:5000"));
    await srv!.write("k,3600\n");
  });
  assert.deepEqual(lines, ["3000:3999", "3000:3999|3500", "5000:5000", "8000:8000"].sort());
  assert.equal(lateCount(result), 1);
});

test("forMonotonousTimestamps: watermark = max timestamp - 1", async () => {
  const strategy = WatermarkStrategy.forMonotonousTimestamps<string>().withTimestampAssigner(tsOf);
  const { lines, result } = await socketJob(1, 1, (_env, [s]) => { windowed(s!, strategy).print(); }, async ([srv], out) => {
    await srv!.write("k,500\nk,1000\n"); // watermark 999: [0,1000) fires
    await waitFor(() => out.lines().includes("0:500"));
    await srv!.write("k,1999\n"); // watermark 1998: [1000,2000) (max 1999) stays open
    await sleep(8 * INTERVAL);
    assert.ok(!out.lines().some((l) => l.startsWith("1000:")), out.lines().join(" "));
    await srv!.write("k,999\n"); // late
  });
  assert.deepEqual(lines, ["0:500", "1000:1000|1999"]);
  assert.equal(lateCount(result), 1);
});

test("an operator's watermark is the minimum over its inputs (union of two sockets)", async () => {
  const strategy = WatermarkStrategy.forMonotonousTimestamps<string>().withTimestampAssigner(tsOf);
  const { lines } = await socketJob(1, 2, (_env, [a, b]) => {
    const ua = a!.assignTimestampsAndWatermarks(strategy);
    const ub = b!.assignTimestampsAndWatermarks(strategy);
    ua.union(ub)
      .map(parse)
      .keyBy((e) => e[0])
      .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
      .process((_k: string, ctx, els: Ev[], out: Collector<string>) => {
        out.collect(
          `${ctx.window().getStart()}:${els
            .map((e) => e[1])
            .sort()
            .join("|")}`,
        );
      })
      .print();
  }, async ([a, b], out) => {
    await a!.write("k,5000\n");
    await b!.write("k,100\n");
    await sleep(10 * INTERVAL);
    assert.deepEqual(out.lines(), [], "b holds the watermark back at 99");
    await b!.write("k,2000\n"); // min(4999, 1999): [0,1000) fires
    await waitFor(() => out.lines().includes("0:100"));
  });
  assert.deepEqual(lines, ["0:100", "2000:2000", "5000:5000"]);
});

test("withIdleness(d): a silent input stops holding back the watermark", async () => {
  const idle = WatermarkStrategy.forBoundedOutOfOrderness<string>(Duration.ofMillis(0)).withTimestampAssigner(tsOf).withIdleness(Duration.ofMillis(60));
  const { lines } = await socketJob(1, 2, (_env, [a, b]) => {
    a!.assignTimestampsAndWatermarks(idle).map(parse).coGroup(b!.assignTimestampsAndWatermarks(idle).map(parse))
      .where((e) => e[0]).equalTo((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
      .apply((x: Ev[], y: Ev[], out: Collector<string>) => { out.collect(`${x.map((e) => e[1]).join("|")}/${y.length}`); }).print();
  }, async ([a], out) => {
    await a!.write("k,100\n");
    await a!.write("k,1500\n");
    // b never sends: once idle, a's watermark 1499 alone fires [0,1000) while the job still runs.
    await waitFor(() => out.lines().includes("100/0"), 1500);
  });
  assert.deepEqual(lines, ["100/0", "1500/0"]);
});

test("without idleness a silent input holds windows back until the end", async () => {
  const strategy = WatermarkStrategy.forBoundedOutOfOrderness<string>(Duration.ofMillis(0)).withTimestampAssigner(tsOf);
  const { lines } = await socketJob(1, 2, (_env, [a, b]) => {
    a!.assignTimestampsAndWatermarks(strategy).map(parse).coGroup(b!.assignTimestampsAndWatermarks(strategy).map(parse))
      .where((e) => e[0]).equalTo((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
      .apply((x: Ev[], y: Ev[], out: Collector<string>) => { out.collect(`${x.length}/${y.length}`); }).print();
  }, async ([a], out) => {
    await a!.write("k,100\nk,1500\n");
    await sleep(15 * INTERVAL);
    assert.deepEqual(out.lines(), []);
  });
  assert.deepEqual(lines, ["1/0", "1/0"]);
});

test("assignTimestampsAndWatermarks runs at its input's parallelism (Flink), so a socket's watermark is not split round-robin [p=2]",
  async () => {
    const { lines, result } = await socketJob(2, 1, (_env, [s]) => { windowed(s!, bounded(1000)).print(); }, async ([srv], out) => {
      await srv!.write("k,4999\n");
      await sleep(8 * INTERVAL);
      await srv!.write("k,3999\n");
      await srv!.write("k,6000\n");
      await waitFor(() => out.lines().some((l) => l.endsWith(" 4000:4999")), 800);
      await srv!.write("k,3500\n");
    });
    assert.deepEqual(lines, ["3000:3999", "4000:4999", "6000:6000"]);
    assert.equal(lateCount(result), 1);
  });
