/**
 * CSV string fields decoded through a per-column interner (io/string-interner.ts): equal short
 * ASCII fields come back as one string, every field keeps its exact text (UTF-8, empty, long,
 * colliding slots), and a column whose fields do not repeat stops using the table.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { ExecutionEnvironment } from "../../src/index.js";
import { StringInterner } from "../../src/io/string-interner.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function fields(interner: StringInterner, texts: readonly string[]): string[] {
  const buf = Buffer.from(texts.join(","));
  const out: string[] = [];
  let at = 0;
  for (const t of texts) {
    const n = Buffer.byteLength(t);
    out.push(interner.decode(buf, at, at + n));
    at += n + 1;
  }
  return out;
}

test("interner: every field keeps its exact text", () => {
  const texts = ["C031", "", "C031", "é", "naïve", "x".repeat(33), "x".repeat(32), "C13", "C31", "a\u0000b", "C031"];
  for (let i = 0; i < 3000; i++) texts.push(`k${i % 1500}`, `v${(i * 7919) % 4001}`);
  assert.deepEqual(fields(new StringInterner(), texts), texts);
});

test("interner: a repeating column shares its strings, memory a few hundred strings instead of one per record", () => {
  // Whether two strings are one object is not observable in JS; the heap is: 200k decoded fields
  // of 200 values hold far less with the table than without it.
  const texts = Array.from({ length: 200_000 }, (_, i) => `C${String(i % 200).padStart(3, "0")}`);
  const buf = Buffer.from(texts.join(","));
  const keep = (decode: (s: number, e: number) => string): string[] => {
    const out: string[] = [];
    for (let i = 0, at = 0; i < texts.length; i++, at += 5) out.push(decode(at, at + 4));
    return out;
  };
  const interner = new StringInterner();
  gc();
  const m0 = process.memoryUsage().heapUsed;
  const shared = keep((s, e) => interner.decode(buf, s, e));
  gc();
  const m1 = process.memoryUsage().heapUsed;
  const plain = keep((s, e) => buf.toString("utf8", s, e));
  gc();
  const sharedBytes = m1 - m0;
  const plainBytes = process.memoryUsage().heapUsed - m1;
  assert.deepEqual(shared, texts);
  assert.deepEqual(plain, texts);
  assert.ok(sharedBytes < plainBytes / 2, `interned ${sharedBytes} bytes, decoded ${plainBytes}`);
});

test("interner: a column of unique fields turns the table off and still reads every field", () => {
  const texts = Array.from({ length: 20_000 }, (_, i) => `user${i}`);
  const interner = new StringInterner();
  assert.deepEqual(fields(interner, texts), texts);
  assert.equal((interner as unknown as { on: boolean }).on, false);
});

test("interner: a CSV job groups on an interned string column as on the decoded text", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-interner-"));
  const path = join(dir, "rows.csv");
  const lines = ["id,country,name"];
  for (let i = 0; i < 10_000; i++) lines.push(`${i},C${i % 37},name${i}`);
  writeFileSync(path, lines.join("\n") + "\n");
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const out = await env.readCsvFile(path).ignoreFirstLine().types("number", "string", "string")
    .map((r) => [r[1], 1, r[2].length] as [string, number, number]).groupBy(0).sum(1).andSum(2).collect();
  const expected = new Map<string, [number, number]>();
  for (let i = 0; i < 10_000; i++) {
    const e = expected.get(`C${i % 37}`) ?? [0, 0];
    expected.set(`C${i % 37}`, [e[0] + 1, e[1] + `name${i}`.length]);
  }
  assert.deepEqual(new Map(out.map((r) => [r[0], [r[1], r[2]]])), expected);
});

test("interner: a column of 1,000 values keeps them all (no two values evicting each other)", () => {
  const texts = Array.from({ length: 1000 }, (_, i) => `name-${i}`);
  const interner = new StringInterner();
  fields(interner, texts);
  const before = interner as unknown as { hits: number; lookups: number };
  const hits0 = before.hits;
  const again = fields(interner, texts);
  assert.deepEqual(again, texts);
  // Direct-mapped over 1,024 slots, a third of these values shared a slot and missed on every pass.
  assert.ok(before.hits - hits0 >= 990, `${before.hits - hits0} of 1,000 found`);
});
