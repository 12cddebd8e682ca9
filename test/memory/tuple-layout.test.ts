/**
 * The spill files' tuple layout (runtime/spill/tuple-layout.ts): batches of tuples of one shape of
 * numbers and strings are written typed and come back exactly (-0, NaN, infinities, empty, long
 * and non-ASCII strings, surrogate pairs); any other batch goes to the general codec.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { decodeTuples, encodeTuples } from "../../src/runtime/spill/tuple-layout.js";
import { SpillWriter, spilledRecords } from "../../src/runtime/spill/spill-file.js";
import { exact, spillRoot } from "./spill-helpers.js";

const specials = [0, -0, Number.NaN, Infinity, -Infinity, 1.5, -(2 ** 53), Number.MIN_VALUE];
const strings = ["", "a", "name-1", "x".repeat(40), "héllo wörld", "日本語のテキスト", "emoji 😀 pair", "Ω"];

const shapes: Record<string, unknown[][]> = {
  "[number, number]": Array.from({ length: 1500 }, (_, i) => [i * 7919, specials[i % specials.length]!]),
  "[number, short ASCII string]": Array.from({ length: 1500 }, (_, i) => [specials[i % specials.length]!, `name-${i % 1000}`]),
  "[number, any string]": Array.from({ length: 1500 }, (_, i) => [i, strings[i % strings.length]!]),
  "[string, number, string]": Array.from({ length: 1500 }, (_, i) => [strings[i % strings.length]!, specials[i % specials.length]!, `k${i}`]),
  "[number]": Array.from({ length: 10 }, (_, i) => [i - 5]),
  // The keyed spills' (key's hashable, record) entries: one level of nesting.
  "[number, [number, number]]": Array.from({ length: 1500 }, (_, i) => [i - 700, [specials[i % specials.length]!, i * 7919]]),
  "[string, [number, number]]": Array.from({ length: 1500 }, (_, i) => [strings[i % strings.length]!, [i, specials[i % specials.length]!]]),
  "[number, [string, number, string]]": Array.from({ length: 1500 }, (_, i) => [i, [strings[i % strings.length]!, -i, `k${i}`]]),
  // A nested one-field tuple (leaves === fields: once mistaken for a flat record and sent to the general codec).
  // A keyed spill's entries of pairs (encoded straight into the frame).
  "[number, [number, number]] with special keys": Array.from({ length: 1500 }, (_, i) => [specials[(i + 3) % specials.length]!, [i, specials[i % specials.length]!]]),
  "[number, [number]]": Array.from({ length: 1500 }, (_, i) => [i - 700, [specials[i % specials.length]!]]),
  "[[number], number]": Array.from({ length: 40 }, (_, i) => [[i], specials[i % specials.length]!]),
  "[[number], string, [number, number]]": Array.from({ length: 50 }, (_, i) => [[i], `name-${i}`, [i * 2, specials[i % specials.length]!]]),
};

for (const [name, records] of Object.entries(shapes)) {
  test(`tuples ${name} round-trip through the tuple layout and a spill file`, () => {
    const bytes = encodeTuples(records);
    assert.ok(bytes !== undefined, "tuples of one shape take the tuple layout");
    assert.deepEqual(decodeTuples(bytes, records.length).map(exact), records.map(exact));
    const w = new SpillWriter(join(spillRoot(), "t.spill"));
    for (const r of records) w.add(r);
    const file = w.close();
    assert.equal(readFileSync(file.path)[4], 4, "the first frame is in the tuple layout (codec byte 4)");
    const back = [...spilledRecords(file.path)];
    assert.deepEqual(back.map(exact), records.map(exact));
    assert.ok(back.every((r) => Object.getPrototypeOf(r) === Array.prototype));
    const nested = (r: unknown): unknown[] => (r as unknown[]).filter((f) => Array.isArray(f));
    assert.ok(back.every((r) => nested(r).every((f) => Object.getPrototypeOf(f) === Array.prototype)));
  });
}

test("lone surrogates ending and starting neighbouring strings stay in their own strings (as UTF-8 has them: U+FFFD)", () => {
  const records = Array.from({ length: 40 }, (_, i) => [i, i % 2 === 0 ? "a\uD83D" : "\uDE00b"]);
  const back = decodeTuples(encodeTuples(records)!, records.length);
  assert.deepEqual(back, records.map(([i, s]) => [i, Buffer.from(s as string, "utf8").toString("utf8")]));
  assert.equal(back[0]![1], "a\uFFFD");
  assert.equal(back[1]![1], "\uFFFDb");
});

test("batches that are not tuples of one shape are left to the general codec", () => {
  const cases: unknown[][] = [
    [[1, 2], [1, "x"]],
    [[1, 2], [1, 2, 3]],
    [[1, 2], { 0: 1, 1: 2 }],
    [[1, undefined]],
    [[1, 2n]],
    [[1, null]],
    [[1, [[2]]]],
    [[1, [2]], [1, 2]],
    [[1, [2]], [1, [2, 3]]],
    [[1, [2]], [1, ["x"]]],
    [[1, [2, 3]], [1, [2, "x"]]],
    [[1, [2, 3]], ["k", [2, 3]]],
    [[1, [2, 3]], [1, [2, 3], 4]],
    [[1, [2, 3]], [1, Object.assign(Object.create(null), { 0: 2, 1: 3, length: 2 })]],
    [[1, []]],
    [1, 2],
    [[]],
    [],
  ];
  for (const c of cases) assert.equal(encodeTuples(c), undefined, exact(c));
  const w = new SpillWriter(join(spillRoot(), "m.spill"));
  for (const r of cases[0]!) w.add(r);
  assert.deepEqual([...spilledRecords(w.close().path)], cases[0]);
});
