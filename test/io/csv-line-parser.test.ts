/**
 * The CSV line splitter: RFC 4180 quoting, delimiters of any length, Flink's per-line records,
 * and the same fields as csv-parse (the reference library) on a corpus of tricky lines.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import { splitCsvLine, type CsvLineSyntax } from "../../src/io/csv-line-parser.js";
import { RecordError } from "../../src/io/io-errors.js";

const QUOTED: CsvLineSyntax = { fieldDelimiter: ",", quote: '"' };
const PLAIN: CsvLineSyntax = { fieldDelimiter: ",", quote: undefined };

function split(line: string, syntax: CsvLineSyntax, max = 100): string[] {
  const out: string[] = [];
  const n = splitCsvLine(line, syntax, max, out);
  return out.slice(0, n);
}

test("plain fields, empty fields and a trailing delimiter", () => {
  assert.deepEqual(split("a,b,,d", PLAIN), ["a", "b", "", "d"]);
  assert.deepEqual(split("a,", PLAIN), ["a", ""]);
  assert.deepEqual(split("", PLAIN), [""]);
  assert.deepEqual(split('say "hi",x', PLAIN), ['say "hi"', "x"]);
});

test("quoted fields: doubled quotes, delimiters inside, empty quoted field", () => {
  assert.deepEqual(split('"a,b","say ""hi""",""', QUOTED), ["a,b", 'say "hi"', ""]);
  assert.deepEqual(split('1,"x",', QUOTED), ["1", "x", ""]);
  assert.deepEqual(split('ab"c,d', QUOTED), ['ab"c', "d"], "a quote inside an unquoted field is data");
  assert.deepEqual(split("'it''s',b", { fieldDelimiter: ",", quote: "'" }), ["it's", "b"]);
});

test("multi-character field delimiters, also inside quotes", () => {
  const syntax = { fieldDelimiter: "<|>", quote: '"' };
  assert.deepEqual(split('a<|>"b<|>c"<|><|>d<', syntax), ["a", "b<|>c", "", "d<"]);
  assert.deepEqual(split("x::y::::z", { fieldDelimiter: "::", quote: undefined }), ["x", "y", "", "z"]);
});

test("only the first maxFields fields are split", () => {
  const out: string[] = [];
  assert.equal(splitCsvLine('a,b,"c', QUOTED, 2, out), 2);
  assert.deepEqual(out.slice(0, 2), ["a", "b"]);
});

test("an unterminated quote and text after a closing quote name the field", () => {
  assert.throws(() => split('1,"abc', QUOTED), (e: unknown) => e instanceof RecordError && e.field === 2 && /unterminated quote/.test(e.message));
  assert.throws(() => split('"ab"c,d', QUOTED), (e: unknown) => e instanceof RecordError && e.field === 1 && /after the closing quote/.test(e.message));
});

// Lines on which both parsers must agree (csv-parse with relax_quotes: quotes inside unquoted
// fields are data, as in Flink).
const CORPUS = [
  "a,b,c", "1,,3", ",,", '"x,y",z', '"he said ""no""",2', '"",""', 'a"b,c', " spaced , fields ",
  '"a""",b', '"multi, comma, field",last', 'tail,"quoted"', "ünï,cödé,日本", '"""",x',
];

test("same fields as csv-parse on a corpus of lines", () => {
  for (const line of CORPUS) {
    const expected = (parse(line, { relax_quotes: true, relax_column_count: true }) as string[][])[0] ?? [""];
    assert.deepEqual(split(line, QUOTED), expected, line);
  }
  const multi = ['a;;"b;;c";;d', '"";;x'];
  for (const line of multi) {
    const expected = (parse(line, { delimiter: ";;", relax_quotes: true }) as string[][])[0];
    assert.deepEqual(split(line, { fieldDelimiter: ";;", quote: '"' }), expected, line);
  }
});
