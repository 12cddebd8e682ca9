import { test } from "node:test";
import assert from "node:assert/strict";
import {
  Configuration, ExecutionEnvironment, Histogram, IntCounter, ListAccumulator, RichFilterFunction, RichMapFunction,
  type Accumulator,
} from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

testAtParallelism("Rich functions: open/close once per subtask, each with its own instance", async (env, p) => {
  // Events go through an accumulator: they reach the program from worker threads too.
  class Tagger extends RichMapFunction<number, string> {
    private seen = 0;
    private readonly events = new ListAccumulator<string>();
    override open(): void {
      this.getRuntimeContext().addAccumulator("events", this.events);
      this.events.add(`open ${this.getRuntimeContext().getIndexOfThisSubtask()}`);
    }
    map(v: number): string {
      this.seen++;
      return `${v}@${this.getRuntimeContext().getTaskName()}`;
    }
    override close(): void {
      this.events.add(`close ${this.getRuntimeContext().getIndexOfThisSubtask()} seen=${this.seen}`);
    }
  }
  const fn = new Tagger();
  const out = await env.generateSequence(1, 40).map(fn).name("tagger").collect();
  assert.equal(out.length, 40);
  assert.ok(out.every((s) => s.includes("tagger")));
  const events = env.getLastJobExecutionResult()!.getAccumulatorResult<string[]>("events")!;
  assert.equal(events.filter((e) => e.startsWith("open")).length, p);
  assert.equal(events.filter((e) => e.startsWith("close")).length, p);
  const seen = events.filter((e) => e.startsWith("close")).map((e) => Number(e.split("seen=")[1]));
  assert.equal(seen.reduce((a, b) => a + b, 0), 40, "each subtask counted only its own records");
  assert.equal((fn as unknown as { seen: number }).seen, 0, "the program's instance is never used directly");
});

testAtParallelism("object-form functions are copied per subtask with their prototype", async (env) => {
  class Offset { constructor(readonly by: number) {} add(x: number) { return x + this.by; } }
  const f = { offset: new Offset(10), map(x: number) { return this.offset.add(x); } };
  assertSameRecords(await env.fromElements(1, 2).map(f).collect(), [11, 12]);
});

testAtParallelism("withParameters hands the Configuration to open()", async (env) => {
  const conf = new Configuration();
  conf.setInteger("limit", 3);
  class Limit extends RichFilterFunction<number> {
    private limit = 0;
    override open(parameters: Configuration): void {
      this.limit = parameters.getInteger("limit", 0);
    }
    filter(v: number): boolean {
      return v <= this.limit;
    }
  }
  assertSameRecords(await env.generateSequence(1, 10).filter(new Limit()).withParameters(conf).collect(), [1, 2, 3]);
  assertSameRecords(await env.generateSequence(1, 10).filter(new Limit()).withParameters({ limit: 2 }).collect(), [1, 2]);
});

testAtParallelism("broadcast variables reach every subtask whole", async (env) => {
  const factors = env.fromElements(2, 3);
  class Scale extends RichMapFunction<number, number> {
    private product = 1;
    override open(): void {
      this.product = this.getRuntimeContext().getBroadcastVariable<number>("factors").reduce((a, b) => a * b, 1);
    }
    map(v: number): number {
      return v * this.product;
    }
  }
  assertSameRecords(await env.generateSequence(1, 4).map(new Scale()).withBroadcastSet(factors, "factors").collect(), [6, 12, 18, 24]);
});

testAtParallelism("accumulators and counters are merged into the JobExecutionResult", async (env, p) => {
  class Count extends RichMapFunction<number, number> {
    private hist = new Histogram();
    private list = new ListAccumulator<number>();
    override open(): void {
      this.getRuntimeContext().addAccumulator("hist", this.hist);
      this.getRuntimeContext().addAccumulator("odd", this.list);
    }
    map(v: number): number {
      this.getRuntimeContext().getIntCounter("records").add(1);
      this.hist.add(v % 3);
      if (v % 2 === 1) this.list.add(v);
      return v;
    }
  }
  env.generateSequence(1, 30).map(new Count()).output({ open() {}, writeRecord() {}, close() {} });
  const result = await env.execute("acc job");
  assert.equal(result.getAccumulatorResult("records"), 30);
  assert.deepEqual([...(result.getAccumulatorResult<Map<number, number>>("hist") ?? new Map())], [[0, 10], [1, 10], [2, 10]]);
  assert.deepEqual((result.getAccumulatorResult<number[]>("odd") ?? []).sort((a, b) => a - b), Array.from({ length: 15 }, (_, i) => 2 * i + 1));
  assert.equal(Object.keys(result.getAllAccumulatorResults()).sort().join(","), "hist,odd,records");
  assert.ok(result.getNetRuntime() >= 0);
  assert.equal(p > 0, true);
});

test("a custom accumulator is merged with merge()", async () => {
  class MaxAcc implements Accumulator<number, number> {
    private v = -Infinity;
    add(x: number): void { this.v = Math.max(this.v, x); }
    getLocalValue(): number { return this.v; }
    resetLocal(): void { this.v = -Infinity; }
    merge(o: Accumulator<number, number>): void { this.v = Math.max(this.v, o.getLocalValue()); }
    clone(): MaxAcc { const c = new MaxAcc(); c.v = this.v; return c; }
  }
  const env = ExecutionEnvironment.createLocalEnvironment(3);
  class Track extends RichMapFunction<number, number> {
    private acc = new MaxAcc();
    override open(): void { this.getRuntimeContext().addAccumulator("max", this.acc); }
    map(v: number): number { this.acc.add(v); return v; }
  }
  env.generateSequence(1, 99).map(new Track()).output({ open() {}, writeRecord() {}, close() {} });
  const r = await env.execute();
  assert.equal(r.getAccumulatorResult("max"), 99);
  assert.ok(new IntCounter(2).getLocalValue() === 2);
});
