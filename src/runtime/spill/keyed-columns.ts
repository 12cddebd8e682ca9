/**
 * A keyed spill's sorted run written from columns (runtime/spill/keyed-spill.ts): when a hash
 * table's entries have int32 keys and records that are plain arrays of one width of numbers (the
 * grouping tables of tuple jobs), each entry's key and fields are copied into typed columns as the
 * table hands them over, in table order; the keys are radix-sorted stably (runtime/sort/radix.ts),
 * and the run's frames are filled from the columns in that order. Without it every entry
 * was a new [key, record] array held until the run was written, and writing it in key order read
 * each entry, record and record store at scattered heap addresses (measured on 1.6M entries:
 * encoding 300-600 ns an entry in key order against 70-140 in table order). The frames are the
 * bytes encodeTuples gives the same entries (tuple-layout.ts keyedNumbersFrame), so the merge reads
 * them as any other run; the records read back are what a spill of the records gives anyway (plain
 * arrays of the same numbers).
 */
import type { HashKey } from "../../common/keys.js";
import { isNumberTuple, keyedNumbersFrame } from "./tuple-layout.js";
import { SPILL_BATCH, type SpillWriter } from "./spill-file.js";
import { radixOrder } from "../sort/radix.js";

/** Entries the columns take before they are full (a run of 4M entries; positions fit a Uint32Array). */
export const PACK_SCALE = 2 ** 22;
/** Entries per column chunk (chunks, not one growing array: no copy as the table is read, no slack). */
const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;

/** Int32 keys and number tuples of one width, in the order they came; full at PACK_SCALE entries. */
export class KeyedNumberColumns {
  private keys: Int32Array[] = [];
  private fields: Float64Array[] = [];
  private count = 0;
  private minKey = 2 ** 31;
  private maxKey = -(2 ** 31);
  /** Fields per record; -1 until the first entry. */
  private width = -1;

  get size(): number {
    return this.count;
  }

  get full(): boolean {
    return this.count >= PACK_SCALE;
  }

  /**
   * Bytes the entries take in the columns (8 a key and a field). The last chunk's unused slots
   * (at most CHUNK entries' worth, 1.5 MB at width 2) are left out: counting them made a small
   * share write a run per entry.
   */
  get bytes(): number {
    return this.count * 8 * (1 + Math.max(0, this.width));
  }

  /** Takes the entry when it has the columns' shape (false: the caller keeps it as an entry). */
  take(key: HashKey, record: unknown): boolean {
    if (typeof key !== "number" || (key | 0) !== key || Object.is(key, -0)) return false;
    if (!isNumberTuple(record, this.width)) return false;
    const r = record;
    const w = (this.width = r.length);
    const at = this.place(key, w) * w;
    const fields = this.fields[this.fields.length - 1]!;
    for (let f = 0; f < w; f++) fields[at + f] = r[f]!;
    return true;
  }

  /**
   * Takes a row of `width` numbers of `src` at `at` with int32 key `key` (not -0), as `take` takes
   * the same record, without the record (false: another width than the columns', the caller keeps
   * it as a record).
   */
  takeRow(key: number, src: Float64Array, at: number, width: number): boolean {
    if (this.width !== width && this.width >= 0) return false;
    this.width = width;
    const to = this.place(key, width) * width;
    const fields = this.fields[this.fields.length - 1]!;
    // Field by field: a subarray per row (for set) cost more than the copy.
    for (let f = 0; f < width; f++) fields[to + f] = src[at + f]!;
    return true;
  }

  /** Records `key` as the next entry's (a new chunk when the last is full) and counts it: its index in the last chunk. */
  private place(key: number, w: number): number {
    const i = this.count & (CHUNK - 1);
    if (i === 0) {
      this.keys.push(new Int32Array(CHUNK));
      this.fields.push(new Float64Array(CHUNK * w));
    }
    this.keys[this.keys.length - 1]![i] = key;
    if (key < this.minKey) this.minKey = key;
    if (key > this.maxKey) this.maxKey = key;
    this.count++;
    return i;
  }

  /** The entries taken so far as [key, record] (records rebuilt from the columns), in the order they came. */
  *entries(): Generator<[number, number[]]> {
    const w = this.width;
    for (let e = 0; e < this.count; e++) {
      const chunk = e >>> CHUNK_BITS;
      const at = e & (CHUNK - 1);
      const base = at * w;
      yield [this.keys[chunk]![at]!, Array.from(this.fields[chunk]!.subarray(base, base + w))];
    }
  }

  /** Writes the entries to `writer` in key order, equal keys in the order they came, and empties the columns. */
  writeSorted(writer: SpillWriter): void {
    const n = this.count;
    const w = this.width;
    // Keys as ranks from the smallest (a span of int32s fits 32 bits), radix-sorted stably: 2.5x
    // faster than sorting the packed (key, position) floats natively (4M entries: 170 ms, 425 ms).
    const min = this.minKey;
    const rank = new Uint32Array(n);
    for (let c = 0; c < this.keys.length; c++) {
      const keys = this.keys[c]!;
      const base = c * CHUNK;
      const m = Math.min(CHUNK, n - base);
      for (let i = 0; i < m; i++) rank[base + i] = keys[i]! - min;
    }
    this.keys = [];
    const { idx: order, rank: sorted } = radixOrder(rank, n === 0 ? 0 : this.maxKey - min);
    const fields = this.fields;
    for (let start = 0; start < n; start += SPILL_BATCH) {
      const count = Math.min(SPILL_BATCH, n - start);
      const { bytes, numbers } = keyedNumbersFrame(w, count);
      let out = 0;
      for (let j = start; j < start + count; j++) {
        const e = order[j]!;
        const chunk = fields[e >>> CHUNK_BITS]!;
        const base = (e & (CHUNK - 1)) * w;
        numbers[out++] = sorted[j]! + min;
        for (let f = 0; f < w; f++) numbers[out++] = chunk[base + f]!;
      }
      writer.writeTupleFrame(count, bytes);
    }
    this.fields = [];
    this.count = 0;
    this.width = -1;
    this.minKey = 2 ** 31;
    this.maxKey = -(2 ** 31);
  }
}
