/**
 * Batches of records across threads. Each batch is encoded once into its own ArrayBuffer (so it can
 * be transferred, not copied) with the cheapest codec its records allow:
 * - "f64": every record a number -> a Float64Array (NaN, -0 and infinities survive);
 * - "pack": strings, finite numbers, booleans, null, plain arrays and plain objects -> msgpackr
 *   (2-3x faster than structured clone for tuples, see test/workers/transport-bench.ts);
 * - "v8": anything structured clone keeps (Map, Set, Date, bigint, undefined, -0, typed arrays, cycles);
 * - "class": like "v8", with class instances tagged by constructor name and rebuilt on the other side
 *   from the class registry (class-registry.ts), so records keep their prototype.
 */
import { createRequire } from "node:module";
import { deserialize, serialize } from "node:v8";
import type { Packr } from "msgpackr";
import { classOf, isPlainPrototype, rebuildInstance } from "./class-registry.js";
import { isNumberRows, type NumberRows } from "../../common/number-rows.js";
import type { DecodedStrings } from "./decoded-strings.js";
import type { InputSplit } from "../../common/formats.js";

export type Codec = "f64" | "pack" | "v8" | "class";

/** One batch on the wire. `length` is the record count, so exchanges can count it like an array. */
export interface EncodedBatch {
  readonly encoded: true;
  readonly codec: Codec;
  readonly length: number;
  readonly bytes: Uint8Array;
}

let packrInstance: Packr | undefined;

/**
 * msgpackr, loaded on the first batch that needs it: loading it costs ~10-15 ms, which every
 * program importing sluice paid at start-up although only batches crossing a thread, process or
 * spill file are encoded.
 */
function packr(): Packr {
  if (packrInstance === undefined) {
    const { Packr: PackrClass } = createRequire(import.meta.url)("msgpackr") as typeof import("msgpackr");
    packrInstance = new PackrClass({ useRecords: false, moreTypes: false });
  }
  return packrInstance;
}
const CLASS_TAG = "\u0000sluice.class";

export function isEncoded(b: unknown): b is EncodedBatch {
  return typeof b === "object" && b !== null && (b as EncodedBatch).encoded === true;
}

/** Encodes one batch (an array of records, or NumberRows as their records). */
export function encodeBatch(batch: readonly unknown[] | NumberRows): EncodedBatch {
  const records = isNumberRows(batch) ? batch.records() : batch;
  const codec = classify(records);
  let bytes: Uint8Array;
  switch (codec) {
    case "f64":
      bytes = new Uint8Array(Float64Array.from(records as number[]).buffer);
      break;
    case "pack":
      bytes = owned(packr().pack(records));
      break;
    case "v8":
      bytes = owned(serialize(records));
      break;
    case "class":
      bytes = owned(serialize(records.map(tagClasses)));
      break;
  }
  return { encoded: true, codec, length: records.length, bytes };
}

/**
 * The records of an encoded batch. `strings`: the reader's per-field string tables, which give a
 * decoded tuple's short strings one object per text (decoded-strings.ts).
 */
export function decodeBatch(b: EncodedBatch, strings?: DecodedStrings): unknown[] {
  if (strings !== undefined && (b.codec === "pack" || b.codec === "v8")) {
    const records = decodeBatch(b);
    strings.dedupe(records);
    return records;
  }
  switch (b.codec) {
    case "f64":
      // Bytes that came through a process pipe may sit at any offset of a shared buffer: align them.
      if (b.bytes.byteOffset % 8 !== 0) return Array.from(new Float64Array(b.bytes.slice().buffer, 0, b.length));
      return Array.from(new Float64Array(b.bytes.buffer, b.bytes.byteOffset, b.length));
    case "pack":
      return packr().unpack(b.bytes) as unknown[];
    case "v8":
      return deserialize(b.bytes) as unknown[];
    case "class":
      return (deserialize(b.bytes) as unknown[]).map(untagClasses);
  }
}

/** A batch as records, whichever form it is in (`strings`: as in decodeBatch). */
export function recordsOf(b: unknown, strings?: DecodedStrings): unknown[] {
  return isEncoded(b) ? decodeBatch(b, strings) : isNumberRows(b) ? b.records() : (b as unknown[]);
}

/** A batch ready for the wire (encodes arrays and NumberRows, keeps encoded batches). */
export function toWire(b: unknown): EncodedBatch {
  return isEncoded(b) ? b : encodeBatch(b as unknown[] | NumberRows);
}

/** Encoded batches whose buffers may be moved (read by one consumer only). */
export function transferables(batches: Iterable<EncodedBatch>): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const b of batches) out.push(b.bytes.buffer as ArrayBuffer);
  return out;
}

/** Node's serializers write into shared pools: copy into a buffer of exactly this batch. */
function owned(buf: Uint8Array): Uint8Array {
  if (buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength && !(buf.buffer instanceof SharedArrayBuffer)) return buf;
  const copy = new Uint8Array(buf.byteLength);
  copy.set(buf);
  return copy;
}

function classify(records: readonly unknown[]): Codec {
  let numbers = true;
  for (let i = 0; i < records.length; i++) {
    if (typeof records[i] !== "number") {
      numbers = false;
      break;
    }
  }
  if (numbers) return "f64";
  let best: Codec = "pack";
  for (let i = 0; i < records.length; i++) {
    const c = codecOf(records[i], 0);
    if (c === "class") return "class";
    if (c === "v8") best = "v8";
  }
  return best;
}

/** The simplest codec that keeps `v` exactly ("class" as soon as a class instance is found). */
function codecOf(v: unknown, depth: number): Codec {
  switch (typeof v) {
    case "string":
    case "boolean":
      return "pack";
    case "number":
      return Number.isFinite(v) && !Object.is(v, -0) ? "pack" : "v8";
    case "object": {
      if (v === null) return "pack";
      if (depth > 64) return "v8";
      const proto = Object.getPrototypeOf(v) as object | null;
      if (proto === Array.prototype) return arrayCodec(v as unknown[], depth);
      if (proto === Object.prototype) return objectCodec(v as Record<string, unknown>, depth);
      if (isPlainPrototype(proto)) return containerCodec(v, depth);
      return "class";
    }
    default:
      // undefined, bigint: structured clone keeps them; functions and symbols fail there with a clear error.
      return "v8";
  }
}

function arrayCodec(a: unknown[], depth: number): Codec {
  let best: Codec = "pack";
  for (let i = 0; i < a.length; i++) {
    if (!(i in a)) best = "v8";
    const c = codecOf(a[i], depth + 1);
    if (c === "class") return c;
    if (c === "v8") best = "v8";
  }
  return best;
}

function objectCodec(o: Record<string, unknown>, depth: number): Codec {
  let best: Codec = "pack";
  for (const k in o) {
    const c = codecOf(o[k], depth + 1);
    if (c === "class") return c;
    if (c === "v8") best = "v8";
  }
  return best;
}

/** Map, Set, Date and the other built-ins structured clone knows: look inside Map and Set only. */
function containerCodec(v: object, depth: number): Codec {
  if (v instanceof Map) {
    for (const [k, x] of v) if (codecOf(k, depth + 1) === "class" || codecOf(x, depth + 1) === "class") return "class";
  } else if (v instanceof Set) {
    for (const x of v) if (codecOf(x, depth + 1) === "class") return "class";
  }
  return "v8";
}

/** Replaces class instances (at any depth) by tagged plain objects. */
function tagClasses(v: unknown): unknown {
  if (typeof v !== "object" || v === null) return v;
  const proto = Object.getPrototypeOf(v) as object | null;
  if (proto === Array.prototype) return (v as unknown[]).map(tagClasses);
  if (proto === Object.prototype) return mapValues(v as Record<string, unknown>, tagClasses);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [tagClasses(k), tagClasses(x)]));
  if (v instanceof Set) return new Set([...v].map(tagClasses));
  if (isPlainPrototype(proto)) return v;
  return { [CLASS_TAG]: classOf(v), v: mapValues(v as Record<string, unknown>, tagClasses) };
}

function untagClasses(v: unknown): unknown {
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = untagClasses(v[i]);
    return v;
  }
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [untagClasses(k), untagClasses(x)]));
  if (v instanceof Set) return new Set([...v].map(untagClasses));
  if (Object.getPrototypeOf(v) !== Object.prototype) return v;
  const o = v as Record<string, unknown>;
  for (const k in o) o[k] = untagClasses(o[k]);
  const name = o[CLASS_TAG];
  return typeof name === "string" ? rebuildInstance(name, o.v as Record<string, unknown>) : o;
}

function mapValues(o: Record<string, unknown>, f: (x: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) out[k] = f(o[k]);
  return out;
}

/**
 * A subtask's splits as a run message carries them: as they are when the message's structured
 * clone keeps them exactly (every built-in format's splits, sequence ranges: no class instance, by
 * the codec's own test), so the path to a worker's first subtask loads and warms no codec
 * (msgpackr's first pack of a split list took ~23 ms); splits with class instances (a user's
 * format may make them) encoded as a batch, which rebuilds their classes.
 */
export function splitsForWire(splits: readonly InputSplit[]): readonly InputSplit[] | EncodedBatch {
  return classify(splits) === "class" ? encodeBatch(splits) : splits;
}

/** The splits `splitsForWire` sent. */
export function splitsFromWire(wire: readonly InputSplit[] | EncodedBatch): InputSplit[] {
  return isEncoded(wire) ? (decodeBatch(wire) as InputSplit[]) : [...wire];
}
