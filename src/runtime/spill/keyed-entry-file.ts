/**
 * A spill file of (key, record) entries, written as they come (the partition files of the hybrid
 * hash join, runtime/drivers/join/hybrid-hash-join.ts). An entry whose key is an int32 and whose
 * record is a plain array of one width of numbers (tuple jobs read from CSV) is written into the
 * current typed frame at once: its key and fields copied into a Float64Array (tuple-layout.ts
 * keyedNumbersFrame, the bytes encodeTuples gives such entries), so nothing holds the record, no
 * defensive copy is needed (it is encoded before anyone can change it) and no batch is encoded
 * later. Any other entry is kept as `[key, record]` for the general batch encoding (copied first
 * when the caller does not own it: the batch is encoded later). Entries keep their order.
 *
 * A file that holds typed entries only (`typedWidth >= 0`) can be read back as numbers, without a
 * record per entry (readKeyedFrames).
 *
 * @example
 * const w = new KeyedEntryWriter(path, 128 * 1024);
 * w.add(7, [7, 1.5], true);
 * w.add("k", { a: 1 }, true);   // not typed: the file is no longer typed only
 * w.close();                    // { path, records: 2, bytes }
 */
import { copyRecord } from "../../common/copy.js";
import type { HashKey } from "../../common/keys.js";
import { isNumberTuple, keyedNumbersFrame, keyedNumbersView } from "./tuple-layout.js";
import { isTableKey } from "../hash/number-tuple-table.js";
import { readSpillFrames, SPILL_BATCH, spilledRecords, SpillWriter, type SpillFile } from "./spill-file.js";

export class KeyedEntryWriter {
  private readonly out: SpillWriter;
  /** Fields of the typed entries; -1 before the first. */
  private width = -1;
  private typedOnly = true;
  private frame: { bytes: Uint8Array; numbers: Float64Array } | undefined;
  private inFrame = 0;
  private count = 0;

  /** `chunk` and `openPerWrite` as SpillWriter takes them. */
  constructor(readonly path: string, chunk?: number, openPerWrite = false) {
    this.out = new SpillWriter(path, chunk, openPerWrite);
  }

  /** Entries written so far. */
  get records(): number {
    return this.count;
  }

  /** The width of every entry's record when all of them went typed, else -1. */
  get typedWidth(): number {
    return this.typedOnly ? this.width : -1;
  }

  /** `owned`: the caller's record may be kept as it is until the batch is encoded. */
  add(key: HashKey, record: unknown, owned: boolean): void {
    if (isTableKey(key) && isNumberTuple(record, this.width)) {
      this.addNumbers(key, record, 0, record.length);
      return;
    }
    this.count++;
    this.typedOnly = false;
    this.flushFrame();
    this.out.add([key, owned ? record : copyRecord(record)]);
  }

  /** Adds the entry (`key`, the `width` numbers of `src` from `at`) without a record (`key` an int32). */
  addNumbers(key: number, src: ArrayLike<number>, at: number, width: number): void {
    if (this.width >= 0 && this.width !== width) {
      this.add(key, Array.from({ length: width }, (_, f) => src[at + f]!), true);
      return;
    }
    this.count++;
    const w = (this.width = width);
    if (this.frame === undefined) this.frame = keyedNumbersFrame(w, SPILL_BATCH);
    const numbers = this.frame.numbers;
    let to = this.inFrame++ * (1 + w);
    numbers[to++] = key;
    for (let f = 0; f < w; f++) numbers[to++] = src[at + f]!;
    if (this.inFrame === SPILL_BATCH) this.flushFrame();
  }

  close(): SpillFile {
    this.flushFrame();
    this.frame = undefined;
    return this.out.close();
  }

  private flushFrame(): void {
    const frame = this.frame;
    if (frame === undefined || this.inFrame === 0) return;
    const n = this.inFrame;
    // A frame of n entries is the first n entries' bytes (no strings after the numbers).
    const used = frame.bytes.byteLength - (SPILL_BATCH - n) * (1 + this.width) * 8;
    // The writer copies the bytes into its chunk: the frame is filled again from its start.
    this.out.writeTupleFrame(n, frame.bytes.subarray(0, used));
    this.inFrame = 0;
  }
}

/** One frame of a keyed entry file: typed (key, fields... per entry in `numbers`) or decoded entries. */
export type KeyedFrame =
  | { readonly typed: true; readonly width: number; readonly count: number; readonly numbers: Float64Array }
  | { readonly typed: false; readonly entries: readonly [HashKey, any][] };

/**
 * The frames of a keyed entry file, typed frames as their numbers: copied out of the read chunk
 * into one array reused from frame to frame, so they are valid until the next frame is read.
 */
export function* readKeyedFrames(path: string): Generator<KeyedFrame> {
  let held: Float64Array | undefined;
  for (const f of readSpillFrames(path)) {
    const view = f.tuple ? keyedNumbersView(f.payload, f.count, held) : undefined;
    if (view !== undefined && (held === undefined || view.numbers.buffer !== held.buffer)) held = view.numbers;
    if (view !== undefined) yield { typed: true, width: view.width, count: f.count, numbers: view.numbers };
    else yield { typed: false, entries: f.decode() as [HashKey, any][] };
  }
}

/** The entries of a keyed entry file, one by one, as [key, record]. */
export function keyedEntries(path: string): Iterable<[HashKey, any]> {
  return spilledRecords(path) as Iterable<[HashKey, any]>;
}
