/**
 * The CSV line scanner (io/csv-line-scanner.ts) reads many lines of a buffer in one generated
 * loop. It must read a line exactly as the per-line byte path does, stop before every line it
 * does not take (left to the per-line path, which words the errors), and never read a line past
 * its split's last line start or without its "\n".
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seededRandom } from "../helpers.js";
import { CsvInputFormat, ExecutionEnvironment, INVALID_LINES_ACCUMULATOR, type CsvOptions } from "../../src/index.js";
import { exact } from "../memory/spill-helpers.js";
import { compileCsvScanner } from "../../src/io/csv-line-scanner.js";
import { NUMBER, PARSED, STRING, type CsvBytePlan } from "../../src/io/csv-byte-parser.js";
import { FIELD_PARSERS } from "../../src/io/csv-field-parsers.js";
import { StringInterner } from "../../src/io/string-interner.js";
import { NumberRows } from "../../src/common/number-rows.js";

/** A plan over columns `slots` (-1: not read) of the given kinds, "," delimited. */
function plan(slots: number[], kinds: ("number" | "string" | "boolean")[], quote = -1): CsvBytePlan {
  return {
    delim: 44,
    quote,
    slotOf: Int32Array.from(slots),
    kindOf: Uint8Array.from(kinds, (k) => (k === "number" ? NUMBER : k === "string" ? STRING : PARSED)),
    parsers: kinds.map((k) => FIELD_PARSERS[k]),
    strings: kinds.map((k) => (k === "string" ? new StringInterner() : undefined)),
  };
}

interface ScanOptions { comment?: number; limit?: number; max?: number; pojo?: string[] }

function scanAll(text: string, p: CsvBytePlan, options: ScanOptions = {}): { out: unknown[]; next: number } {
  const buf = Buffer.from(text);
  const out: unknown[] = [];
  const scan = compileCsvScanner(p, options.comment ?? -1, { kind: "records", pojoFields: options.pojo });
  const next = scan(buf, 0, buf.length, options.limit ?? buf.length, out, options.max ?? 1024);
  return { out, next };
}

test("scanner: reads whole lines of numbers and strings, CRLF and extra columns included", () => {
  const { out, next } = scanAll("1,ab,2.5\r\n-0,,007,x\n3,é,-4\n", plan([0, 1, 2], ["number", "string", "number"]));
  assert.equal(exact(out), exact([[1, "ab", 2.5], [-0, "", 7], [3, "é", -4]]));
  assert.equal(next, Buffer.byteLength("1,ab,2.5\r\n-0,,007,x\n3,é,-4\n"));
});

test("scanner: skipped columns, a string last field with CR, booleans and objects", () => {
  const p = plan([-1, 0, -1, 1], ["boolean", "string"]);
  const { out } = scanAll("x,true,y,name\r\nzz,0,,last,more\n", p, { pojo: ["flag", "name"] });
  assert.deepEqual(out, [{ flag: true, name: "name" }, { flag: false, name: "last" }]);
});

test("scanner: number columns straight into NumberRows, stopping where the records scanner stops", () => {
  const p = plan([0, -1, 1], ["number", "number"]);
  const buf = Buffer.from("1,x,2.5\r\n-0,y,1e3\n3,z,w\n5,6,7\n");
  const rows = new NumberRows(2, 8);
  const next = compileCsvScanner(p, -1, { kind: "numbers" })(buf, 0, buf.length, buf.length, rows, 8);
  assert.equal(rows.count, 2);
  assert.equal(exact(rows.records()), exact([[1, 2.5], [-0, 1000]]));
  assert.equal(next, Buffer.byteLength("1,x,2.5\r\n-0,y,1e3\n"));
});

test("scanner: numbers it does not read plainly go to the string parser, and the same values come out", () => {
  const { out } = scanAll("1e3,+5\nNaN,1234567890123456789\n", plan([0, 1], ["number", "number"]));
  assert.equal(exact(out), exact([[1000, 5], [NaN, 1234567890123456800]]));
});

test("scanner: stops before the line it does not take, which stays unread", () => {
  const p = plan([0, 1], ["number", "number"], 34);
  const cases: [string, number][] = [
    ["1,2\n3\n5,6\n", 1], // too few fields
    ["1,2\n3,x\n5,6\n", 1], // the number parser rejects "x"
    ['1,2\n"3",4\n', 1], // a quoted field
    ["1,2\n# c\n5,6\n", 1], // a comment
    ["1,2\n3,4", 1], // the last line has no "\n" in the buffer
    ["1,2\n3,4\r5\n", 1], // a "\r" inside the line
    ["\n1,2\n", 0], // an empty line
  ];
  for (const [text, lines] of cases) {
    const { out, next } = scanAll(text, p, { comment: 35 });
    assert.equal(out.length, lines, text);
    assert.equal(next, lines === 0 ? 0 : 4, text);
  }
});

test("scanner: no line starting past the limit, and no more than max records", () => {
  const text = "1,1\n2,2\n3,3\n4,4\n";
  assert.equal(scanAll(text, plan([0, 1], ["number", "number"]), { limit: 8 }).out.length, 3); // lines at 0, 4 and 8
  assert.equal(scanAll(text, plan([0, 1], ["number", "number"]), { limit: 7 }).out.length, 2);
  const { out, next } = scanAll(text, plan([0, 1], ["number", "number"]), { max: 3 });
  assert.equal(out.length, 3);
  assert.equal(next, 12);
});

const FIELD_TEXTS = [
  "0", "-0", "12", "-7", "3.25", "007", "1e3", "+5", "", "-", ".5", "5.", "NaN", "Infinity", " 1", "1234567890123456789", "true", "FALSE",
  "x", "abc", '"q"', '"a;b"', '"un', "9007199254740993", "1.2.3", "0x1f", "12345678",
];

/** Reads `path` at `p` through the byte path and its scanner (utf8) or the string path only (latin1: the text read is ASCII where it matters). */
async function readBoth(path: string, options: CsvOptions, p: number): Promise<[string, string]> {
  const run = async (charset: BufferEncoding): Promise<string> => {
    const env = ExecutionEnvironment.createLocalEnvironment(p);
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

test("scanner: random files read as the string path reads them, across splits and read chunks", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-csv-scan-"));
  const rand = seededRandom(23);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  for (let round = 0; round < 40; round++) {
    const big = round % 10 === 9; // a few files of several read chunks, split 3 ways
    const width = 1 + Math.floor(rand() * 4);
    const mask = Array.from({ length: width + Math.floor(rand() * 2) }, () => rand() < 0.7);
    if (!mask.includes(true)) mask[0] = true;
    const kinds = mask.filter(Boolean).map(() => pick(["number", "number", "string", "boolean"] as const));
    const clean = rand() < 0.5; // mostly plain lines, so the scanner reads long runs of them
    const texts = clean ? ["0", "-0", "12", "-7", "3.25", "007", "x", "abc", "12345678", "true"] : FIELD_TEXTS;
    const eol = rand() < 0.3 ? "\r\n" : "\n";
    const n = big ? 120_000 : 200;
    const lines: string[] = [];
    for (let i = 0; i < n; i++) {
      if (!clean && rand() < 0.05) lines.push("# comment");
      else lines.push(Array.from({ length: clean ? mask.length : Math.floor(rand() * (mask.length + 2)) }, () => pick(texts)).join(","));
    }
    const path = join(dir, `r${round}.csv`);
    writeFileSync(path, lines.join(eol) + (rand() < 0.8 ? eol : ""));
    const options: CsvOptions = {
      includedMask: mask, kinds, lenient: clean || rand() < 0.7, commentPrefix: rand() < 0.5 ? "#" : undefined,
      ignoreFirstLine: rand() < 0.3, ...(rand() < 0.5 ? { quoteChar: '"' } : {}),
      ...(rand() < 0.3 ? { pojoFields: kinds.map((_, i) => `f${i}x`) } : {}),
    };
    const [bytes, strings] = await readBoth(path, options, big ? 3 : 1);
    assert.equal(bytes, strings, `round ${round}: ${JSON.stringify(options)}\n${lines.slice(0, 40).join("\n")}`);
  }
});
