/**
 * Byte-range splits read line-aligned (Flink's DelimitedInputFormat): for many contents,
 * delimiters and split sizes, the splits together yield every line exactly once, in order.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { open } from "node:fs/promises";
import { TextInputFormat } from "../../src/index.js";
import { planSplits, type FileInputSplit } from "../../src/io/file-input-format.js";
import { countDelimiters, END, LINE, SplitLineReader } from "../../src/io/split-line-reader.js";
import { tempFile } from "./tmp.js";
import { instantiateUdf } from "../../src/common/udf.js";

async function readSplit(path: string, start: number, length: number, delim: string, bufferSize: number): Promise<string[]> {
  const fh = await open(path, "r");
  try {
    const r = new SplitLineReader(fh, start, length, Buffer.from(delim), bufferSize);
    const lines: string[] = [];
    while (true) {
      const s = r.next();
      if (s === LINE) lines.push(r.buffer.toString("utf8", r.lineStart, r.lineEnd));
      else if (s === END) return lines;
      else await r.fill();
    }
  } finally {
    await fh.close();
  }
}

const CASES: { name: string; lines: string[]; delim: string; trailing: boolean }[] = [
  { name: "newline", lines: ["alpha", "", "b", "gamma delta", "e"], delim: "\n", trailing: true },
  { name: "no trailing delimiter", lines: ["one", "two", "three"], delim: "\n", trailing: false },
  { name: "CRLF as delimiter", lines: ["a\rb", "", "cc", "\n", "ddd"], delim: "\r\n", trailing: true },
  { name: "self-overlapping delimiter, one split per file", lines: ["ab", "", "c", "", "", "d"], delim: "||", trailing: false },
  { name: "four-byte delimiter", lines: ["x", "yy", "zzzz", "w"], delim: "<EOL", trailing: false },
  { name: "multi-byte characters", lines: ["größe", "日本語", "ok"], delim: "\n", trailing: true },
];

for (const c of CASES) {
  test(`every line is read exactly once for every split size: ${c.name}`, async () => {
    const text = c.lines.join(c.delim) + (c.trailing ? c.delim : "");
    const path = tempFile("lines.txt", text);
    const size = Buffer.byteLength(text);
    for (let n = 1; n <= size + 1; n++) {
      for (const bufferSize of [4, 7, 1 << 16]) {
        const splits = await new TextInputFormat(path).setDelimiter(c.delim).createInputSplits(n);
        const got: string[] = [];
        for (const s of splits) got.push(...(await readSplit(path, s.start, s.length, c.delim, bufferSize)));
        assert.deepEqual(got, c.lines, `${n} splits, buffer ${bufferSize}`);
      }
    }
  });
}

test("a line longer than the read buffer grows the buffer", async () => {
  const long = "x".repeat(1000);
  const path = tempFile("long.txt", `a\n${long}\nb\n`);
  assert.deepEqual(await readSplit(path, 0, 1005, "\n", 8), ["a", long, "b"]);
});

test("splits cover the files: Flink's sizes, last split up to 10% larger, one split per empty file", () => {
  const s = planSplits([{ path: "a", size: 105 }, { path: "b", size: 0 }], 10, 0, false);
  assert.deepEqual(
    s.map((x) => [x.path, x.start, x.length]),
    [
      ["a", 0, 11],
      ["a", 11, 11],
      ["a", 22, 11],
      ["a", 33, 11],
      ["a", 44, 11],
      ["a", 55, 11],
      ["a", 66, 11],
      ["a", 77, 11],
      ["a", 88, 11],
      ["a", 99, 6],
      ["b", 0, 0],
    ],
  );
  assert.deepEqual(planSplits([{ path: "a", size: 100 }], 4, 45, false).map((x) => x.length), [45, 45, 10]);
  assert.deepEqual(planSplits([{ path: "a", size: 100 }], 4, 48, false).map((x) => x.length), [48, 52]);
  assert.deepEqual(planSplits([{ path: "a", size: 100 }], 4, 0, true).map((x) => x.length), [100]);
  assert.deepEqual(s.map((x) => x.splitNumber), s.map((_, i) => i));
});

test("countDelimiters counts delimiters straddling read chunks", async () => {
  const text = "ab||cd||||e||".repeat(200_000);
  const path = tempFile("count.txt", text);
  const fh = await open(path, "r");
  try {
    assert.equal(await countDelimiters(fh, Buffer.byteLength(text), Buffer.from("||")), 4 * 200_000);
    assert.equal(await countDelimiters(fh, 6, Buffer.from("||")), 1);
    assert.equal(await countDelimiters(fh, 10, Buffer.from("||")), 3);
  } finally {
    await fh.close();
  }
});

test("TextInputFormat is an InputFormat: createInputSplits, open, reachedEnd, nextRecord, close", async () => {
  const path = tempFile("t.txt", "l1\nl2\r\nl3\n\nl5");
  const format = new TextInputFormat(path);
  const splits = await format.createInputSplits(3);
  assert.equal(splits.length, 3);
  const got: string[] = [];
  for (const split of splits) {
    await format.open(split);
    while (!format.reachedEnd()) {
      const r = await format.nextRecord();
      if (r !== null) got.push(r);
    }
    await format.close();
  }
  assert.deepEqual(got, ["l1", "l2", "l3", "", "l5"]);
});

/** Runs `f`, counting the read buffers (1 MiB or more) allocated meanwhile. */
async function countReadBuffers<T>(f: () => Promise<T>): Promise<{ result: T; readBuffers: number }> {
  const allocUnsafe = Buffer.allocUnsafe;
  let readBuffers = 0;
  Buffer.allocUnsafe = ((size: number) => {
    if (size >= 1 << 20) readBuffers++;
    return allocUnsafe(size);
  }) as typeof Buffer.allocUnsafe;
  try {
    return { result: await f(), readBuffers };
  } finally {
    Buffer.allocUnsafe = allocUnsafe;
  }
}

/** Every record of `splits`, read through `format` in order (open, records, close per split). */
async function readSplits(format: TextInputFormat, splits: readonly FileInputSplit[]): Promise<string[]> {
  const got: string[] = [];
  for (const split of splits) {
    await format.open(split);
    for (let r = await format.nextRecord(); r !== null && r !== undefined; r = await format.nextRecord()) got.push(r);
    await format.close();
  }
  return got;
}

test("one format instance reads its splits into one buffer, not a new one per split", async () => {
  const lines = Array.from({ length: 2000 }, (_, i) => `line ${i}`);
  const path = tempFile("many-splits.txt", `${lines.join("\n")}\n`);
  const format = new TextInputFormat(path);
  const splits = await format.createInputSplits(12);
  assert.ok(splits.length >= 12);
  const { result, readBuffers } = await countReadBuffers(() => readSplits(format, splits));
  assert.deepEqual(result, lines);
  assert.equal(readBuffers, 1, `${readBuffers} read buffers of 1 MiB for ${splits.length} splits`);
});

test("a copy of a format instance (one per subtask) reads into its own buffer, not the original's", async () => {
  const path = tempFile("copied-format.txt", "a\nb\nc\n");
  const original = new TextInputFormat(path);
  const splits = await original.createInputSplits(1);
  assert.deepEqual(await readSplits(original, splits), ["a", "b", "c"]);
  const copy = instantiateUdf({ value: original, method: "nextRecord" }).target as TextInputFormat;
  const { result, readBuffers } = await countReadBuffers(() => readSplits(copy, splits));
  assert.deepEqual(result, ["a", "b", "c"]);
  assert.equal(readBuffers, 1, "the copy must not read into the original's spare buffer");
});
