/**
 * Nothing is lost on failure: a job whose user function throws after some records leaves no
 * output path and no temporary file, and an existing path under OVERWRITE keeps its content.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ExecutionEnvironment, JobExecutionException, WriteMode } from "../../src/index.js";
import { testAtParallelism } from "../helpers.js";
import { readOutput, tempDir } from "./tmp.js";

/**
 * A map over a sequence 1..N that throws at every record above `n`: it fails whichever subtask or
 * thread reads those records (a count kept in the closure would be per worker thread).
 */
function failAfter(n: number) {
  return (x: number) => {
    if (x > n) throw new Error(`boom after ${n}`);
    return x;
  };
}

testAtParallelism("a failing job leaves no new output path and no temporary file", async (env) => {
  const dir = tempDir();
  // Enough records before the failure that the sinks have flushed staged bytes to disk.
  const data = env.generateSequence(1, 60000);
  data.map(failAfter(30000)).writeAsText(join(dir, "text"));
  data.map((x) => [x, "v"] as [number, string]).writeAsCsv(join(dir, "rows.csv"));
  data.writeAsJsonLines(join(dir, "all.jsonl"));
  await assert.rejects(env.execute(), (e: unknown) => e instanceof JobExecutionException && (e.cause as Error).message === "boom after 30000");
  assert.deepEqual(readdirSync(dir), []);
});

testAtParallelism("under OVERWRITE a failing job keeps the old file and the old directory", async (env) => {
  const dir = tempDir();
  writeFileSync(join(dir, "out.txt"), "previous\n");
  mkdirSync(join(dir, "outdir"));
  writeFileSync(join(dir, "outdir", "1"), "old part\n");
  const data = env.generateSequence(1, 5000).map(failAfter(1000));
  data.writeAsText(join(dir, "out.txt"), WriteMode.OVERWRITE).setParallelism(1);
  data.writeAsText(join(dir, "outdir"), WriteMode.OVERWRITE).setParallelism(3);
  await assert.rejects(env.execute(), JobExecutionException);
  assert.deepEqual(readdirSync(dir).sort(), ["out.txt", "outdir"]);
  assert.equal(readOutput(join(dir, "out.txt")), "previous\n");
  assert.deepEqual(readdirSync(join(dir, "outdir")), ["1"]);
  assert.equal(readOutput(join(dir, "outdir")), "old part\n");
});

test("a failure while reading input also leaves nothing behind", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "in.csv"), "1,a\n2,b\nthree,c\n");
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  env.readCsvFile(join(dir, "in.csv")).types("number", "string").writeAsCsv(join(dir, "out.csv"));
  await assert.rejects(env.execute(), /line 3, field 1/);
  assert.deepEqual(readdirSync(dir), ["in.csv"]);
});

test("after a failure the same path can be written", async () => {
  const dir = tempDir();
  const out = join(dir, "out");
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  env.generateSequence(1, 10).map(failAfter(1)).writeAsText(out);
  await assert.rejects(env.execute());
  env.generateSequence(1, 10).writeAsText(out);
  await env.execute();
  assert.equal(readOutput(out).split("\n").filter(Boolean).length, 10);
});
