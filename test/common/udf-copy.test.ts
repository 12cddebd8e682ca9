/**
 * Each subtask runs its own copy of an object user function or input format (common/udf.ts
 * `instantiateUdf`): same prototype, data fields deep-copied, functions shared, symbol-keyed
 * fields left out; and the copy keeps V8's fast property layout, so the record loop's
 * `this.field` reads are not dictionary lookups (a CSV source read ~20% slower in a job before:
 * the copy of a 32-field format had been built one computed-name property at a time).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { CsvInputFormat, TextInputFormat } from "../../src/index.js";
import { instantiateUdf } from "../../src/common/udf.js";

setFlagsFromString("--allow-natives-syntax");
// Compiled after the flag is set, so the intrinsic parses.
const hasFastProperties = new Function("o", "return %HasFastProperties(o)") as (o: object) => boolean;

class Tagger {
  readonly tags = ["a", "b"];
  readonly limits = { max: 3 };
  readonly format = (x: number): string => `#${x}`;
  map(x: number): string {
    return `${this.format(x)}${this.tags.join("")}${this.limits.max}`;
  }
}

test("a subtask's copy of a function object: its prototype, deep-copied data, shared functions, no symbol-keyed fields", () => {
  const original = new Tagger();
  const marker = Symbol("marker");
  (original as unknown as Record<symbol, unknown>)[marker] = "mine";
  const { target, call } = instantiateUdf({ value: original, method: "map" });
  const copy = target as Tagger;
  assert.equal(Object.getPrototypeOf(copy), Tagger.prototype);
  assert.deepEqual(Object.keys(copy), Object.keys(original));
  assert.notEqual(copy.tags, original.tags);
  assert.deepEqual(copy.tags, original.tags);
  assert.notEqual(copy.limits, original.limits);
  assert.equal(copy.format, original.format);
  assert.equal((copy as unknown as Record<symbol, unknown>)[marker], undefined);
  copy.tags.push("c");
  assert.deepEqual(original.tags, ["a", "b"]);
  assert.equal(call(7), "#7abc3");
});

test("a subtask's copy of an input format keeps fast properties (no dictionary-mode object in the record loop)", () => {
  for (const format of [new CsvInputFormat("/tmp/in.csv", { kinds: ["number", "string"], ignoreFirstLine: true }), new TextInputFormat("/tmp/in.txt")]) {
    assert.ok(Object.keys(format).length > 16, "the case needs an object with many fields");
    assert.ok(hasFastProperties(format));
    const copy = instantiateUdf({ value: format, method: "nextRecord" }).target!;
    assert.ok(hasFastProperties(copy), `${format.constructor.name}: the copy is a dictionary-mode object`);
  }
});
