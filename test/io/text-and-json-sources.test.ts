/** readTextFile and readJsonLines: line handling, charsets, directories; parallel reads are complete. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ExecutionEnvironment, TextInputFormat } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";
import { tempDir, tempFile } from "./tmp.js";

testAtParallelism("readTextFile: one string per line, empty lines kept, CR of CRLF dropped, no final empty line", async (env) => {
  const path = tempFile("t.txt", "first\r\n\r\nthird line\nlast");
  assertSameRecords(await env.readTextFile(path).collect(), ["first", "", "third line", "last"]);
});

testAtParallelism("readTextFile drops a UTF-8 byte order mark and decodes multi-byte characters", async (env) => {
  const path = tempFile("bom.txt", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("größe\n日本語\n")]));
  assertSameRecords(await env.readTextFile(path).collect(), ["größe", "日本語"]);
});

testAtParallelism("readTextFile with a charset", async (env) => {
  const path = tempFile("latin1.txt", Buffer.from("café\nnaïve\n", "latin1"));
  assertSameRecords(await env.readTextFile(path, "latin1").collect(), ["café", "naïve"]);
  const utf16 = tempFile("u16.txt", Buffer.from("ab\ncd\n", "utf16le"));
  assertSameRecords(await env.readTextFile(utf16, "utf16le").collect(), ["ab", "cd"]);
});

testAtParallelism("readTextFile of a directory reads every data file", async (env) => {
  const dir = tempDir();
  writeFileSync(join(dir, "1"), "a\nb\n");
  writeFileSync(join(dir, "2"), "");
  writeFileSync(join(dir, "3"), "c");
  writeFileSync(join(dir, "_tmp"), "skipped\n");
  assertSameRecords(await env.readTextFile(dir).collect(), ["a", "b", "c"]);
});

testAtParallelism("a larger file read in parallel yields every line once", async (env) => {
  const lines = Array.from({ length: 20000 }, (_, i) => `line ${i} ${"x".repeat(i % 50)}`);
  const path = tempFile("big.txt", lines.join("\n") + "\n");
  const counts = await env.readTextFile(path).map((l) => [l, 1] as [string, number]).groupBy(0).sum(1).filter((t) => t[1] !== 1).collect();
  assert.deepEqual(counts, []);
  assert.equal(await env.readTextFile(path).count(), 20000);
});

test("nested file enumeration reads subdirectories when enabled", async () => {
  const dir = tempDir();
  mkdirSync(join(dir, "sub"));
  writeFileSync(join(dir, "a.txt"), "top\n");
  writeFileSync(join(dir, "sub", "b.txt"), "nested\n");
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  assertSameRecords(await env.createInput(new TextInputFormat(dir).setNestedFileEnumeration(true)).collect(), ["top", "nested"]);
});

testAtParallelism("readJsonLines: one JSON value per line, blank lines skipped", async (env) => {
  const path = tempFile("e.jsonl", '{"id":1,"tags":["a"]}\n\n  \n[1,2]\n"text"\r\n42\n');
  assertSameRecords(await env.readJsonLines(path).collect(), [{ id: 1, tags: ["a"] }, [1, 2], "text", 42]);
});
