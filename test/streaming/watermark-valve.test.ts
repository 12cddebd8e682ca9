import { test } from "node:test";
import assert from "node:assert/strict";
import { StatusWatermarkValve } from "../../src/streaming/runtime/watermark-valve.js";
import { BoundedOutOfOrdernessWatermarks, WatermarksWithIdleness } from "../../src/streaming/watermarks/generators.js";
import type { WatermarkOutput } from "../../src/index.js";

function valve(n: number) {
  const events: string[] = [];
  const v = new StatusWatermarkValve(n, {
    emitWatermark: (w) => events.push(`wm ${w}`),
    emitWatermarkStatus: (idle) => events.push(idle ? "idle" : "active"),
  });
  return { v, events };
}

test("the output watermark is the minimum over the input channels and never goes back", () => {
  const { v, events } = valve(3);
  v.inputWatermark(10, 0);
  v.inputWatermark(20, 1);
  assert.deepEqual(events, []); // channel 2 still at -Infinity
  v.inputWatermark(5, 2);
  assert.deepEqual(events, ["wm 5"]);
  v.inputWatermark(30, 2);
  assert.deepEqual(events, ["wm 5", "wm 10"]);
  v.inputWatermark(8, 0); // smaller than the channel's last: ignored
  v.inputWatermark(25, 0);
  assert.deepEqual(events, ["wm 5", "wm 10", "wm 20"]);
});

test("an idle channel stops holding the watermark back; all idle flushes the maximum and goes idle", () => {
  const { v, events } = valve(2);
  v.inputWatermark(100, 0);
  assert.deepEqual(events, []);
  v.inputWatermarkStatus(true, 1);
  assert.deepEqual(events, ["wm 100"]);
  v.inputWatermark(150, 0);
  assert.deepEqual(events, ["wm 100", "wm 150"]);
  v.inputWatermarkStatus(true, 0);
  assert.deepEqual(events, ["wm 100", "wm 150", "idle"]);
  v.inputWatermark(500, 0); // ignored while idle
  assert.equal(events.length, 3);
});

test("a channel turning active again counts only once it caught up with the output watermark", () => {
  const { v, events } = valve(2);
  v.inputWatermarkStatus(true, 1);
  v.inputWatermark(100, 0);
  assert.deepEqual(events, ["wm 100"]);
  v.inputWatermarkStatus(false, 1);
  v.inputWatermark(50, 1); // behind the output: not aligned, does not pull the minimum down
  v.inputWatermark(120, 0);
  assert.deepEqual(events, ["wm 100", "wm 120"]);
  v.inputWatermark(130, 1); // caught up: aligned again
  v.inputWatermark(200, 0);
  assert.deepEqual(events, ["wm 100", "wm 120", "wm 130"]);
});

function recorder(): WatermarkOutput & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    emitWatermark: (w) => log.push(`wm ${typeof w === "number" ? w : w.getTimestamp()}`),
    markIdle: () => log.push("idle"),
    markActive: () => log.push("active"),
  };
}

test("bounded out-of-orderness: watermark = max timestamp - bound - 1", () => {
  const g = new BoundedOutOfOrdernessWatermarks<string>(2000);
  const out = recorder();
  g.onPeriodicEmit(out);
  assert.deepEqual(out.log, ["wm -Infinity"]); // nothing seen: the emitter drops it
  g.onEvent("x", 10_000, out);
  g.onEvent("y", 7_000, out);
  g.onPeriodicEmit(out);
  assert.deepEqual(out.log.slice(1), ["wm 7999"]);
});

test("idleness: marked idle once no event came for longer than the timeout (checked at periodic emits)", () => {
  let now = 0;
  const g = new WatermarksWithIdleness<string>(new BoundedOutOfOrdernessWatermarks(0), 1000, () => now);
  const out = recorder();
  g.onEvent("x", 5000, out);
  g.onPeriodicEmit(out); // activity since last check
  now = 200;
  g.onPeriodicEmit(out); // countdown starts
  now = 1100;
  g.onPeriodicEmit(out); // 900 ms idle: not yet
  now = 1300;
  g.onPeriodicEmit(out); // 1100 ms > 1000: idle
  g.onPeriodicEmit(out); // stays idle, marked once
  assert.deepEqual(out.log, ["wm 4999", "wm 4999", "wm 4999", "idle"]);
  g.onEvent("y", 6000, out);
  g.onPeriodicEmit(out);
  assert.deepEqual(out.log.slice(4), ["wm 5999"]);
});
