/**
 * DecodedStrings (runtime/executors/decoded-strings.ts): the short string fields of decoded tuple
 * batches found again in a per-field table, values unchanged; a field of mostly distinct strings
 * turns its table off; decodeBatch applies it to msgpackr and structured-clone batches.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { DecodedStrings } from "../../src/runtime/executors/decoded-strings.js";
import { decodeBatch, encodeBatch } from "../../src/runtime/executors/codec.js";

const countries = Array.from({ length: 20 }, (_, i) => `C${String(i).padStart(3, "0")}`);

function users(n: number): [number, string, string][] {
  return Array.from({ length: n }, (_, i) => [i, `user${i}`, countries[i % countries.length]!]);
}

test("DecodedStrings: repeated short strings are found again, each record keeps its values", () => {
  const batch = users(10_000);
  const before = JSON.stringify(batch);
  const strings = new DecodedStrings();
  strings.dedupe(batch as unknown[]);
  assert.equal(JSON.stringify(batch), before);
  // Every country after its first sighting; names repeat never (their table turns off after its trial).
  assert.equal(strings.deduped, 10_000 - countries.length);
});

test("DecodedStrings: records that are not tuples, long strings and other values stay as they are", () => {
  const long = "x".repeat(40);
  const batch: unknown[] = [{ c: "C001" }, ["C001", long, 1, null, true], "C001", ["C001", long], [undefined, "C001"]];
  const before = JSON.stringify(batch);
  const strings = new DecodedStrings();
  strings.dedupe(batch);
  assert.equal(JSON.stringify(batch), before);
  // Field 0 "C001" twice (the second found), field 1 "C001" once; the long strings are not looked up.
  assert.equal(strings.deduped, 1);
});

test("decodeBatch with a reader's tables dedupes across batches, for msgpackr and structured clone alike", () => {
  const strings = new DecodedStrings();
  const packed = encodeBatch(users(3000));
  const cloned = encodeBatch([...users(3000), [0, "x", new Date(0)]]);
  assert.equal(packed.codec, "pack");
  assert.equal(cloned.codec, "v8");
  assert.deepEqual(decodeBatch(packed, strings), users(3000));
  const afterFirst = strings.deduped;
  assert.equal(afterFirst, 3000 - countries.length);
  const second = decodeBatch(cloned, strings);
  assert.deepEqual(second.slice(0, 3000), users(3000));
  // Every country of the second batch is found (and names the first kept: that field's trial has not ended).
  assert.ok(strings.deduped >= afterFirst + 3000, `${strings.deduped - afterFirst} found in the second batch`);
  // Without tables, decoding is as before.
  assert.deepEqual(decodeBatch(packed), users(3000));
});
