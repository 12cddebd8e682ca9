/**
 * Failures at commit time leave nothing behind, OVERWRITE refuses paths it must never replace,
 * and paths are local: file: URLs work for every source and sink, other schemes are refused
 * (issue 13, "Failures leave nothing behind").
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { execFile, execFileSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { ExecutionEnvironment, InvalidProgramException, JobExecutionException, WriteMode } from "../../src/index.js";
import { TextInputFormat } from "../../src/io/index.js";
import { testAtParallelism } from "../helpers.js";
import { readOutput, tempDir } from "./tmp.js";

const run = promisify(execFile);

testAtParallelism("a NO_OVERWRITE target that appears during the job fails the commit and leaves no staging", async (env) => {
  const dir = tempDir();
  const target = join(dir, "out");
  env.generateSequence(1, 100).map((x) => {
    if (x === 50) writeFileSync(target, "theirs\n");
    return x;
  }).writeAsText(target);
  await assert.rejects(env.execute(), /already exists/);
  assert.deepEqual(readdirSync(dir), ["out"]);
  assert.equal(readFileSync(target, "utf8"), "theirs\n");
});

testAtParallelism("a rename that fails at commit time leaves no staging", async (env) => {
  const dir = tempDir();
  // The parent of the target is missing when the job starts and becomes a file during it.
  env.generateSequence(1, 100).map((x) => {
    if (x === 50) writeFileSync(join(dir, "sub"), "a file\n");
    return x;
  }).writeAsText(join(dir, "sub", "out"), WriteMode.OVERWRITE);
  await assert.rejects(env.execute(), (e: unknown) => e instanceof JobExecutionException && /sub/.test(e.message));
  assert.deepEqual(readdirSync(dir), ["sub"]);
});

test("OVERWRITE refuses a device node, a named pipe and the root", async () => {
  // Special files of the test's own: a copy of the null device (as root) and a FIFO. The real
  // /dev/null is never a target: a regression would replace it for every process on the machine.
  const dir = tempDir();
  const targets: [string, RegExp][] = [["/", /root directory/]];
  if (made(join(dir, "fifo"), "mkfifo", [])) targets.push([join(dir, "fifo"), /named pipe/]);
  // Only root can make a device node.
  if (made(join(dir, "null"), "mknod", ["c", "1", "3"])) targets.push([join(dir, "null"), /device node/]);
  for (const [path, reason] of targets) {
    const env = ExecutionEnvironment.createLocalEnvironment(1);
    env.fromElements(1).writeAsText(path, WriteMode.OVERWRITE);
    await assert.rejects(env.execute(), reason, path);
  }
  assert.ok(statSync(join(dir, "fifo")).isFIFO());
  if (targets.length === 3) assert.ok(statSync(join(dir, "null")).isCharacterDevice());
});

/**
 * Makes a special file with `command`; whether it exists. (Worker threads replaying this file find
 * it made already, and must take the same path.)
 */
function made(path: string, command: string, args: string[]): boolean {
  try {
    if (!existsSync(path)) execFileSync(command, [path, ...args], { stdio: "ignore" });
  } catch {
    // Not permitted: tested without it.
  }
  return existsSync(path);
}

test("OVERWRITE refuses the current directory and its ancestors", { timeout: 120_000 }, async () => {
  const dir = tempDir();
  const cwd = join(dir, "a", "b");
  mkdirSync(cwd, { recursive: true });
  writeFileSync(join(cwd, "keep"), "keep\n");
  // A child process, started in `cwd`, writes each path (this process keeps its directory).
  const child = fileURLToPath(new URL("./fixtures/writer-child.ts", import.meta.url));
  for (const path of [".", "..", dir]) {
    const r = await run(process.execPath, ["--import", import.meta.resolve("tsx"), child, path, "1", "OVERWRITE", "run"], { cwd }).then(
      () => "",
      (e: { stderr: string }) => e.stderr,
    );
    assert.match(r, /is the current working directory or one of its ancestors/, path);
  }
  assert.deepEqual(readdirSync(cwd), ["keep"]);
  assert.equal(readFileSync(join(cwd, "keep"), "utf8"), "keep\n");
});

testAtParallelism("file: URLs work for every source and sink", async (env) => {
  const dir = tempDir();
  writeFileSync(join(dir, "in.txt"), "a\nb\n");
  writeFileSync(join(dir, "in.csv"), "1,x\n2,y\n");
  writeFileSync(join(dir, "in.jsonl"), '{"k":1}\n');
  const url = (name: string) => pathToFileURL(join(dir, name)).href;
  const text = env.readTextFile(url("in.txt"));
  const csv = env.readCsvFile(url("in.csv")).types("number", "string");
  const json = env.readJsonLines<{ k: number }>(`file:${join(dir, "in.jsonl")}`);
  const user = env.createInput(new TextInputFormat(url("in.txt")));
  text.writeAsText(url("t.txt"), WriteMode.OVERWRITE);
  csv.writeAsCsv(url("c.csv"));
  json.writeAsJsonLines(url("j.jsonl"));
  user.writeAsFormattedText(url("u.txt"), WriteMode.NO_OVERWRITE, (s) => s.toUpperCase());
  await env.execute();
  assert.deepEqual(readdirSync(dir).sort(), ["c.csv", "in.csv", "in.jsonl", "in.txt", "j.jsonl", "t.txt", "u.txt"]);
  assert.deepEqual(readOutput(join(dir, "t.txt")).split("\n").filter(Boolean).sort(), ["a", "b"]);
  assert.deepEqual(readOutput(join(dir, "c.csv")).split("\n").filter(Boolean).sort(), ["1,x", "2,y"]);
  assert.equal(readOutput(join(dir, "j.jsonl")), '{"k":1}\n');
  assert.deepEqual(readOutput(join(dir, "u.txt")).split("\n").filter(Boolean).sort(), ["A", "B"]);
});

test("other URI schemes are refused when the program is defined, creating nothing", () => {
  {
    const env = ExecutionEnvironment.createLocalEnvironment(1);
    const unsupported = (e: unknown) => e instanceof InvalidProgramException && /unsupported scheme '(hdfs|s3)'/.test(e.message);
    assert.throws(() => env.readTextFile("hdfs://namenode:8020/data/in.txt"), unsupported);
    assert.throws(() => env.readCsvFile("s3://bucket/in.csv").types("number"), unsupported);
    assert.throws(() => env.readJsonLines("hdfs:///in.jsonl"), unsupported);
    const ds = env.fromElements<[number]>([1]);
    assert.throws(() => ds.writeAsText("hdfs://namenode/out"), unsupported);
    assert.throws(() => ds.writeAsCsv("s3://bucket/out.csv"), unsupported);
    assert.throws(() => ds.writeAsJsonLines("hdfs:/out"), unsupported);
  }
  assert.equal(existsSync("hdfs:"), false);
});
