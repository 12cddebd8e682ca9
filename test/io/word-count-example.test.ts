/** examples/word-count.ts: prints the top ten words and writes every count as a CSV file. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { runJob } from "../../src/index.js";
import { OUTPUT } from "../../examples/word-count.js";
import { captureStdout } from "../helpers.js";

test("WordCount prints the ten most frequent words and writes all counts", async () => {
  const text = await captureStdout(() => runJob(new URL("../../examples/word-count.ts", import.meta.url), {}, { mode: "in-process" }));
  // (The test runner's own protocol may share stdout, so the records are picked out by pattern.)
  const top = [...text.matchAll(/\(([a-z']+),(\d+)\)/g)].map((m) => m[0]);
  assert.equal(top.length, 10);
  assert.deepEqual(top.slice(0, 3), ["(the,128)", "(and,52)", "(a,26)"]);
  const rows = readFileSync(OUTPUT, "utf8").trim().split("\n").map((l) => l.split(","));
  const words = readFileSync(new URL("../../examples/data/mill-race.txt", import.meta.url), "utf8").toLowerCase().match(/[a-z]+(?:'[a-z]+)*/g)!;
  assert.equal(rows.reduce((s, r) => s + Number(r[1]), 0), words.length);
  assert.equal(new Set(rows.map((r) => r[0])).size, rows.length);
});
