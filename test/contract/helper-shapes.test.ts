/** API.md "Shapes of the helper objects": Configuration, accumulators, aggregators, formats as plain objects or class instances. */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  Configuration, DoubleCounter, DoubleSumAggregator, ExecutionEnvironment, Histogram, IntCounter, ListAccumulator, LongCounter,
  LongSumAggregator, RichMapFunction, type Accumulator, type InputFormat, type InputSplit, type OutputFormat,
} from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

test("Configuration: set/get with default and the typed setters/getters", () => {
  const c = new Configuration();
  c.set("any", { deep: [1] });
  assert.deepEqual(c.get("any"), { deep: [1] });
  assert.equal(c.get("missing", "dflt"), "dflt");
  c.setString("s", "text");
  c.setInteger("i", 42);
  c.setLong("l", 9007199254740991);
  c.setDouble("d", 2.5);
  c.setBoolean("b", true);
  assert.equal(c.getString("s", "x"), "text");
  assert.equal(c.getString("nope", "x"), "x");
  assert.equal(c.getInteger("i", 0), 42);
  assert.equal(c.getInteger("nope", 7), 7);
  assert.equal(c.getLong("l", 0), 9007199254740991);
  assert.equal(c.getDouble("d", 0), 2.5);
  assert.equal(c.getDouble("nope", 1.5), 1.5);
  assert.equal(c.getBoolean("b", false), true);
  assert.equal(c.getBoolean("nope", false), false);
});

test("built-in accumulators: add, getLocalValue, resetLocal, merge, clone", () => {
  const i = new IntCounter();
  i.add(2); i.add(3);
  const i2 = i.clone();
  i2.add(10);
  assert.equal(i.getLocalValue(), 5, "a clone is independent");
  i.merge(i2);
  assert.equal(i.getLocalValue(), 20);
  i.resetLocal();
  assert.equal(i.getLocalValue(), 0);
  const l = new LongCounter();
  l.add(5); l.merge(l.clone());
  assert.equal(l.getLocalValue(), 10);
  const d = new DoubleCounter();
  d.add(0.5); d.add(0.25);
  assert.equal(d.getLocalValue(), 0.75);
  const h = new Histogram();
  [1, 2, 2, 3, 3, 3].forEach((v) => h.add(v));
  const h2 = h.clone();
  h2.add(1);
  h.merge(h2);
  assert.deepEqual([...h.getLocalValue()], [[1, 3], [2, 4], [3, 6]]);
  const list = new ListAccumulator<string>();
  list.add("a");
  const list2 = list.clone();
  list2.add("b");
  list.merge(list2);
  assert.deepEqual(list.getLocalValue(), ["a", "a", "b"]);
  list.resetLocal();
  assert.deepEqual(list.getLocalValue(), []);
});

testAtParallelism("a user accumulator (plain object) is merged over subtasks into getAllAccumulatorResults(), a plain object", async (env) => {
  const makeMin = (): Accumulator<number, number> => ({
    v: Infinity,
    add(x: number) { this.v = Math.min(this.v, x); },
    getLocalValue() { return this.v; },
    resetLocal() { this.v = Infinity; },
    merge(o: Accumulator<number, number>) { this.v = Math.min(this.v, o.getLocalValue()); },
    clone() { const c = makeMin(); c.add(this.v); return c; },
  } as Accumulator<number, number> & { v: number });
  class Track extends RichMapFunction<number, number> {
    private acc = makeMin();
    override open(): void { this.getRuntimeContext().addAccumulator("min", this.acc); }
    map(v: number): number { this.acc.add(v); return v; }
  }
  env.generateSequence(5, 50).map(new Track()).output({ open() {}, writeRecord() {}, close() {} });
  const r = await env.execute();
  assert.equal(r.getAccumulatorResult("min"), 5);
  const all = r.getAllAccumulatorResults();
  assert.equal(Object.getPrototypeOf(all), Object.prototype);
  assert.deepEqual(Object.keys(all), ["min"]);
  assert.equal(all.min, 5);
});

test("built-in aggregators: aggregate, getAggregate, reset", () => {
  const l = new LongSumAggregator();
  l.aggregate(3); l.aggregate(4);
  assert.equal(l.getAggregate(), 7);
  l.reset();
  assert.equal(l.getAggregate(), 0);
  const d = new DoubleSumAggregator();
  d.aggregate(0.5); d.aggregate(1.25);
  assert.equal(d.getAggregate(), 1.75);
  d.reset();
  assert.equal(d.getAggregate(), 0);
});

testAtParallelism("InputFormat as a plain object: configure(parameters) gets the source's withParameters", async (env) => {
  const seen: unknown[] = [];
  const format: InputFormat<string> & { prefix: string; left: number } = {
    prefix: "?",
    left: 0,
    configure(parameters: Configuration) { seen.push(parameters.getString("prefix", "none")); this.prefix = parameters.getString("prefix", "none") ?? "none"; },
    createInputSplits: (min: number) => Array.from({ length: min }, (_, i) => ({ splitNumber: i })),
    open(_split: InputSplit) { this.left = 2; },
    reachedEnd() { return this.left === 0; },
    nextRecord() { this.left--; return `${this.prefix}${this.left}`; },
    close() {},
  };
  const conf = new Configuration();
  conf.setString("prefix", "p");
  const out = await env.createInput(format).withParameters(conf).collect();
  assert.ok(seen.length >= 1 && seen.every((s) => s === "p"), `configure saw ${seen.join(",")}`);
  assert.equal(out.length, 2 * env.getParallelism());
  assert.ok(out.every((s) => s === "p0" || s === "p1"));
});

test("OutputFormat as a class instance with async methods; configure(parameters) is called", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const lines: string[] = [];
  let configured = 0;
  class Collect implements OutputFormat<number> {
    private buffer: number[] = [];
    private task = -1;
    configure(): void { configured++; }
    async open(taskNumber: number, numTasks: number): Promise<void> { this.task = taskNumber; assert.equal(numTasks, 2); }
    async writeRecord(r: number): Promise<void> { await Promise.resolve(); this.buffer.push(r); }
    async close(): Promise<void> { lines.push(`${this.task}:${this.buffer.length}`); }
  }
  env.generateSequence(1, 10).output(new Collect());
  await env.execute();
  assert.ok(configured >= 1);
  assert.equal(lines.length, 2);
  assert.equal(lines.map((l) => Number(l.split(":")[1])).reduce((a, b) => a + b, 0), 10);
  assertSameRecords(lines.map((l) => l.split(":")[0]), ["0", "1"]);
});
