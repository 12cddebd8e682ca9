/**
 * File sinks: Flink's path rules (parallelism 1 writes a file, above 1 a directory of files 1..p),
 * write modes checked before any user function runs, record formats of writeAsText / writeAsCsv /
 * writeAsFormattedText / writeAsJsonLines, and output(format) with the OutputFormat interface.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CsvOutputFormat, ExecutionEnvironment, JobExecutionException, WriteMode } from "../../src/index.js";
import { captureStdout, testAtParallelism } from "../helpers.js";
import { outputLines, readOutput, tempDir } from "./tmp.js";

test("sink parallelism 1 writes a file at the path", async () => {
  const out = join(tempDir(), "out.txt");
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  env.fromElements("a", "b").writeAsText(out).setParallelism(1);
  await env.execute();
  assert.ok(statSync(out).isFile());
  assert.equal(readFileSync(out, "utf8"), "a\nb\n");
});

test("sink parallelism above 1 writes a directory with files 1..p, empty ones included", async () => {
  const out = join(tempDir(), "out");
  const env = ExecutionEnvironment.createLocalEnvironment(3);
  env.fromElements(1, 2, 3, 4, 5, 6, 7).writeAsText(out);
  await env.execute();
  assert.deepEqual(readdirSync(out).sort(), ["1", "2", "3"]);
  assert.deepEqual(outputLines(out).map(Number).sort(), [1, 2, 3, 4, 5, 6, 7]);
  const single = join(tempDir(), "one");
  env.fromElements(1).writeAsText(single).setParallelism(2);
  await env.execute();
  assert.deepEqual(readdirSync(single).sort(), ["1", "2"]);
});

test("missing parent directories are created on commit", async () => {
  const out = join(tempDir(), "a", "b", "out.csv");
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  env.fromElements<[number, string]>([1, "x"]).writeAsCsv(out);
  await env.execute();
  assert.equal(readFileSync(out, "utf8"), "1,x\n");
});

testAtParallelism("NO_OVERWRITE fails in execute() before any user function runs", async (env) => {
  const dir = tempDir();
  const out = join(dir, "exists.txt");
  writeFileSync(out, "old\n");
  let calls = 0;
  env.fromElements(1, 2, 3).map((x) => (calls++, x)).writeAsText(out);
  await assert.rejects(
    env.execute(),
    (e: unknown) => e instanceof JobExecutionException && /already exists/.test(e.message) && e.message.includes(out) && /OVERWRITE/.test(e.message),
  );
  assert.equal(calls, 0);
  assert.equal(readFileSync(out, "utf8"), "old\n");
  assert.deepEqual(readdirSync(dir), ["exists.txt"], "no staging directory is left behind");
});

testAtParallelism("OVERWRITE replaces a file or a directory, whichever the new output is", async (env, p) => {
  const dir = tempDir();
  const out = join(dir, "out");
  mkdirSync(out);
  writeFileSync(join(out, "stale"), "x");
  env.fromElements("new").writeAsText(out, WriteMode.OVERWRITE).setParallelism(1);
  await env.execute();
  assert.equal(readFileSync(out, "utf8"), "new\n");
  env.fromElements("a", "b").writeAsText(out, WriteMode.OVERWRITE).setParallelism(p === 1 ? 2 : p);
  await env.execute();
  assert.ok(statSync(out).isDirectory());
  assert.deepEqual(outputLines(out).sort(), ["a", "b"]);
  assert.deepEqual(readdirSync(dir), ["out"]);
});

testAtParallelism("writeAsText writes records as Flink prints them", async (env) => {
  const out = join(tempDir(), "out.txt");
  env.fromElements<unknown>([1, "Alice"], [[1, "a"], [2, "b"]], "plain", 2.5, null, { k: 1 }).writeAsText(out).setParallelism(1);
  await env.execute();
  assert.deepEqual(readFileSync(out, "utf8").split("\n"), ["(1,Alice)", "((1,a),(2,b))", "plain", "2.5", "null", '{"k":1}', ""]);
});

testAtParallelism("writeAsFormattedText with a function or a TextFormatter object, with and without a write mode", async (env) => {
  const dir = tempDir();
  const ds = env.fromElements<[string, number]>(["a", 1], ["b", 2]);
  ds.writeAsFormattedText(join(dir, "f.txt"), (t) => `${t[0]}=${t[1]}`).setParallelism(1);
  writeFileSync(join(dir, "g.txt"), "old");
  ds.writeAsFormattedText(join(dir, "g.txt"), WriteMode.OVERWRITE, { format: (t: [string, number]) => t.join("|") }).setParallelism(1);
  await env.execute();
  assert.deepEqual(outputLines(join(dir, "f.txt")).sort(), ["a=1", "b=2"]);
  assert.deepEqual(outputLines(join(dir, "g.txt")).sort(), ["a|1", "b|2"]);
});

testAtParallelism("writeAsCsv writes fields unquoted as their text, with row and field delimiters", async (env) => {
  const dir = tempDir();
  const ds = env.fromElements<[number, string, boolean, null]>([1, "a,b", true, null], [2, 'say "x"', false, null]);
  ds.writeAsCsv(join(dir, "default.csv")).setParallelism(1);
  ds.writeAsCsv(join(dir, "custom.csv"), "\r\n", "|").setParallelism(1);
  ds.writeAsCsv(join(dir, "mode.csv"), WriteMode.OVERWRITE).setParallelism(1);
  await env.execute();
  assert.deepEqual(outputLines(join(dir, "default.csv")).sort(), ["1,a,b,true,", '2,say "x",false,']);
  assert.deepEqual(readFileSync(join(dir, "custom.csv"), "utf8").split("\r\n").sort(), ["", "1|a,b|true|", '2|say "x"|false|']);
  assert.deepEqual(outputLines(join(dir, "mode.csv")).length, 2);
});

test("writeAsCsv on a DataSet known not to hold tuples fails at definition", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  assert.throws(() => env.fromElements({ a: 1 }).writeAsCsv("/tmp/never.csv"), /only tuple/);
});

testAtParallelism("CsvOutputFormat.setQuoteStrings quotes string fields RFC 4180 style", async (env) => {
  const out = join(tempDir(), "q.csv");
  env.fromElements<[number, string]>([1, 'a "b", c']).output(new CsvOutputFormat(out).setQuoteStrings(true)).setParallelism(1);
  await env.execute();
  assert.equal(readFileSync(out, "utf8"), '1,"a ""b"", c"\n');
});

testAtParallelism("writeAsJsonLines writes one JSON value per line, bigints as strings", async (env) => {
  const out = join(tempDir(), "o.jsonl");
  env.fromElements<unknown>({ id: 1, tags: ["x"] }, [1, "a"], 12n).writeAsJsonLines(out).setParallelism(1);
  await env.execute();
  assert.deepEqual(readOutput(out).trim().split("\n").sort(), ['"12"', '[1,"a"]', '{"id":1,"tags":["x"]}']);
});

testAtParallelism("output(format) opens each subtask with (taskNumber, numTasks) and closes it", async (env, p) => {
  const seen: string[] = [];
  const format = {
    task: -1,
    open(taskNumber: number, numTasks: number) {
      this.task = taskNumber;
      seen.push(`open ${taskNumber}/${numTasks}`);
    },
    async writeRecord(r: number) {
      await Promise.resolve();
      seen.push(`write ${this.task}:${r}`);
    },
    close() {
      seen.push(`close ${this.task}`);
    },
  };
  env.generateSequence(1, 8).output(format);
  await env.execute();
  assert.deepEqual(seen.filter((s) => s.startsWith("open")).sort(), Array.from({ length: p }, (_, i) => `open ${i}/${p}`));
  assert.equal(seen.filter((s) => s.startsWith("write")).length, 8);
  assert.equal(seen.filter((s) => s.startsWith("close")).length, p);
});

test("printOnTaskManager prefixes lines as Flink's PrintingOutputFormat", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const text = await captureStdout(async () => {
    env.fromElements<[number, string]>([1, "a"]).printOnTaskManager("p").setParallelism(1);
    env.fromElements(7, 8).rebalance().printOnTaskManager("q");
    env.fromElements(9).printOnTaskManager("").setParallelism(1);
    await env.execute();
  });
  const lines = text.trim().split("\n").sort();
  assert.ok(lines.includes("p> (1,a)"), text);
  assert.ok(lines.includes("9"), text);
  assert.deepEqual(lines.filter((l) => l.startsWith("q")).map((l) => l.replace(/^q:\d> /, "")).sort(), ["7", "8"]);
  assert.ok(lines.filter((l) => l.startsWith("q")).every((l) => /^q:[12]> /.test(l)), text);
});

test("nothing is written when the path check of a second sink fails", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "taken"), "x");
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  env.fromElements(1).writeAsText(join(dir, "fresh"));
  env.fromElements(2).writeAsText(join(dir, "taken"));
  await assert.rejects(env.execute(), /already exists/);
  assert.equal(existsSync(join(dir, "fresh")), false);
  assert.deepEqual(readdirSync(dir), ["taken"]);
});

test("two sinks of one job cannot write the same path", async () => {
  const dir = tempDir();
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  env.fromElements(1).writeAsText(join(dir, "same"));
  env.fromElements(2).writeAsText(join(dir, "same"), WriteMode.OVERWRITE);
  await assert.rejects(env.execute(), /already being written by another sink/);
  assert.deepEqual(readdirSync(dir), []);
  env.fromElements(3).writeAsText(join(dir, "same"));
  await env.execute();
  assert.deepEqual(outputLines(join(dir, "same")), ["3"]);
});
