/**
 * Spill files: batches of records in the tuple layout when they are tuples of one shape of numbers
 * and strings (tuple-layout.ts: 5-15x cheaper to encode than msgpackr, as cheap to decode), else in
 * the engine's batch encoding (runtime/executors/codec.ts: typed
 * floats, msgpackr, structured clone, class-tagged structured clone, whichever the batch needs, so
 * tuples, plain objects, registered classes, Date, bigint, Map, Set, undefined, -0 and NaN come back
 * as they went). A file is a sequence of frames `[u32 bytes][u8 codec][u32 records][payload]`,
 * written in large chunks and read back as a stream of batches in chunks of READ_CHUNK bytes.
 * I/O is synchronous: operators are pushed records synchronously, and a spill is sequential.
 */
import { closeSync, openSync, readSync, unlinkSync, writeSync } from "node:fs";
import { decodeBatch, encodeBatch, type Codec, type EncodedBatch } from "../executors/codec.js";
import { decodeTuples, encodeTuples } from "./tuple-layout.js";
import { NumberRows } from "../../common/number-rows.js";

const CODECS: readonly Codec[] = ["f64", "pack", "v8", "class"];
/** Codec byte of a frame in the tuple layout (tuple-layout.ts), after the engine's codecs. */
const TUPLE_CODEC = CODECS.length;
/** Codec byte of a frame of NumberRows: [u32 width][u32 0][f64 x count x width]. */
const ROWS_CODEC = CODECS.length + 1;
const HEADER = 9;
const WRITE_CHUNK = 1 << 20;
const READ_CHUNK = 1 << 20;
/** Records per frame written by `add`. */
export const SPILL_BATCH = 1024;

/** A finished spill file. */
export interface SpillFile {
  readonly path: string;
  readonly records: number;
  readonly bytes: number;
}

export class SpillWriter {
  /** The open file; undefined between writes for a writer that opens it per write. */
  private fd: number | undefined;
  /**
   * The chunk being gathered (allocated at the first frame, dropped at close): frames are copied
   * in and the chunk written when the next frame would not fit. One buffer for the writer's life
   * instead of a concatenation per chunk: spilling allocates no external memory per write, which
   * V8 counts towards its next full collection.
   */
  private buf: Buffer | undefined;
  private pendingBytes = 0;
  private batch: unknown[] = [];
  private records = 0;
  private written = 0;

  /**
   * `chunk`: bytes gathered before a write (smaller for writers open side by side). `openPerWrite`:
   * the file is open only while a chunk is written (for the many partition files of a hybrid hash
   * join, which at p subtasks would otherwise hold hundreds of descriptors).
   */
  constructor(readonly path: string, private readonly chunk = WRITE_CHUNK, openPerWrite = false) {
    this.fd = openSync(path, "w");
    if (openPerWrite) {
      closeSync(this.fd);
      this.fd = undefined;
    }
  }

  add(record: unknown): void {
    this.batch.push(record);
    if (this.batch.length >= SPILL_BATCH) this.flushBatch();
  }

  /** Writes a batch as one frame; returns its offset and length (for reading it back alone). */
  writeBatch(records: readonly unknown[]): { offset: number; length: number } {
    this.flushBatch();
    const tuples = encodeTuples(records);
    return tuples !== undefined ? this.writeFrame(TUPLE_CODEC, records.length, tuples) : this.writeEncoded(encodeBatch(records));
  }

  /** Writes `records` records already in the tuple layout (tuple-layout.ts) as one frame. */
  writeTupleFrame(records: number, bytes: Uint8Array): void {
    this.flushBatch();
    this.writeFrame(TUPLE_CODEC, records, bytes);
  }

  /** Writes rows of number tuples as one frame of their numbers (read back by `readSpillFrame` as NumberRows). */
  writeNumberRows(rows: NumberRows): { offset: number; length: number } {
    this.flushBatch();
    const numbers = rows.count * rows.width;
    const bytes = new Uint8Array(8 + 8 * numbers);
    new DataView(bytes.buffer).setUint32(0, rows.width, true);
    new Float64Array(bytes.buffer, 8, numbers).set(rows.data.subarray(0, numbers));
    return this.writeFrame(ROWS_CODEC, rows.count, bytes);
  }

  writeEncoded(b: EncodedBatch): { offset: number; length: number } {
    return this.writeFrame(CODECS.indexOf(b.codec), b.length, b.bytes);
  }

  private writeFrame(codec: number, records: number, bytes: Uint8Array): { offset: number; length: number } {
    const size = HEADER + bytes.byteLength;
    const offset = this.written + this.pendingBytes;
    if (this.pendingBytes > 0 && this.pendingBytes + size > this.chunk) this.flushChunks();
    // A frame larger than a chunk goes out alone, in a buffer of its size.
    const buf = size > this.chunk ? Buffer.allocUnsafe(size) : (this.buf ??= Buffer.allocUnsafe(this.chunk));
    const at = size > this.chunk ? 0 : this.pendingBytes;
    buf.writeUInt32LE(bytes.byteLength, at);
    buf.writeUInt8(codec, at + 4);
    buf.writeUInt32LE(records, at + 5);
    buf.set(bytes, at + HEADER);
    this.records += records;
    if (size > this.chunk) this.writeOut(buf, size);
    else this.pendingBytes += size;
    return { offset, length: size };
  }

  /** Writes everything buffered (the file stays open for more). */
  flush(): void {
    this.flushBatch();
    this.flushChunks();
  }

  close(): SpillFile {
    this.flush();
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.buf = undefined;
    return { path: this.path, records: this.records, bytes: this.written };
  }

  private flushBatch(): void {
    if (this.batch.length === 0) return;
    const b = this.batch;
    this.batch = [];
    const tuples = encodeTuples(b);
    if (tuples !== undefined) this.writeFrame(TUPLE_CODEC, b.length, tuples);
    else this.writeEncoded(encodeBatch(b));
  }

  private flushChunks(): void {
    if (this.pendingBytes === 0) return;
    const n = this.pendingBytes;
    this.pendingBytes = 0;
    this.writeOut(this.buf!, n);
  }

  /** Writes the first `n` bytes of `data` at the end of the file. */
  private writeOut(data: Buffer, n: number): void {
    const fd = this.fd ?? openSync(this.path, "r+");
    let off = 0;
    try {
      while (off < n) off += writeSync(fd, data, off, n - off, this.written + off);
    } finally {
      if (this.fd === undefined) closeSync(fd);
    }
    this.written += n;
  }
}

/**
 * One frame of a spill file as read: `payload` views the read chunk (valid until the next frame is
 * read); `tuple`: it is in the tuple layout; `decode` gives its records.
 */
export interface RawSpillFrame {
  readonly tuple: boolean;
  readonly count: number;
  readonly payload: Uint8Array;
  decode(): unknown[];
}

/**
 * The frames of a spill file, read front to back in chunks into one buffer kept for the file (a
 * fresh chunk per read made every merge and partition join a stream of large external
 * allocations, each pushing V8 towards another full collection).
 */
export function* readSpillFrames(path: string): Generator<RawSpillFrame> {
  const fd = openSync(path, "r");
  try {
    let store = Buffer.allocUnsafe(READ_CHUNK);
    // The unread bytes are store[start, end).
    let start = 0;
    let end = 0;
    let pos = 0;
    let eof = false;
    const fill = (need: number): boolean => {
      if (end - start >= need) return true;
      // The frame handed out before is done with (its payload is valid until the next frame).
      if (start > 0) {
        store.copy(store, 0, start, end);
        end -= start;
        start = 0;
      }
      if (store.length < need) {
        const bigger = Buffer.allocUnsafe(Math.max(need, 2 * store.length));
        store.copy(bigger, 0, 0, end);
        store = bigger;
      }
      while (end < need && !eof) {
        const n = readSync(fd, store, end, store.length - end, pos);
        if (n === 0) eof = true;
        pos += n;
        end += n;
      }
      return end >= need;
    };
    while (fill(HEADER)) {
      const size = store.readUInt32LE(start);
      if (!fill(HEADER + size)) throw new Error(`spill file ${path} is truncated`);
      const frame = store.subarray(start, start + HEADER + size);
      yield {
        tuple: frame.readUInt8(4) === TUPLE_CODEC,
        count: frame.readUInt32LE(5),
        payload: frame.subarray(HEADER),
        decode: () => decodeFrame(frame, 0),
      };
      start += HEADER + size;
    }
  } finally {
    closeSync(fd);
  }
}

/** The batches of a spill file, read front to back in chunks. */
export function* readSpillFile(path: string): Generator<unknown[]> {
  for (const f of readSpillFrames(path)) yield f.decode();
}

/** One frame read back alone (for files whose frames are read out of order): its records, or its NumberRows. */
export function readSpillFrame(fd: number, offset: number, length: number): unknown[] | NumberRows {
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, offset + got);
    if (n === 0) throw new Error(`spill frame at ${offset} is truncated`);
    got += n;
  }
  return buf.readUInt8(4) === ROWS_CODEC ? rowsOfFrame(buf, 0) : decodeFrame(buf, 0);
}

/** A frame of NumberRows (ROWS_CODEC) at `at` of `buf`: its numbers copied out (aligned, and the chunk may be reused). */
function rowsOfFrame(buf: Buffer, at: number): NumberRows {
  const count = buf.readUInt32LE(at + 5);
  const width = buf.readUInt32LE(at + HEADER);
  const data = new Float64Array(count * width);
  new Uint8Array(data.buffer).set(buf.subarray(at + HEADER + 8, at + HEADER + 8 + 8 * count * width));
  const rows = new NumberRows(width, count, data);
  rows.count = count;
  return rows;
}

function decodeFrame(buf: Buffer, at: number): unknown[] {
  const size = buf.readUInt32LE(at);
  const code = buf.readUInt8(at + 4);
  const length = buf.readUInt32LE(at + 5);
  if (code === ROWS_CODEC) return rowsOfFrame(buf, at).records();
  // The tuple layout copies what it keeps: no copy of the frame needed.
  if (code === TUPLE_CODEC) return decodeTuples(buf.subarray(at + HEADER, at + HEADER + size), length);
  const codec = CODECS[code]!;
  // A copy: the f64 codec views its bytes, and the chunk is reused.
  const bytes = new Uint8Array(size);
  bytes.set(buf.subarray(at + HEADER, at + HEADER + size));
  return decodeBatch({ encoded: true, codec, length, bytes });
}

/** The records of a spill file, one by one. */
export function* spilledRecords(path: string): Generator<unknown> {
  for (const b of readSpillFile(path)) yield* b;
}

/** Deletes a spill file (a missing one is fine: the job's directory removal may have come first). */
export function deleteSpillFile(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
