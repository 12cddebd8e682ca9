/** createInput with user InputFormats (plain objects, async methods, subclasses) and user FileOutputFormats. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  DelimitedInputFormat,
  ExecutionEnvironment,
  FileOutputFormat,
  FileParseError,
  RecordError,
  WriteMode,
  type InputFormat,
  type InputSplit,
} from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";
import { tempDir, tempFile } from "./tmp.js";

/** Numbers 0..n-1 in `parts` splits, with async open/nextRecord/close. */
function rangeFormat(n: number, parts: number, log: string[]): InputFormat<number, InputSplit & { from: number; to: number }> {
  let next = 0;
  let to = 0;
  return {
    createInputSplits: async () =>
      Array.from({ length: parts }, (_, i) => ({ splitNumber: i, from: Math.floor((i * n) / parts), to: Math.floor(((i + 1) * n) / parts) })),
    async open(split) {
      log.push(`open ${split.splitNumber}`);
      next = split.from;
      to = split.to;
    },
    reachedEnd: () => next >= to,
    nextRecord: async () => next++,
    close() {
      log.push("close");
    },
  };
}

testAtParallelism("a user InputFormat: every split is opened, read and closed once", async (env) => {
  const log: string[] = [];
  const values = await env.createInput(rangeFormat(1000, 7, log)).collect();
  assertSameRecords(values, Array.from({ length: 1000 }, (_, i) => i));
  assert.deepEqual(log.filter((l) => l.startsWith("open")).sort(), Array.from({ length: 7 }, (_, i) => `open ${i}`).sort());
  assert.equal(log.filter((l) => l === "close").length, 7);
});

testAtParallelism("a user InputFormat's errors fail the job with the thrown value as cause", async (env) => {
  const boom = new Error("cannot read");
  const format = { ...rangeFormat(10, 2, []), nextRecord: () => { throw boom; } };
  await assert.rejects(env.createInput(format).collect(), (e: unknown) => (e as Error).cause === boom);
});

class KeyValueFormat extends DelimitedInputFormat<[string, number]> {
  protected readRecord(line: string): [string, number] | undefined {
    if (line.startsWith("#")) return undefined;
    const [k, v] = line.split("=");
    if (v === undefined) throw new RecordError("expected key=value");
    return [k!, Number(v)];
  }
}

testAtParallelism("a DelimitedInputFormat subclass reads splits line-aligned", async (env) => {
  const path = tempFile("kv.txt", Array.from({ length: 500 }, (_, i) => (i % 10 === 0 ? `#c${i}` : `k${i}=${i}`)).join(";") + ";");
  const ds = env.createInput(new KeyValueFormat(path).setDelimiter(";"));
  const rows = await ds.collect();
  assert.equal(rows.length, 450);
  assert.equal(rows.reduce((s, r) => s + r[1], 0), Array.from({ length: 500 }, (_, i) => (i % 10 === 0 ? 0 : i)).reduce((a, b) => a + b, 0));
});

testAtParallelism("a subclass's RecordError fails the job naming file and line", async (env) => {
  const path = tempFile("kv.txt", "a=1;b=2;oops;c=3;");
  await assert.rejects(env.createInput(new KeyValueFormat(path).setDelimiter(";")).collect(), (e: unknown) => {
    const cause = (e as Error).cause;
    return cause instanceof FileParseError && cause.line === 3 && cause.message.includes(`${path}: line 3: expected key=value`);
  });
});

class TsvFormat extends FileOutputFormat<[string, number]> {
  protected recordText([k, v]: [string, number]): string {
    return `${k}\t${v}\n`;
  }
}

test("a FileOutputFormat subclass gets the path rules and the atomic commit", async () => {
  const out = join(tempDir(), "out.tsv");
  const env = ExecutionEnvironment.createLocalEnvironment(3);
  env.fromElements<[string, number]>(["a", 1], ["b", 2]).output(new TsvFormat(out, WriteMode.OVERWRITE)).setParallelism(1);
  await env.execute();
  assert.equal(readFileSync(out, "utf8"), "a\t1\nb\t2\n");
});
