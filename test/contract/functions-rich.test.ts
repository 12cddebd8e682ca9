/** API.md "Functions" (Rich forms): every Rich* class, open/close per instance, the runtime context, per-superstep lifecycle. */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  Configuration, ExecutionEnvironment, IntCounter, LongCounter, RichCoGroupFunction, RichCrossFunction, RichFilterFunction,
  RichFlatJoinFunction, RichFlatMapFunction, RichGroupCombineFunction, RichGroupReduceFunction, RichJoinFunction,
  RichMapFunction, RichMapPartitionFunction, RichReduceFunction, type Collector,
} from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

type KV = [string, number];
const discard = { open() {}, writeRecord() {}, close() {} };

/** Records open/close per subtask index for one Rich function. */
class Lifecycle {
  readonly opens: number[] = [];
  readonly closes: number[] = [];
  readonly parallelism: number[] = [];
}

testAtParallelism("every Rich* class runs with open/close once per parallel instance", async (env, p) => {
  const life = new Map<string, Lifecycle>();
  const track = (name: string, ctxIndex: () => number, ctxP: () => number, phase: "open" | "close"): void => {
    const l = life.get(name) ?? new Lifecycle();
    life.set(name, l);
    if (phase === "open") { l.opens.push(ctxIndex()); l.parallelism.push(ctxP()); } else l.closes.push(ctxIndex());
  };
  // One mixin-free helper per class keeps each class honest about its own method name.
  function lifecycle<
    C extends abstract new (...a: any[]) => { getRuntimeContext(): { getIndexOfThisSubtask(): number; getNumberOfParallelSubtasks(): number } },
  >(name: string, Base: C) {
    abstract class Tracked extends Base {
      open(): void {
        track(
          name,
          () => this.getRuntimeContext().getIndexOfThisSubtask(),
          () => this.getRuntimeContext().getNumberOfParallelSubtasks(),
          "open",
        );
      }
      close(): void {
        track(
          name,
          () => this.getRuntimeContext().getIndexOfThisSubtask(),
          () => 0,
          "close",
        );
      }
    }
    return Tracked;
  }
  class M extends lifecycle("map", RichMapFunction<number, KV>) { map(v: number): KV { return [`k${v % 3}`, v]; } }
  class FM extends lifecycle("flatMap", RichFlatMapFunction<KV, KV>) { flatMap(v: KV, out: Collector<KV>): void { out.collect(v); } }
  class F extends lifecycle("filter", RichFilterFunction<KV>) { filter(v: KV): boolean { return v[1] > 0; } }
  class MP extends lifecycle("mapPartition", RichMapPartitionFunction<KV, KV>) {
    mapPartition(vs: Iterable<KV>, out: Collector<KV>): void {
      for (const v of vs) out.collect(v);
    }
  }
  class R extends lifecycle("reduce", RichReduceFunction<KV>) { reduce(a: KV, b: KV): KV { return [a[0], a[1] + b[1]]; } }
  class GR extends lifecycle("groupReduce", RichGroupReduceFunction<KV, KV>) {
    reduce(vs: Iterable<KV>, out: Collector<KV>): void {
      for (const v of vs) out.collect(v);
    }
  }
  class GC extends lifecycle("groupCombine", RichGroupCombineFunction<KV, KV>) {
    combine(vs: Iterable<KV>, out: Collector<KV>): void {
      for (const v of vs) out.collect(v);
    }
  }
  class J extends lifecycle("join", RichJoinFunction<KV, KV, KV>) { join(a: KV, b: KV): KV { return [a[0], a[1] + b[1]]; } }
  class FJ extends lifecycle("flatJoin", RichFlatJoinFunction<KV, KV, KV>) {
    join(a: KV, b: KV, out: Collector<KV>): void {
      out.collect([a[0], a[1] * b[1]]);
    }
  }
  class CG extends lifecycle("coGroup", RichCoGroupFunction<KV, KV, KV>) {
    coGroup(a: Iterable<KV>, b: Iterable<KV>, out: Collector<KV>): void { for (const x of a) for (const y of b) out.collect([x[0], x[1] - y[1]]); }
  }
  class X extends lifecycle("cross", RichCrossFunction<KV, KV, KV>) { cross(a: KV, b: KV): KV { return [a[0] + b[0], a[1] + b[1]]; } }

  const base = env.generateSequence(1, 12).map(new M()).flatMap(new FM()).filter(new F()).mapPartition(new MP());
  const reduced = base.groupBy(0).reduce(new R());
  const grouped = base.groupBy(0).combineGroup(new GC()).groupBy(0).reduceGroup(new GR());
  const ones = env.fromElements<KV>(["k0", 1], ["k1", 1], ["k2", 1]);
  const joined = reduced.join(ones).where(0).equalTo(0).with(new J());
  const flatJoined = reduced.join(ones).where(0).equalTo(0).with(new FJ());
  const coGrouped = grouped.coGroup(ones).where(0).equalTo(0).with(new CG());
  const crossed = reduced.cross(env.fromElements<KV>(["!", 100])).with(new X());
  const [j, fj, cg, x] = await env.collectAll([joined, flatJoined, coGrouped, crossed]) as KV[][];
  assertSameRecords(j!, [["k0", 31], ["k1", 23], ["k2", 27]]);
  assertSameRecords(fj!, [["k0", 30], ["k1", 22], ["k2", 26]]);
  assert.equal(cg!.length, 12);
  assertSameRecords(x!, [["k0!", 130], ["k1!", 122], ["k2!", 126]]);
  const names = ["map", "flatMap", "filter", "mapPartition", "reduce", "groupReduce", "groupCombine", "join", "flatJoin", "coGroup", "cross"];
  for (const n of names) {
    const l = life.get(n);
    assert.ok(l, `${n} was never opened`);
    // A reduce function also serves as its own combiner before the shuffle (as Flink): one more instance per subtask.
    const copies = n === "reduce" && p > 1 ? l.opens.length / p : 1;
    const expected = Array.from({ length: p * copies }, (_, i) => Math.floor(i / copies));
    assert.deepEqual([...l.opens].sort(), expected, `${n}: one open per parallel instance`);
    assert.deepEqual([...l.closes].sort(), expected, `${n}: one close per parallel instance`);
    assert.ok(l.parallelism.every((q) => q === p), `${n}: getNumberOfParallelSubtasks`);
  }
});

testAtParallelism("each parallel instance gets its own copy of a Rich function; the program's instance stays untouched", async (env, p) => {
  class Counting extends RichMapFunction<number, number> {
    count = 0;
    readonly tag = { label: "t" };
    map(_v: number): number { this.count++; return this.count; }
  }
  const fn = new Counting();
  const out = await env.generateSequence(1, 40).map(fn).collect();
  assert.equal(fn.count, 0);
  assert.equal(Math.max(...out) <= 40, true);
  if (p === 1) assert.equal(Math.max(...out), 40);
  else assert.ok(Math.max(...out) < 40, "counts are per subtask");
});

testAtParallelism("getTaskName contains the operator's name; getIndexOfThisSubtask is 0..p-1", async (env, p) => {
  class Who extends RichMapPartitionFunction<number, string> {
    mapPartition(_vs: Iterable<number>, out: Collector<string>): void {
      const ctx = this.getRuntimeContext();
      out.collect(`${ctx.getIndexOfThisSubtask()}|${ctx.getNumberOfParallelSubtasks()}|${ctx.getTaskName()}`);
    }
  }
  const rows = await env.generateSequence(1, 8).mapPartition(new Who()).name("who-am-i").collect();
  assert.deepEqual(rows.map((r) => Number(r.split("|")[0])).sort(), Array.from({ length: p }, (_, i) => i));
  assert.ok(rows.every((r) => r.split("|")[1] === String(p) && r.split("|")[2]!.includes("who-am-i")), rows.join("; "));
});

testAtParallelism("getBroadcastVariable gives the whole broadcast set in every subtask", async (env, p) => {
  class Scale extends RichMapFunction<number, [number, number]> {
    private factors: number[] = [];
    override open(): void { this.factors = this.getRuntimeContext().getBroadcastVariable<number>("f"); }
    map(v: number): [number, number] { return [v * this.factors.reduce((a, b) => a + b, 0), this.factors.length]; }
  }
  const factors = env.generateSequence(1, 3); // a parallel producer: the set must still arrive whole
  const out = await env.generateSequence(1, 8).map(new Scale()).withBroadcastSet(factors, "f").collect();
  assertSameRecords(out, [1, 2, 3, 4, 5, 6, 7, 8].map((v) => [v * 6, 3]));
  assert.ok(p >= 1);
});

testAtParallelism("addAccumulator/getAccumulator, getIntCounter/getLongCounter reach the JobExecutionResult", async (env) => {
  class Acc extends RichFlatMapFunction<number, number> {
    override open(): void { this.getRuntimeContext().addAccumulator("evens", new IntCounter()); }
    flatMap(v: number, out: Collector<number>): void {
      const ctx = this.getRuntimeContext();
      if (v % 2 === 0) ctx.getAccumulator<number, number>("evens")!.add(1);
      ctx.getIntCounter("seen").add(1);
      ctx.getLongCounter("total").add(v);
      assert.ok(ctx.getLongCounter("total") instanceof LongCounter);
      out.collect(v);
    }
  }
  env.generateSequence(1, 10).flatMap(new Acc()).output(discard);
  const result = await env.execute("accumulators");
  assert.equal(result.getAccumulatorResult("evens"), 5);
  assert.equal(result.getAccumulatorResult("seen"), 10);
  assert.equal(result.getAccumulatorResult("total"), 55);
  const all = result.getAllAccumulatorResults();
  assert.equal(Object.getPrototypeOf(all), Object.prototype, "a plain object");
  assert.deepEqual({ ...all }, { evens: 5, seen: 10, total: 55 });
});

testAtParallelism("withParameters: open(parameters) receives the Configuration (or a plain object as one)", async (env) => {
  class Cut extends RichFilterFunction<number> {
    private min = 0;
    private label: string | null = null;
    override open(parameters: Configuration): void {
      this.min = parameters.getInteger("min", -1);
      this.label = parameters.getString("label", "none");
    }
    filter(v: number): boolean { return v >= this.min && this.label === "ok"; }
  }
  const conf = new Configuration();
  conf.setInteger("min", 8);
  conf.setString("label", "ok");
  assertSameRecords(await env.generateSequence(1, 10).filter(new Cut()).withParameters(conf).collect(), [8, 9, 10]);
  assertSameRecords(await env.generateSequence(1, 10).filter(new Cut()).withParameters({ min: 10, label: "ok" }).collect(), [10]);
});

testAtParallelism("inside an iteration open/close run once per superstep; open sees the superstep number and fresh broadcast sets", async (env, p) => {
  const opens: [number, number[]][] = [];
  let closes = 0;
  class Step extends RichMapFunction<number, number> {
    private bc: number[] = [];
    override open(): void {
      const ctx = this.getRuntimeContext();
      this.bc = ctx.getBroadcastVariable<number>("partial");
      opens.push([ctx.getSuperstepNumber(), [...this.bc].sort((a, b) => a - b)]);
    }
    map(v: number): number { return v + Math.max(...this.bc); }
    override close(): void { closes++; }
  }
  const it = env.fromElements(1, 2).iterate(3);
  const next = it.map(new Step()).withBroadcastSet(it, "partial");
  const result = await it.closeWith(next).collect();
  // superstep 1: max 2 -> [3, 4]; superstep 2: max 4 -> [7, 8]; superstep 3: max 8 -> [15, 16]
  assertSameRecords(result, [15, 16]);
  assert.equal(closes, opens.length);
  const supersteps = [...new Set(opens.map((o) => o[0]))].sort();
  assert.deepEqual(supersteps, [1, 2, 3]);
  // The map runs at the environment's parallelism inside the iteration (or 1 if chained after the p=1 source).
  const perStep = opens.filter((o) => o[0] === 2).length;
  assert.ok(perStep === p || perStep === 1, `opens per superstep: ${perStep}`);
  assert.deepEqual(opens.find((o) => o[0] === 1)![1], [1, 2]);
  assert.deepEqual(opens.find((o) => o[0] === 2)![1], [3, 4]);
  assert.deepEqual(opens.find((o) => o[0] === 3)![1], [7, 8]);
});

test("getRuntimeContext() outside a running function is an error", () => {
  class Idle extends RichMapFunction<number, number> { map(v: number): number { return v; } }
  assert.throws(() => new Idle().getRuntimeContext());
  void ExecutionEnvironment;
});
