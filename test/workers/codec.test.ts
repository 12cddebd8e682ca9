import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeBatch, encodeBatch, isEncoded, splitsForWire, splitsFromWire } from "../../src/runtime/executors/codec.js";
import { registerClass } from "../../src/runtime/executors/class-registry.js";
import type { InputSplit } from "../../src/common/formats.js";

class Point {
  constructor(readonly x: number, readonly y: number) {}
  norm(): number {
    return Math.hypot(this.x, this.y);
  }
}

function roundTrip(records: unknown[]): { codec: string; back: unknown[] } {
  const e = encodeBatch(records);
  // Each batch owns its buffer, so it can be transferred.
  assert.equal(e.bytes.byteOffset, 0);
  assert.equal(e.bytes.byteLength, e.bytes.buffer.byteLength);
  return { codec: e.codec, back: decodeBatch(structuredClone(e, { transfer: [e.bytes.buffer as ArrayBuffer] })) };
}

test("numbers travel as Float64Array and keep NaN, -0 and infinities", () => {
  const { codec, back } = roundTrip([1, -0, NaN, Infinity, 2.5]);
  assert.equal(codec, "f64");
  assert.deepEqual(back, [1, -0, NaN, Infinity, 2.5]);
  assert.ok(Object.is(back[1], -0));
});

test("tuples and plain objects of primitives use msgpackr", () => {
  const records = [["a", 1, true, null], { word: "héllo", n: 2.5, nested: [1, { z: "q" }] }, "plain"];
  const { codec, back } = roundTrip(records);
  assert.equal(codec, "pack");
  assert.deepEqual(back, records);
});

test("values msgpack would change fall back to structured clone", () => {
  const records = [["a", -0], [1n, undefined], new Map([[1, "x"]]), new Date(5), sparse()];
  const { codec, back } = roundTrip(records);
  assert.equal(codec, "v8");
  assert.deepEqual(back, records);
  assert.ok(Object.is((back[0] as number[])[1], -0));
  assert.ok(!(1 in (back[4] as number[])));
});

test("class instances keep their prototype, also nested", () => {
  registerClass(Point);
  const { codec, back } = roundTrip([new Point(3, 4), ["k", new Point(1, 0)], new Map([["m", new Point(0, 2)]])]);
  assert.equal(codec, "class");
  const p = back[0] as Point;
  assert.ok(p instanceof Point);
  assert.equal(p.norm(), 5);
  assert.ok((back[1] as [string, Point])[1] instanceof Point);
  assert.ok((back[2] as Map<string, Point>).get("m") instanceof Point);
});

test("an unknown class fails with advice", () => {
  const e = encodeBatch([new (class Unseen { a = 1; })()]);
  // Simulate the other side: it never saw the class. The encoder registered it here, so forge a name.
  const forged = { ...e, bytes: Buffer.from(Buffer.from(e.bytes).toString("latin1").replace("Unseen", "Unknwn"), "latin1") };
  assert.throws(() => decodeBatch(forged), /class 'Unknwn'.*registerType/);
});

function sparse(): number[] {
  const a = [1];
  a[2] = 3;
  return a;
}

test("splits structured clone keeps travel as they are (no codec), splits with class instances encoded with their classes", () => {
  const plain = [
    { splitNumber: 0, path: "/a.csv", start: 0, length: 10 }, { splitNumber: 1, from: 5, to: 9, note: undefined, flag: null },
    { splitNumber: 2, parts: [1, 2], at: new Date(0), nested: { rowGroup: 3 } },
  ];
  const wire = splitsForWire(plain);
  assert.equal(isEncoded(wire), false);
  assert.deepEqual(splitsFromWire(structuredClone(wire)), plain);
  class RangeSplit implements InputSplit {
    readonly [more: string]: unknown;
    constructor(readonly splitNumber: number, readonly lo: number) {}
    width(): number {
      return 1;
    }
  }
  registerClass(RangeSplit);
  const withClasses = [[new RangeSplit(0, 3)], [{ splitNumber: 0, point: new Point(1, 2) }], [{ splitNumber: 0 }, { splitNumber: 1, at: [new Point(3, 4)] }]];
  for (const splits of withClasses) {
    const encoded = splitsForWire(splits);
    assert.equal(isEncoded(encoded), true, JSON.stringify(splits));
    assert.deepEqual(splitsFromWire(structuredClone(encoded)), splits);
  }
  assert.ok(splitsFromWire(splitsForWire([new RangeSplit(0, 3)]))[0] instanceof RangeSplit);
});
