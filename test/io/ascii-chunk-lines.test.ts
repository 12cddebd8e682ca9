/**
 * readTextFile decodes the lines of an all-ASCII chunk as Latin-1 (split-line-reader.ts `ascii`,
 * checked once per chunk), faster and the same text; a chunk with any other byte decodes as
 * UTF-8. A file whose first chunks are ASCII and whose later ones are not, and the reverse, must
 * give exactly the lines Node's own UTF-8 decoding gives.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { open } from "node:fs/promises";
import { ExecutionEnvironment } from "../../src/index.js";
import { LINE, NEED_DATA, SplitLineReader } from "../../src/io/split-line-reader.js";

test("lines of ASCII chunks and of UTF-8 chunks in one file come out as Node decodes them", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-ascii-"));
  try {
    const ascii = Array.from({ length: 12000 }, (_, i) => `line ${i} plain ascii text`);
    const utf8 = ["héllo wörld", "日本語のテキスト", "emoji 😀 here", "", "mixed ascii and ñ"];
    for (const [name, lines] of [["ascii-then-utf8", [...ascii, ...utf8, ...ascii]], ["utf8-then-ascii", [...utf8, ...ascii, ...ascii]]] as const) {
      const path = join(dir, `${name}.txt`);
      writeFileSync(path, lines.join("\n") + "\n");
      const env = ExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
      const got = await env.readTextFile(path).collect();
      assert.deepEqual(got, readFileSync(path, "utf8").split("\n").slice(0, -1), name);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the reader marks each chunk ASCII or not as it reads it", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-ascii-"));
  try {
    const path = join(dir, "two-chunks.txt");
    // 64 KiB chunks: the first all ASCII, the second with one "é".
    writeFileSync(path, "a".repeat(65535) + "\n" + "b".repeat(1000) + "é\n");
    const fh = await open(path, "r");
    try {
      const reader = new SplitLineReader(fh, 0, Number.MAX_SAFE_INTEGER, Buffer.from("\n"), 1 << 16);
      const seen: boolean[] = [];
      for (let state = reader.next(); state === LINE || state === NEED_DATA; state = reader.next()) {
        if (state === NEED_DATA) {
          await reader.fill();
          seen.push(reader.ascii);
        }
      }
      assert.equal(seen[0], true, "the first chunk is all ASCII");
      assert.ok(seen.slice(1).includes(false), `a later chunk holds "é": ${seen.join(", ")}`);
    } finally {
      await fh.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
