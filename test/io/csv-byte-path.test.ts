/**
 * The byte-level CSV path (io/csv-byte-parser.ts) must read exactly what the string path reads:
 * numbers parsed from bytes equal the string parser's, and lines it does not handle (quotes,
 * comments, odd numbers, errors) go through the string path with its messages.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ExecutionEnvironment } from "../../src/index.js";
import { parseDecimalBytes } from "../../src/io/csv-byte-parser.js";
import { FIELD_PARSERS, INVALID } from "../../src/io/csv-field-parsers.js";

test("numbers from bytes equal the string parser's on decimals, and the rest is left to it", () => {
  const texts = ["0", "-0", "007", "1.50", "00.5", "123456789012345", "-98765.4321", "0.1", "2.675", "9007199254740", "1234567890.12345"];
  for (let i = 0; i < 2000; i++) texts.push(((Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 12)).toFixed(Math.floor(Math.random() * 6)));
  for (const t of texts) {
    const b = Buffer.from(`x${t}y`);
    const v = parseDecimalBytes(b, 1, b.length - 1);
    if (v === undefined) continue;
    assert.ok(Object.is(v, FIELD_PARSERS.number(t)), `${t}: ${v} vs ${String(FIELD_PARSERS.number(t))}`);
  }
  for (const t of ["", "-", "+5", "1e3", ".5", "5.", "1.2.3", " 5", "0x10", "1234567890123456", "NaN", "Infinity", "1,5"]) {
    assert.equal(parseDecimalBytes(Buffer.from(t), 0, t.length), undefined, t);
  }
  assert.equal(FIELD_PARSERS.number(""), INVALID);
});

test("a CSV file read through the byte path gives the string path's records", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-csv-bytes-"));
  const path = join(dir, "in.csv");
  const lines = [
    "id,name,amount,flag", "1,Zoë,1.50,true", "-0,\"quoted, name\",007,0", "# a comment", "3,plain,+5,FALSE", "4,,1e3,1",
    "5,ünïcödé €,-2.25,true,extra", "6,x,123456789012345678,false",
  ];
  writeFileSync(path, "\ufeff" + lines.join("\r\n") + "\r\n");
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const out = await env.readCsvFile(path).ignoreFirstLine().ignoreComments("#").parseQuotedStrings('"')
    .types("number", "string", "number", "boolean").collect();
  assert.deepEqual(out, [
    [1, "Zoë", 1.5, true], [-0, "quoted, name", 7, false], [3, "plain", 5, false], [4, "", 1000, true],
    [5, "ünïcödé €", -2.25, true], [6, "x", 123456789012345680, false],
  ]);
  assert.ok(Object.is(out[1]![0], -0));
});

test("a bad field read through the byte path fails with file, line and field", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-csv-bytes-"));
  const path = join(dir, "bad.csv");
  writeFileSync(path, "1,2\n3,x4\n");
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  await assert.rejects(env.readCsvFile(path).types("number", "number").collect(), (e: Error) => {
    const text = `${e.message} ${String((e.cause as Error | undefined)?.message)}`;
    assert.match(text, /bad\.csv: line 2, field 2: cannot parse "x4" as a number/);
    return true;
  });
});
