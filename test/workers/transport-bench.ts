/**
 * Transport cost per record: structured clone of a batch (what postMessage does) against the batch
 * codec (codec.ts: encode into one transferable buffer, decode on the other side), for the record
 * types the codec distinguishes. Run: node --import tsx test/workers/transport-bench.ts
 */
import { decodeBatch, encodeBatch } from "../../src/runtime/executors/codec.js";
import { registerClass } from "../../src/runtime/executors/class-registry.js";

class Point {
  constructor(readonly x: number, readonly y: number, readonly label: string) {}
}
registerClass(Point);

const BATCH = 1024;
const BATCHES = 500;
const kinds: Record<string, (i: number) => unknown> = {
  "numbers": (i) => i * 1.5,
  "strings": (i) => `word-${i % 5000}`,
  "tuples [string, number]": (i) => [`word-${i % 5000}`, i],
  "objects {word, count, ok}": (i) => ({ word: `word-${i % 5000}`, count: i, ok: i % 2 === 0 }),
  "tuples with bigint (fallback)": (i) => [`w${i}`, BigInt(i)],
  "class instances": (i) => new Point(i, i / 2, `p${i}`),
};

function time(f: () => void): number {
  f(); // warm up
  const t0 = performance.now();
  f();
  return performance.now() - t0;
}

const rows: string[] = ["| records | codec | structured clone ns/record | codec encode+decode ns/record | bytes/record |", "|---|---|---|---|---|"];
for (const [name, make] of Object.entries(kinds)) {
  const batches = Array.from({ length: BATCHES }, (_, b) => Array.from({ length: BATCH }, (_, i) => make(b * BATCH + i)));
  const n = BATCH * BATCHES;
  const clone = time(() => { for (const b of batches) structuredClone(b); });
  let bytes = 0;
  let codec = "";
  const coded = time(() => {
    bytes = 0;
    for (const b of batches) {
      const e = encodeBatch(b);
      bytes += e.bytes.byteLength;
      codec = e.codec;
      decodeBatch(e);
    }
  });
  rows.push(`| ${name} | ${codec} | ${((clone * 1e6) / n).toFixed(0)} | ${((coded * 1e6) / n).toFixed(0)} | ${(bytes / n).toFixed(1)} |`);
}
console.log(rows.join("\n"));
