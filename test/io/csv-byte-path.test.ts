/**
 * The byte-level CSV path (io/csv-byte-parser.ts) must read exactly what the string path reads:
 * numbers parsed from bytes equal the string parser's, and lines it does not handle (quotes,
 * comments, odd numbers, errors) go through the string path with its messages.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { seededRandom } from "../helpers.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CsvInputFormat, ExecutionEnvironment, INVALID_LINES_ACCUMULATOR, type CsvOptions } from "../../src/index.js";
import { exact } from "../memory/spill-helpers.js";
import { NUMBER, readCsvBytes, STRING, type CsvBytePlan } from "../../src/io/csv-byte-parser.js";
import { FIELD_PARSERS, INVALID } from "../../src/io/csv-field-parsers.js";
import { StringInterner } from "../../src/io/string-interner.js";

/** The byte path's reading of the number in column 1 of `x,<t>,y`, or "parser" when it left the text to the string parser. */
function numberFromBytes(t: string): unknown {
  const plan: CsvBytePlan = {
    delim: 44, quote: -1, slotOf: Int32Array.from([-1, 0, 1]), kindOf: Uint8Array.from([NUMBER, STRING]), parsers: [() => "parser", FIELD_PARSERS.string],
    strings: [undefined, new StringInterner()],
  };
  const b = Buffer.from(`[x,${t},y]`);
  const values: unknown[] = [];
  assert.ok(readCsvBytes(b, 1, b.length - 1, plan, values), t);
  assert.equal(values[1], "y");
  return values[0];
}

test("numbers from bytes equal the string parser's on decimals, and the rest is left to it", () => {
  const texts = ["0", "-0", "007", "1.50", "00.5", "123456789012345", "-98765.4321", "0.1", "2.675", "9007199254740", "1234567890.12345"];
  for (let i = 0; i < 2000; i++) texts.push(((Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 12)).toFixed(Math.floor(Math.random() * 6)));
  for (const t of texts) {
    const v = numberFromBytes(t);
    if (v === "parser") continue;
    assert.ok(Object.is(v, FIELD_PARSERS.number(t)), `${t}: ${String(v)} vs ${String(FIELD_PARSERS.number(t))}`);
  }
  for (const t of ["", "-", "+5", "1e3", ".5", "5.", "1.2.3", " 5", "0x10", "1234567890123456", "NaN", "Infinity", "1-5", "-.5"]) {
    assert.equal(numberFromBytes(t), "parser", t);
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

/** A seeded PRNG (mulberry32), so a failure repeats. */

const FIELD_TEXTS = [
  "0", "-0", "12", "-7", "3.25", "007", "1e3", "+5", "", "-", ".5", "5.", "NaN", "Infinity", " 1", "1234567890123456789", "true", "FALSE",
  "x", "abc", '"q"', '"a;b"', '"un', "9007199254740993", "1.2.3", "0x1f",
];

/** Reads `path` with `options`, through the byte path (utf8) or the string path only (latin1: the text is ASCII, so it decodes the same). */
async function readBoth(path: string, options: CsvOptions): Promise<[string, string]> {
  const run = async (charset: BufferEncoding): Promise<string> => {
    const env = ExecutionEnvironment.createLocalEnvironment(1);
    const format = new CsvInputFormat<unknown[]>(path, options).setCharset(charset);
    try {
      const rows = await env.createInput(format).collect();
      const skipped = env.getLastJobExecutionResult()?.getAccumulatorResult(INVALID_LINES_ACCUMULATOR);
      return exact([rows, skipped]);
    } catch (e) {
      return `error: ${(e as Error).message} ${String((e as Error).cause)}`;
    }
  };
  return [await run("utf8"), await run("latin1")];
}

test("the byte path reads random lines as the string path does: records, skipped lines and errors", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-csv-bytes-"));
  const rand = seededRandom(15);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  for (let round = 0; round < 60; round++) {
    const delim = pick([",", ";", "|", "\t", "5", "-", "."]);
    const width = 1 + Math.floor(rand() * 4);
    const mask = Array.from({ length: width + Math.floor(rand() * 2) }, () => rand() < 0.7);
    if (!mask.includes(true)) mask[0] = true;
    const kinds = mask.filter(Boolean).map(() => pick(["number", "number", "string", "boolean", "bigint"] as const));
    const lines = Array.from({ length: 30 }, () => Array.from({ length: Math.floor(rand() * (mask.length + 2)) }, () => pick(FIELD_TEXTS)).join(delim));
    const path = join(dir, `r${round}.csv`);
    writeFileSync(path, lines.join("\n") + "\n");
    const options: CsvOptions = { fieldDelimiter: delim, includedMask: mask, kinds, lenient: rand() < 0.7, ...(rand() < 0.5 ? { quoteChar: '"' } : {}) };
    const [bytes, strings] = await readBoth(path, options);
    assert.equal(bytes, strings, `round ${round}: ${JSON.stringify(options)}\n${lines.join("\n")}`);
  }
});
