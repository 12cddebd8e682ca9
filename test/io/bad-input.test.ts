/**
 * Bad input fails the job with a clear message: a malformed CSV line names the file, the 1-based
 * line and the 1-based field (also when the line is deep in a later split), and missing or
 * unreadable paths name the path and the reason.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ExecutionEnvironment, FileParseError, FileSystemError, JobExecutionException } from "../../src/index.js";
import { testAtParallelism } from "../helpers.js";
import { tempDir, tempFile } from "./tmp.js";

/** Runs `fn`, expecting a JobExecutionException whose cause is `type`; returns the cause. */
async function failure<E>(fn: () => Promise<unknown>, type: new (...a: any[]) => E): Promise<E> {
  try {
    await fn();
  } catch (e) {
    assert.ok(e instanceof JobExecutionException, `expected JobExecutionException, got ${String(e)}`);
    assert.ok(e.cause instanceof type, `expected cause ${type.name}, got ${String(e.cause)}`);
    assert.ok(e.message.includes((e.cause as Error).message), "the job's message carries the cause's");
    return e.cause as E;
  }
  assert.fail("the job did not fail");
}

function assertNames(e: FileParseError, path: string, line: number, field: number | undefined): void {
  assert.equal(e.path, path);
  assert.equal(e.line, line);
  assert.equal(e.field, field);
  assert.ok(e.message.includes(path), e.message);
  assert.ok(e.message.includes(`line ${line}`), e.message);
  if (field !== undefined) assert.ok(e.message.includes(`field ${field}`), e.message);
}

testAtParallelism("wrong field count names file, line and the missing field", async (env) => {
  const path = tempFile("users.csv", "id,name,age\n1,Alice,30\n2,Bob\n3,Carol,27\n");
  const e = await failure(() => env.readCsvFile(path).ignoreFirstLine().types("number", "string", "number").collect(), FileParseError);
  assertNames(e, path, 3, 3);
  assert.match(e.message, /wrong field count: expected at least 3 fields, found 2/);
});

testAtParallelism("an unparsable number names file, line and field", async (env) => {
  const path = tempFile("users.csv", "1,Alice,30\n2,Bob,forty\n");
  const e = await failure(() => env.readCsvFile(path).types("number", "string", "number").collect(), FileParseError);
  assertNames(e, path, 2, 3);
  assert.match(e.message, /cannot parse "forty" as a number/);
  const pojo = await failure(() => env.readCsvFile(path).pojoType(["id", "name", "age"], ["number", "string", "number"]).collect(), FileParseError);
  assert.match(pojo.message, /field 3: cannot parse "forty" as a number \('age'\)/);
});

testAtParallelism("strict field kinds: spaces, hex, empty numbers and odd booleans are errors", async (env) => {
  for (const [text, kind] of [[" 1", "number"], ["0x10", "number"], ["", "number"], ["1.5", "bigint"], ["yes", "boolean"]] as const) {
    const path = tempFile("k.csv", `${text}\n`);
    const e = await failure(() => env.readCsvFile(path).types(kind).collect(), FileParseError);
    assertNames(e, path, 1, 1);
  }
});

testAtParallelism("an unterminated quote names file, line and field", async (env) => {
  const path = tempFile("quotes.csv", '1,"ok"\n2,"broken\n3,"fine"\n');
  const e = await failure(() => env.readCsvFile(path).parseQuotedStrings('"').types("number", "string").collect(), FileParseError);
  assertNames(e, path, 2, 2);
  assert.match(e.message, /unterminated quote/);
});

test("the line number is exact when the bad line is in a later split", async () => {
  const lines = Array.from({ length: 5000 }, (_, i) => `${i},name${i}`);
  lines[4321] = "4321,name,extra,fields,ok";
  lines[3777] = "oops,name3777";
  const path = tempFile("big.csv", lines.join("\r\n") + "\r\n");
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const e = await failure(() => env.readCsvFile(path).types("number", "string").collect(), FileParseError);
  assertNames(e, path, 3778, 1);
});

testAtParallelism("a malformed JSON line names file and line", async (env) => {
  const path = tempFile("events.jsonl", '{"a":1}\n\n{"a":2\n');
  const e = await failure(() => env.readJsonLines(path).collect(), FileParseError);
  assertNames(e, path, 3, undefined);
  assert.match(e.message, /not valid JSON/);
});

testAtParallelism("a missing file fails with the path and the reason", async (env) => {
  const path = join(tempDir(), "nope.csv");
  for (const run of [() => env.readTextFile(path).collect(), () => env.readCsvFile(path).types("string").collect(), () => env.readJsonLines(path).collect()]) {
    const e = await failure(run, FileSystemError);
    assert.equal(e.path, path);
    assert.match(e.message, /no such file or directory/);
    assert.ok(e.message.includes(path));
  }
});

test("an unreadable directory fails with the path and the reason", { skip: process.getuid?.() === 0 ? "root reads any directory" : false }, async () => {
  const dir = join(tempDir(), "locked");
  mkdirSync(dir);
  writeFileSync(join(dir, "a.txt"), "x\n");
  chmodSync(dir, 0o000);
  try {
    const env = ExecutionEnvironment.createLocalEnvironment(2);
    const e = await failure(() => env.readTextFile(dir).collect(), FileSystemError);
    assert.match(e.message, /permission denied/);
    assert.ok(e.message.includes(dir));
  } finally {
    chmodSync(dir, 0o755);
  }
});

test("a path through a file fails with the path and the reason", async () => {
  const file = tempFile("plain.txt", "x\n");
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const e = await failure(() => env.readTextFile(join(file, "child")).collect(), FileSystemError);
  assert.match(e.message, /not a directory/);
});

test("a dangling link in an input directory fails naming the link", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "a.txt"), "x\n");
  symlinkSync(join(dir, "gone.txt"), join(dir, "b.txt"));
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const e = await failure(() => env.readTextFile(dir).collect(), FileSystemError);
  assert.equal(e.path, join(dir, "b.txt"));
  assert.match(e.message, /no such file or directory/);
});
