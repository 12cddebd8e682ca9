/** API.md "ExecutionEnvironment": creation, parallelism, sources, CSV reader options, execute, getExecutionPlan. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { ExecutionEnvironment, JobExecutionException, JobExecutionResult, RichMapFunction, type InputFormat, type InputSplit } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";
import { tempDir, tempFile } from "./tmp.js";

const discard = { open() {}, writeRecord() {}, close() {} };

test("getExecutionEnvironment / createLocalEnvironment / setParallelism / getParallelism", () => {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  assert.ok(env instanceof ExecutionEnvironment);
  assert.equal(env.getParallelism(), availableParallelism(), "a local environment defaults to the number of cores, as Flink's");
  assert.equal(ExecutionEnvironment.createLocalEnvironment(3).getParallelism(), 3);
  assert.ok(ExecutionEnvironment.createLocalEnvironment().getParallelism() >= 1);
  assert.equal(env.setParallelism(5), env, "setParallelism chains");
  assert.equal(env.getParallelism(), 5);
});

testAtParallelism("fromElements, fromCollection(iterable) and generateSequence (inclusive)", async (env) => {
  assert.deepEqual(await env.fromElements("x", "y", "z").collect(), ["x", "y", "z"], "a non-parallel source keeps its order");
  function* gen(): Generator<number> { yield 3; yield 1; yield 2; }
  assert.deepEqual(await env.fromCollection(gen()).collect(), [3, 1, 2]);
  assert.deepEqual(await env.fromCollection(new Set(["a", "b"])).collect(), ["a", "b"]);
  assertSameRecords(await env.generateSequence(1, 10).collect(), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.deepEqual(await env.generateSequence(7, 7).collect(), [7]);
  assert.equal(await env.generateSequence(0, 999).count(), 1000);
  assert.equal((await env.generateSequence(-5, 5).collect()).reduce((a, b) => a + b, 0), 0);
});

testAtParallelism("readTextFile reads lines; a directory reads its files, skipping names starting with '.' or '_'", async (env) => {
  const file = tempFile("lines.txt", "alpha\nbeta\n\ngamma");
  assertSameRecords(await env.readTextFile(file).collect(), ["alpha", "beta", "", "gamma"]);
  const dir = tempDir();
  writeFileSync(join(dir, "a.txt"), "1\n2\n");
  writeFileSync(join(dir, "b.txt"), "3\n");
  writeFileSync(join(dir, ".hidden"), "no\n");
  writeFileSync(join(dir, "_SUCCESS"), "no\n");
  assertSameRecords(await env.readTextFile(dir).collect(), ["1", "2", "3"]);
});

testAtParallelism("readCsvFile: types(...) kinds give a typed tuple DataSet", async (env) => {
  const file = tempFile("t.csv", "1,x,12345678901234567890,true\n2.5,y,-3,false\n");
  const rows = await env.readCsvFile(file).types("number", "string", "bigint", "boolean").collect();
  assertSameRecords(rows, [[1, "x", 12345678901234567890n, true], [2.5, "y", -3n, false]]);
  const [first] = rows.filter((r) => r[1] === "x");
  assert.equal(typeof first![2], "bigint");
});

testAtParallelism("readCsvFile: fieldDelimiter, lineDelimiter, ignoreFirstLine, ignoreComments", async (env) => {
  const file = tempFile("d.csv", "id|name;#comment|x;1|ann;2|bob;");
  const rows = await env.readCsvFile(file).fieldDelimiter("|").lineDelimiter(";").ignoreFirstLine().ignoreComments("#").types("number", "string").collect();
  assertSameRecords(rows, [[1, "ann"], [2, "bob"]]);
});

testAtParallelism("readCsvFile: parseQuotedStrings (RFC 4180) and includeFields (string and boolean[] masks)", async (env) => {
  const file = tempFile("q.csv", '1,"a,b","say ""hi"""\n2,plain,""\n');
  const rows = await env.readCsvFile(file).parseQuotedStrings('"').types("number", "string", "string").collect();
  assertSameRecords(rows, [[1, "a,b", 'say "hi"'], [2, "plain", ""]]);
  const wide = tempFile("w.csv", "1,skip,a,true\n2,skip,b,false\n");
  assertSameRecords(await env.readCsvFile(wide).includeFields("1010").types("number", "string").collect(), [[1, "a"], [2, "b"]]);
  assertSameRecords(await env.readCsvFile(wide).includeFields([false, true, false, true]).types("string", "boolean").collect(), [
    ["skip", true],
    ["skip", false],
  ]);
});

testAtParallelism("readCsvFile: a quote must close its field; ignoreInvalidLines skips malformed lines", async (env) => {
  const file = tempFile("bad.csv", '1,"ok"\n2,"open\n3,"fine"\nx,"nan"\n');
  await assert.rejects(env.readCsvFile(file).parseQuotedStrings('"').types("number", "string").collect(), (e: unknown) => {
    const msg = (e as Error).message + String((e as Error).cause);
    assert.match(msg, /bad\.csv/);
    assert.match(msg, /line 2\b|:2\b/);
    return true;
  });
  const rows = await env.readCsvFile(file).parseQuotedStrings('"').ignoreInvalidLines().types("number", "string").collect();
  assertSameRecords(rows, [[1, "ok"], [3, "fine"]]);
});

testAtParallelism("readCsvFile: a malformed line fails the job naming the file and its 1-based line number", async (env) => {
  const file = tempFile("nums.csv", "1,a\n2,b\nthree,c\n");
  await assert.rejects(env.readCsvFile(file).types("number", "string").collect(), (e: unknown) => {
    assert.ok(e instanceof JobExecutionException);
    assert.match(e.message, /nums\.csv/);
    assert.match(e.message, /line 3\b/);
    return true;
  });
  const trailing = tempFile("after-quote.csv", '1,"ab"c\n2,"ok"\n');
  await assert.rejects(env.readCsvFile(trailing).parseQuotedStrings('"').types("number", "string").collect(), /after-quote\.csv.*line 1\b/s);
  assertSameRecords(await env.readCsvFile(trailing).parseQuotedStrings('"').ignoreInvalidLines().types("number", "string").collect(), [[2, "ok"]]);
  const tooFew = tempFile("few.csv", "1,a\n2\n");
  await assert.rejects(env.readCsvFile(tooFew).types("number", "string").collect(), /few\.csv/);
});

testAtParallelism("readCsvFile: pojoType(fieldNames) gives objects of strings; pojoType(fieldNames, kinds) parses kinds", async (env) => {
  const file = tempFile("p.csv", "1,ann,true\n2,bob,false\n");
  assertSameRecords(await env.readCsvFile(file).pojoType(["id", "name", "ok"]).collect(), [
    { id: "1", name: "ann", ok: "true" }, { id: "2", name: "bob", ok: "false" },
  ]);
  assertSameRecords(await env.readCsvFile(file).pojoType(["id", "name", "ok"], ["number", "string", "boolean"]).collect(), [
    { id: 1, name: "ann", ok: true }, { id: 2, name: "bob", ok: false },
  ]);
});

testAtParallelism("readJsonLines: one JSON value per line; a bad line names file and line", async (env) => {
  const file = tempFile("v.jsonl", '{"a":1}\n[1,"x"]\n"s"\n42\n');
  assertSameRecords(await env.readJsonLines(file).collect(), [{ a: 1 }, [1, "x"], "s", 42]);
  const bad = tempFile("bad.jsonl", '{"a":1}\n{oops\n');
  await assert.rejects(env.readJsonLines(bad).collect(), (e: unknown) => {
    const text = `${(e as Error).message} ${String((e as Error).cause)}`;
    assert.match(text, /bad\.jsonl/);
    assert.match(text, /line 2\b|:2\b/);
    return true;
  });
});

/** A range of numbers in splits; state lives on the instance (each subtask gets its own copy). */
class RangeFormat implements InputFormat<number, InputSplit & { from: number; to: number }> {
  static opened: number[] = [];
  static minSplitsAsked = -1;
  private next = 0;
  private to = 0;
  constructor(private readonly n: number, private readonly parts: number) {}
  async createInputSplits(minNumSplits: number): Promise<(InputSplit & { from: number; to: number })[]> {
    RangeFormat.minSplitsAsked = minNumSplits;
    return Array.from({ length: this.parts }, (_, i) => ({
      splitNumber: i,
      from: Math.floor((i * this.n) / this.parts),
      to: Math.floor(((i + 1) * this.n) / this.parts),
    }));
  }
  async open(split: InputSplit & { from: number; to: number }): Promise<void> {
    RangeFormat.opened.push(split.splitNumber);
    this.next = split.from;
    this.to = split.to;
  }
  reachedEnd(): boolean { return this.next >= this.to; }
  async nextRecord(): Promise<number> { return this.next++; }
  async close(): Promise<void> {}
}

testAtParallelism("createInput runs at the environment's parallelism; each split is read by one subtask", async (env, p) => {
  RangeFormat.opened = [];
  class Where extends RichMapFunction<number, number> {
    map(): number { return this.getRuntimeContext().getNumberOfParallelSubtasks(); }
  }
  const source = env.createInput(new RangeFormat(500, 6));
  const values = await source.collect();
  // Kept before the next job's assertions: under worker threads the program replays in each
  // worker, where this memory is not shared, and every job must still be reached there.
  const opened = [...RangeFormat.opened].sort();
  const minSplitsAsked = RangeFormat.minSplitsAsked;
  const ps = await env.createInput(new RangeFormat(20, 6)).map(new Where()).collect();
  assertSameRecords(values, Array.from({ length: 500 }, (_, i) => i));
  assert.deepEqual(opened, [0, 1, 2, 3, 4, 5]);
  assert.equal(minSplitsAsked, p);
  assert.ok(ps.every((q) => q === p), "the source's chained successor runs at p");
});

testAtParallelism("execute(jobName) resolves to a JobExecutionResult", async (env) => {
  env.fromElements(1, 2, 3).output(discard);
  const result = await env.execute("my job");
  assert.ok(result instanceof JobExecutionResult);
  assert.equal(typeof result.getNetRuntime(), "number");
  assert.ok(result.getNetRuntime() >= 0);
  assert.equal(result.getAccumulatorResult("nothing"), undefined);
  assert.deepEqual(result.getAllAccumulatorResults(), {});
  env.fromElements(1).output(discard);
  assert.ok((await env.execute()) instanceof JobExecutionResult, "jobName is optional");
});

test("execute() without any sink is an error (as Flink: no data sinks)", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  env.fromElements(1, 2).map((x) => x);
  await assert.rejects(env.execute());
});

test("getExecutionPlan() is JSON of the optimized plan, needs a sink, and runs nothing", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  assert.throws(() => env.getExecutionPlan(), "no sink yet");
  let calls = 0;
  const written: number[] = [];
  env
    .fromElements(1, 2, 3)
    .map((x) => {
      calls++;
      return x * 2;
    })
    .name("doubler")
    .output({
      open() {},
      writeRecord(r: number) {
        written.push(r);
      },
      close() {},
    });
  const plan = env.getExecutionPlan();
  const json = JSON.parse(plan) as { nodes: { contents?: string; pact?: string }[] };
  assert.ok(Array.isArray(json.nodes) && json.nodes.length >= 3, plan);
  assert.ok(json.nodes.some((n) => String(n.contents).includes("doubler")), "operator names appear in the plan");
  assert.equal(calls, 0, "no user function ran");
  assert.deepEqual(written, []);
  await env.execute();
  assertSameRecords(written, [2, 4, 6]);
});

test("a directory source created before files exist reads what is there at execute()", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const dir = join(tempDir(), "later");
  mkdirSync(dir);
  const ds = env.readTextFile(dir);
  writeFileSync(join(dir, "x"), "late\n");
  assert.deepEqual(await ds.collect(), ["late"]);
});

test("file and format sources run at the environment's parallelism", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(3);
  const file = tempFile("p.txt", "1\n");
  env.readTextFile(file).union(env.readCsvFile(file).types("number").map((t) => String(t[0]))).union(env.readJsonLines<string>(file))
    .union(env.createInput(new RangeFormat(3, 3)).map(String)).output({ open() {}, writeRecord() {}, close() {} });
  const plan = JSON.parse(env.getExecutionPlan()) as { nodes: { type: string; parallelism: string }[] };
  const sources = plan.nodes.filter((n) => n.type === "source");
  assert.equal(sources.length, 4);
  assert.ok(sources.every((n) => n.parallelism === "3"), JSON.stringify(sources));
});
