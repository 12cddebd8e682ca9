/** API.md "DataSet<T>" actions and sinks: collect/count/print run every sink so far; file sinks, paths, WriteMode, atomic commit. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { DataSink, ExecutionEnvironment, JobExecutionException, WriteMode, type OutputFormat } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";
import { captureStderr, captureStdout, outputLines, tempDir } from "./tmp.js";

/** An OutputFormat that records its calls (instance state is per subtask copy; the log is shared). */
function recordingFormat<T>(log: string[], written: T[]): OutputFormat<T> {
  return {
    configure() { log.push("configure"); },
    async open(taskNumber: number, numTasks: number) { log.push(`open ${taskNumber}/${numTasks}`); },
    async writeRecord(r: T) { written.push(r); },
    async close() { log.push("close"); },
  };
}

testAtParallelism("collect / count / print / printToErr run the program and resolve when done", async (env) => {
  const ds = env.generateSequence(1, 5).map((x) => x * 2);
  assertSameRecords(await ds.collect(), [2, 4, 6, 8, 10]);
  assert.equal(await ds.count(), 5);
  const out = await captureStdout(() => ds.filter((x) => x > 6).print());
  assertSameRecords(out.trim().split("\n"), ["8", "10"]);
  const err = await captureStderr(() => env.fromElements("e1").printToErr());
  assert.equal(err, "e1\n");
});

testAtParallelism("an action also runs every sink defined so far", async (env) => {
  const written: number[] = [];
  env.fromElements(1, 2, 3).output(recordingFormat([], written));
  assert.deepEqual(written, [], "defining a sink runs nothing");
  assert.equal(await env.fromElements("x").count(), 1);
  assertSameRecords(written, [1, 2, 3]);
});

testAtParallelism("output(format): configure, open(taskNumber, numTasks), writeRecord, close, each possibly async", async (env, p) => {
  const log: string[] = [];
  const written: number[] = [];
  const sink = env.generateSequence(1, 20).output(recordingFormat(log, written));
  assert.ok(sink instanceof DataSink);
  await env.execute();
  assertSameRecords(written, Array.from({ length: 20 }, (_, i) => i + 1));
  assert.deepEqual(log.filter((l) => l.startsWith("open")).sort(), Array.from({ length: p }, (_, i) => `open ${i}/${p}`));
  assert.equal(log.filter((l) => l === "close").length, p);
});

test("DataSink.name and .setParallelism chain; the sink's name reaches the plan and its parallelism the format", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const log: string[] = [];
  const sink = env.generateSequence(1, 8).output(recordingFormat(log, []));
  assert.equal(sink.name("my-sink").setParallelism(2), sink);
  assert.ok(env.getExecutionPlan().includes("my-sink"));
  await env.execute();
  assert.deepEqual(log.filter((l) => l.startsWith("open")).sort(), ["open 0/2", "open 1/2"]);
});

test("output paths: sink parallelism 1 writes a file, above 1 a directory of files 1..n", async () => {
  const dir = tempDir();
  const env = ExecutionEnvironment.createLocalEnvironment(3);
  const data = env.generateSequence(1, 30);
  data.writeAsText(join(dir, "single")).setParallelism(1);
  data.writeAsText(join(dir, "multi"));
  await env.execute();
  assert.ok(statSync(join(dir, "single")).isFile());
  assert.ok(statSync(join(dir, "multi")).isDirectory());
  assert.deepEqual(readdirSync(join(dir, "multi")).sort(), ["1", "2", "3"]);
  assertSameRecords(outputLines(join(dir, "single")), Array.from({ length: 30 }, (_, i) => String(i + 1)));
  assertSameRecords(outputLines(join(dir, "multi")), Array.from({ length: 30 }, (_, i) => String(i + 1)));
  assert.deepEqual(readdirSync(dir).sort(), ["multi", "single"], "no temporary files left");
});

testAtParallelism("writeAsText, writeAsFormattedText (both overloads, function or { format }), writeAsCsv, writeAsJsonLines", async (env) => {
  const dir = tempDir();
  const rows = env.fromElements<[number, string, boolean]>([1, "a b", true], [2, 'q"x', false]);
  rows.writeAsText(join(dir, "text"));
  rows.writeAsFormattedText(join(dir, "fmt1"), (r) => `${r[1]}=${r[0]}`);
  rows.writeAsFormattedText(join(dir, "fmt2"), WriteMode.NO_OVERWRITE, { format: (r: [number, string, boolean]) => r[1].toUpperCase() });
  rows.writeAsCsv(join(dir, "csv"));
  rows.writeAsCsv(join(dir, "csv2"), "|\n", ";");
  rows.writeAsJsonLines(join(dir, "json"));
  env.fromElements({ a: 1, b: [2] }).writeAsJsonLines(join(dir, "json2"));
  await env.execute();
  assertSameRecords(outputLines(join(dir, "text")), ["(1,a b,true)", '(2,q"x,false)']);
  assertSameRecords(outputLines(join(dir, "fmt1")), ["a b=1", 'q"x=2']);
  assertSameRecords(outputLines(join(dir, "fmt2")), ["A B", 'Q"X']);
  assertSameRecords(outputLines(join(dir, "csv")), ["1,a b,true", '2,q"x,false'], "fields as their text, unquoted");
  assertSameRecords(outputLines(join(dir, "csv2")), ["1;a b;true|", '2;q"x;false|']);
  assertSameRecords(outputLines(join(dir, "json")).map((l) => JSON.parse(l) as unknown), [[1, "a b", true], [2, 'q"x', false]]);
  assert.deepEqual(outputLines(join(dir, "json2")).map((l) => JSON.parse(l) as unknown), [{ a: 1, b: [2] }]);
});

testAtParallelism("WriteMode.NO_OVERWRITE (the default) fails on an existing path; OVERWRITE replaces it", async (env) => {
  const dir = tempDir();
  const file = join(dir, "out");
  writeFileSync(file, "old\n");
  env.fromElements("new").writeAsText(file);
  await assert.rejects(env.execute());
  assert.equal(readFileSync(file, "utf8"), "old\n");
  env.fromElements("new").writeAsText(file, WriteMode.NO_OVERWRITE);
  await assert.rejects(env.execute());
  env.fromElements("new").writeAsText(file, WriteMode.OVERWRITE).setParallelism(1);
  await env.execute();
  assert.equal(readFileSync(file, "utf8"), "new\n");
  // A directory replaced by a file, and the other way round.
  const d = join(dir, "d");
  mkdirSync(d);
  writeFileSync(join(d, "junk"), "x");
  env.fromElements<[number]>([1]).writeAsCsv(d, "\n", ",", WriteMode.OVERWRITE).setParallelism(1);
  await env.execute();
  assert.equal(readFileSync(d, "utf8"), "1\n");
  env.generateSequence(1, 4).writeAsJsonLines(d, WriteMode.OVERWRITE).setParallelism(2);
  await env.execute();
  assert.deepEqual(readdirSync(d).sort(), ["1", "2"]);
});

testAtParallelism("a path check fails in execute() before any user function runs", async (env) => {
  const dir = tempDir();
  const existing = join(dir, "taken");
  writeFileSync(existing, "keep\n");
  let calls = 0;
  const other: number[] = [];
  env.generateSequence(1, 10).map((x) => { calls++; return x; }).writeAsText(existing);
  env.generateSequence(1, 10).output({ open() {}, writeRecord(r: number) { other.push(r); }, close() {} });
  await assert.rejects(env.execute(), (e: unknown) => {
    assert.match(String((e as Error).message) + String((e as Error).cause ?? ""), /taken/);
    return true;
  });
  assert.equal(calls, 0);
  assert.deepEqual(other, [], "no sink of the job ran");
  assert.equal(readFileSync(existing, "utf8"), "keep\n");
});

testAtParallelism("a failed job leaves no new path and no temporary file; an overwritten path keeps its old content", async (env) => {
  const dir = tempDir();
  writeFileSync(join(dir, "old"), "old content\n");
  const boom = new Error("boom");
  const failing = env.generateSequence(1, 50).map((x) => { if (x === 40) throw boom; return x; }).name("bomb");
  failing.writeAsText(join(dir, "fresh"));
  failing.writeAsCsv(join(dir, "old"), "\n", ",", WriteMode.OVERWRITE);
  env.fromElements("fine").writeAsText(join(dir, "healthy")); // a sink of the same job that does not fail itself
  await assert.rejects(env.execute(), (e: unknown) => e instanceof JobExecutionException && e.cause === boom);
  assert.deepEqual(readdirSync(dir), ["old"], "nothing committed, no staging left");
  assert.equal(readFileSync(join(dir, "old"), "utf8"), "old content\n");
  assert.equal(existsSync(join(dir, "fresh")), false);
});

test("writeAsCsv of an object DataSet is refused; printOnTaskManager returns a DataSink", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const sink = env.fromElements(1).printOnTaskManager("x");
  assert.ok(sink instanceof DataSink);
  assert.throws(() => env.fromElements({ a: 1 }).writeAsCsv(join(tempDir(), "o")));
});
