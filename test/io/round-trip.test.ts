/** Write then read: text, CSV with quoting and JSON Lines, at parallelism 1 and 4 (a file, then a directory). */
import assert from "node:assert/strict";
import { join } from "node:path";
import { statSync } from "node:fs";
import { CsvOutputFormat, WriteMode } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";
import { tempDir } from "./tmp.js";

type Row = [number, string, number, boolean];

const ROWS: Row[] = Array.from({ length: 300 }, (_, i) => [i, i % 7 === 0 ? `name, "${i}"` : `name ${i}`, i * 0.5, i % 2 === 0]);

testAtParallelism("text round trip", async (env, p) => {
  const out = join(tempDir(), "lines");
  const lines = ROWS.map((r) => `${r[0]}: ${r[1]} ünicode`);
  env.fromCollection(lines).rebalance().writeAsText(out);
  await env.execute();
  assert.equal(statSync(out).isDirectory(), p > 1);
  assertSameRecords(await env.readTextFile(out).collect(), lines);
});

testAtParallelism("CSV round trip with quoted strings holding delimiters and quotes", async (env, p) => {
  const out = join(tempDir(), "rows.csv");
  env.fromCollection(ROWS).rebalance().output(new CsvOutputFormat<Row>(out, "\n", ",", WriteMode.OVERWRITE).setQuoteStrings(true));
  await env.execute();
  assert.equal(statSync(out).isDirectory(), p > 1);
  const back = await env.readCsvFile(out).parseQuotedStrings('"').types("number", "string", "number", "boolean").collect();
  assertSameRecords(back, ROWS);
});

testAtParallelism("CSV round trip with writeAsCsv and multi-character delimiters", async (env) => {
  const out = join(tempDir(), "rows.txt");
  const rows = ROWS.map((r) => [r[0], `v${r[0]}`, r[3]] as [number, string, boolean]);
  env.fromCollection(rows).rebalance().writeAsCsv(out, "\r\n", "::");
  await env.execute();
  assertSameRecords(await env.readCsvFile(out).lineDelimiter("\r\n").fieldDelimiter("::").types("number", "string", "boolean").collect(), rows);
});

testAtParallelism("JSON Lines round trip of nested objects", async (env) => {
  const out = join(tempDir(), "events.jsonl");
  const events = ROWS.map((r) => ({ id: r[0], user: { name: r[1], tags: [r[3], null] }, score: r[2] }));
  env.fromCollection(events).rebalance().writeAsJsonLines(out);
  await env.execute();
  assertSameRecords(await env.readJsonLines(out).collect(), events);
});
