/**
 * An input file that changes while the job reads it fails the job naming the file (issue 13):
 * truncated (a split ends early, the size changed) or rewritten (the modification time changed)
 * since the splits were planned. Before, a truncated file gave a short result with no error.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { statSync, truncateSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { JobExecutionException } from "../../src/index.js";
import { inputChange } from "../../src/io/file-input-format.js";
import { END, SplitLineReader } from "../../src/io/split-line-reader.js";
import { testAtParallelism } from "../helpers.js";
import { tempFile } from "./tmp.js";

const LINES = 200_000;
function bigInput(): string {
  const lines: string[] = [];
  for (let i = 0; i < LINES; i++) lines.push(`line-${String(i).padStart(6, "0")}`);
  return tempFile("in.txt", lines.join("\n") + "\n");
}

function namesFile(path: string) {
  return (e: unknown) => e instanceof JobExecutionException && e.message.includes(path) && /changed while the job was reading it/.test(e.message);
}

testAtParallelism("a file truncated while it is read fails the job naming the file", async (env) => {
  const path = bigInput();
  const size = statSync(path).size;
  const rows = env.readTextFile(path).map((line) => {
    if (line === "line-000005") truncateSync(path, Math.floor(size / 3));
    return line;
  });
  await assert.rejects(rows.count(), namesFile(path));
});

testAtParallelism("a file rewritten (same size) while it is read fails the job naming the file", async (env) => {
  const path = bigInput();
  const csv = env.readCsvFile(path).fieldDelimiter("-").types("string", "string").map((r) => {
    if (r[1] === "000005") writeFileSync(path, Buffer.alloc(statSync(path).size, "x"));
    return r;
  });
  await assert.rejects(csv.count(), namesFile(path));
});

testAtParallelism("an unchanged file still reads whole", async (env) => {
  const path = bigInput();
  assert.equal(await env.readTextFile(path).count(), LINES);
});

test("a split whose file ended before the split's end reports it", async () => {
  const path = tempFile("short.txt", "a\nb\nc\n");
  const file = await open(path, "r");
  try {
    const reader = new SplitLineReader(file, 0, 100, Buffer.from("\n"));
    let lines = 0;
    for (let s = reader.next(); s !== END; s = reader.next()) {
      if (s === 0) lines++;
      else await reader.fill();
    }
    assert.equal(lines, 3);
    assert.equal(reader.endedEarly(), true);
    const split = { splitNumber: 0, path, start: 0, length: 100 };
    assert.match(inputChange(split, { size: 6, mtimeMs: 1 }, true) ?? "", /ended before byte 100/);
    assert.match(inputChange({ ...split, fileSize: 100 }, { size: 6, mtimeMs: 1 }, false) ?? "", /size went from 100 to 6 bytes/);
    assert.match(inputChange({ ...split, fileSize: 6, fileMtimeMs: 2 }, { size: 6, mtimeMs: 1 }, false) ?? "", /modification time changed/);
    assert.equal(inputChange({ ...split, fileSize: 6, fileMtimeMs: 1 }, { size: 6, mtimeMs: 1 }, false), undefined);
  } finally {
    await file.close();
  }
});
