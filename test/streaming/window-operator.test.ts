/** The window operator alone, driven element by element and watermark by watermark. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { InvalidProgramException } from "../../src/common/errors.js";
import { udfSpec } from "../../src/common/udf.js";
import { AccumulatorRegistry, RuntimeContextImpl } from "../../src/common/runtime-context-impl.js";
import { LineWriter } from "../../src/streaming/runtime/line-writer.js";
import { newMetrics, type Output } from "../../src/streaming/runtime/operator.js";
import { WindowOperator, type WindowOperatorSpec } from "../../src/streaming/runtime/operators/window-operator.js";
import { Duration, EventTimeSessionWindows, OutputTag, SlidingEventTimeWindows, TumblingEventTimeWindows, type ProcessWindowContext } from "../../src/index.js";

type Rec = [string, number];

function harness(spec: Partial<WindowOperatorSpec> & Pick<WindowOperatorSpec, "assigner" | "contents" | "emit">) {
  const op = new WindowOperator({
    key: { kind: "selector", selector: udfSpec((r: Rec) => r[0], "getKey", "test") },
    allowedLateness: 0,
    lateDataTag: undefined,
    ...spec,
  });
  const out: [unknown, number][] = [];
  const side: [string, unknown, number][] = [];
  const output: Output = {
    collect: (v, ts) => out.push([v, ts]),
    collectSide: (tag, v, ts) => side.push([tag.id, v, ts]),
    emitWatermark: () => {},
    emitWatermarkStatus: () => {},
  };
  const metrics = newMetrics();
  const runtimeContext = new RuntimeContextImpl("W", 0, 1, new Map(), new AccumulatorRegistry(), undefined);
  op.setup(
    {
      name: "W",
      subtask: 0,
      parallelism: 1,
      runtimeContext,
      objectReuse: false,
      metrics,
      stdout: new LineWriter("stdout"),
      stderr: new LineWriter("stderr"),
      clock: () => 0,
    },
    output,
  );
  op.open();
  return { op, out, side, metrics };
}

const sum = { kind: "reduce", fn: udfSpec((a: Rec, b: Rec) => [a[0], a[1] + b[1]], "reduce", "t") } as const;
const count = {
  kind: "aggregate",
  fn: udfSpec(
    { createAccumulator: () => 0, add: (_v: Rec, acc: number) => acc + 1, getResult: (acc: number) => acc, merge: (a: number, b: number) => a + b },
    "add",
    "t",
  ),
} as const;
const describeWindow = {
  kind: "process",
  fn: udfSpec(
    (key: string, ctx: ProcessWindowContext, els: Rec[], out: { collect(v: unknown): void }) =>
      out.collect(`${key} [${ctx.window().getStart()},${ctx.window().getEnd()}) n=${els.length} wm=${ctx.currentWatermark()}`),
    "process",
    "t",
  ),
} as const;

test("tumbling: fires at max timestamp, in key registration order, results stamped maxTimestamp, state freed", () => {
  const h = harness({ assigner: TumblingEventTimeWindows.of(Duration.ofSeconds(5)), contents: sum, emit: { kind: "passThrough" } });
  h.op.processElement(["b", 1], 1000);
  h.op.processElement(["a", 2], 2000);
  h.op.processElement(["b", 3], 4999);
  h.op.processElement(["a", 4], 5000);
  assert.equal(h.metrics.windowStateSize, 3);
  h.op.processWatermark(4998);
  assert.deepEqual(h.out, []);
  h.op.processWatermark(4999);
  assert.deepEqual(h.out, [[["b", 4], 4999], [["a", 2], 4999]]);
  assert.equal(h.metrics.windowStateSize, 1);
  h.op.processWatermark(Infinity);
  assert.deepEqual(h.out.slice(2), [[["a", 4], 9999]]);
  assert.equal(h.metrics.windowStateSize, 0);
  assert.equal(h.metrics.peakWindowStateSize, 3);
});

test("sliding: a record joins size/slide windows, each fires at its end", () => {
  const h = harness({ assigner: SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(5)), contents: count, emit: { kind: "passThrough" } });
  h.op.processElement(["a", 0], 7000); // [0,10000) and [5000,15000)
  h.op.processElement(["a", 0], 12000); // [5000,15000) and [10000,20000)
  h.op.processWatermark(9999);
  assert.deepEqual(h.out, [[1, 9999]]);
  h.op.processWatermark(14999);
  assert.deepEqual(h.out.slice(1), [[2, 14999]]);
  h.op.processWatermark(Infinity);
  assert.deepEqual(h.out.slice(2), [[1, 19999]]);
  assert.equal(h.metrics.windowStateSize, 0);
});

test("sessions: windows that touch or overlap merge, contents merge, one firing for the merged session", () => {
  const h = harness({ assigner: EventTimeSessionWindows.withGap(Duration.ofMillis(1000)), contents: { kind: "list" }, emit: describeWindow });
  h.op.processElement(["a", 1], 0); // [0,1000)
  h.op.processElement(["a", 2], 500); // -> [0,1500)
  h.op.processElement(["a", 3], 3000); // [3000,4000)
  h.op.processElement(["a", 4], 2000); // [2000,3000) touches [3000,4000) -> [2000,4000)
  assert.equal(h.metrics.windowStateSize, 2);
  h.op.processElement(["a", 5], 1400); // [1400,2400) bridges both -> [0,4000)
  assert.equal(h.metrics.windowStateSize, 1);
  h.op.processElement(["b", 6], 100);
  h.op.processWatermark(3998);
  assert.deepEqual(h.out.map((o) => o[0]), ["b [100,1100) n=1 wm=3998"]);
  h.op.processWatermark(3999);
  assert.deepEqual(h.out.map((o) => o[0]).slice(1), ["a [0,4000) n=5 wm=3999"]);
  assert.equal(h.metrics.windowStateSize, 0);
});

test("sessions with an aggregate merge accumulators", () => {
  const h = harness({ assigner: EventTimeSessionWindows.withGap(Duration.ofMillis(100)), contents: count, emit: { kind: "passThrough" } });
  for (const t of [0, 50, 300, 120, 200]) h.op.processElement(["k", 0], t);
  h.op.processWatermark(Infinity);
  assert.deepEqual(h.out, [[5, 399]]);
});

test("a record late for all its windows is dropped and counted", () => {
  const h = harness({ assigner: TumblingEventTimeWindows.of(Duration.ofSeconds(5)), contents: sum, emit: { kind: "passThrough" } });
  h.op.processElement(["a", 1], 1000);
  h.op.processWatermark(4999);
  h.op.processElement(["a", 10], 3000); // window [0,5000) is gone
  h.op.processElement(["a", 20], 5000); // on time for [5000,10000)
  assert.equal(h.metrics.lateRecordsDropped, 1);
  h.op.processWatermark(Infinity);
  assert.deepEqual(h.out, [[["a", 1], 4999], [["a", 20], 9999]]);
});

test("late records go to the late-data side output instead, with their timestamp", () => {
  const tag = new OutputTag<Rec>("late");
  const h = harness({
    assigner: TumblingEventTimeWindows.of(Duration.ofSeconds(5)),
    contents: sum,
    emit: { kind: "passThrough" },
    lateDataTag: tag as OutputTag<unknown>,
  });
  h.op.processWatermark(10_000);
  h.op.processElement(["a", 1], 1000);
  assert.deepEqual(h.side, [["late", ["a", 1], 1000]]);
  assert.equal(h.metrics.lateRecordsDropped, 0);
  assert.equal(h.metrics.windowStateSize, 0);
});

test("allowed lateness keeps the window, re-fires it per late record, then purges it", () => {
  const h = harness({ assigner: TumblingEventTimeWindows.of(Duration.ofSeconds(5)), contents: sum, emit: { kind: "passThrough" }, allowedLateness: 2000 });
  h.op.processElement(["a", 1], 1000);
  h.op.processWatermark(5500);
  assert.deepEqual(h.out, [[["a", 1], 4999]]);
  assert.equal(h.metrics.windowStateSize, 1);
  h.op.processElement(["a", 2], 2000); // late but within lateness: fires again with everything
  assert.deepEqual(h.out.slice(1), [[["a", 3], 4999]]);
  h.op.processWatermark(6999); // cleanup time = 4999 + 2000
  assert.equal(h.metrics.windowStateSize, 0);
  h.op.processElement(["a", 4], 2000);
  assert.equal(h.metrics.lateRecordsDropped, 1);
  assert.equal(h.out.length, 2);
});

test("a record without timestamp is a program error", () => {
  const h = harness({ assigner: TumblingEventTimeWindows.of(Duration.ofSeconds(5)), contents: sum, emit: { kind: "passThrough" } });
  assert.throws(() => h.op.processElement(["a", 1], -Infinity), InvalidProgramException);
});
