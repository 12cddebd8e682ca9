/**
 * A sort buffer that holds its records serialized (Flink's NormalizedKeySorter keeps records in
 * memory segments, not as objects): each batch of flat tuples is encoded in the tuple layout as it
 * comes (spill/tuple-layout.ts, records in arrival order: the encoder reads them where they were
 * just built); its sort key (an integer number field) goes to a typed column, each record's numbers
 * and string places to one row of a Float64Array, the batch's text to one byte arena in one copy. A
 * full buffer radix-sorts the keys (stable) and writes its run by copying rows and text into
 * frames in key order: no record object is kept past its batch.
 * Holding a run's worth of records as objects made them survive young-generation collections and
 * fill the old generation (external sort of 20M [number, string] rows: GC 14%, encoding in key
 * order, which reads scattered objects, 15%).
 *
 * The external sorter (external-sorter.ts) uses it for its runs after the first when its order is
 * one tuple field; a batch it does not take (another shape, a key that is not a safe integer or is
 * -0) ends it: its records come back as objects, in arrival order, for the general path.
 */
import { decodeTuples, emptyFlatTupleFrame, encodeTuples, flatTupleFrame, type FlatTupleFrame } from "../spill/tuple-layout.js";
import { SPILL_BATCH, type SpillWriter } from "../spill/spill-file.js";
import { radixOrder } from "./radix.js";

/** Records an external sort held serialized (for tests that the path ran). */
export const PACKED_SORT_STATS = { records: 0 };

/** Bytes counted per record beside its numbers, strings and text: its key (8). */
const KEY_BYTES = 8;

export class PackedSortBuffer {
  private keys = new Float64Array(1024);
  /**
   * Per record (in arrival order, `stride` numbers each): its number fields, then per string where
   * its text starts in `text` and its byte length. One place per record: writing a run reads one
   * cache line of it and its text, where separate columns cost a miss each.
   */
  private rows = new Float64Array(1024);
  private stride = 0;
  /** Every string's UTF-8 bytes, one after another. */
  private text = new Uint8Array(1 << 16);
  private textBytes = 0;
  private count = 0;
  private min = Infinity;
  private max = -Infinity;
  /** The first batch's field kinds: every batch must have them; numbers and strings per record. */
  private kinds: Uint8Array | undefined;
  private nums = 0;
  private strs = 0;
  /** The frames' ASCII / short-strings flags, all of them (what holds for every string held). */
  private flags = 0xff;

  /** `keyField`: the tuple field sorted on; `dir`: 1 ascending, -1 descending. */
  constructor(private readonly keyField: number, private readonly dir: 1 | -1) {}

  get size(): number {
    return this.count;
  }

  /** Bytes held: the records' numbers, string places and text, and their keys. */
  get bytes(): number {
    return this.count * (KEY_BYTES + 8 * this.stride) + this.textBytes;
  }

  /** Takes a batch (false, nothing taken: it is not flat tuples of this buffer's kinds with safe integer keys other than -0). */
  add(records: readonly unknown[]): boolean {
    const n = records.length;
    if (n === 0) return true;
    const bytes = encodeTuples(records);
    const frame = bytes === undefined ? undefined : flatTupleFrame(bytes, n);
    if (frame === undefined || frame.kinds[this.keyField] !== 0 || (this.kinds !== undefined && !sameKinds(this.kinds, frame.kinds))) return false;
    let numIndex = 0;
    for (let f = 0; f < this.keyField; f++) if (frame.kinds[f] === 0) numIndex++;
    const { nums, strs } = frame;
    for (let i = 0, at = numIndex; i < n; i++, at += nums) {
      const k = frame.numbers[at]!;
      if (!Number.isSafeInteger(k) || (k === 0 && 1 / k < 0)) return false;
    }
    if (this.kinds === undefined) {
      this.kinds = frame.kinds;
      this.nums = nums;
      this.strs = strs;
      this.stride = nums + 2 * strs;
    }
    const frameText = frame.bytes.byteLength - frame.textAt;
    this.room(n, frameText);
    const first = this.count;
    const stride = this.stride;
    const rows = this.rows;
    this.text.set(frame.bytes.subarray(frame.textAt), this.textBytes);
    for (let i = 0, r = first * stride, at = this.textBytes; i < n; i++) {
      for (let f = 0; f < nums; f++) rows[r++] = frame.numbers[i * nums + f]!;
      for (let s = 0; s < strs; s++) {
        const len = frame.lengths[i * strs + s]!;
        rows[r++] = at;
        rows[r++] = len;
        at += len;
      }
    }
    this.textBytes += frameText;
    this.flags &= frame.flags;
    for (let i = 0, at = numIndex; i < n; i++, at += nums) {
      const k = frame.numbers[at]!;
      this.keys[first + i] = k;
      if (k < this.min) this.min = k;
      if (k > this.max) this.max = k;
    }
    this.count += n;
    PACKED_SORT_STATS.records += n;
    return true;
  }

  /** Writes the records to `writer` in key order (equal keys in the order they came) and empties the buffer. */
  writeSorted(writer: SpillWriter): void {
    const n = this.count;
    const order = this.order();
    for (let start = 0; start < n; start += SPILL_BATCH) {
      const end = Math.min(n, start + SPILL_BATCH);
      writer.writeTupleFrame(end - start, this.gather(order, start, end).bytes);
    }
    this.clear();
  }

  /** The records as objects, in the order they came, and empties the buffer. */
  records(): unknown[] {
    const out: unknown[] = [];
    const all = new Uint32Array(this.count);
    for (let i = 0; i < all.length; i++) all[i] = i;
    for (let start = 0; start < all.length; start += SPILL_BATCH) {
      const end = Math.min(all.length, start + SPILL_BATCH);
      for (const r of decodeTuples(this.gather(all, start, end).bytes, end - start)) out.push(r);
    }
    this.clear();
    return out;
  }

  clear(): void {
    this.count = 0;
    this.textBytes = 0;
    this.min = Infinity;
    this.max = -Infinity;
    this.flags = 0xff;
  }

  /** Record indexes in key order, stable. */
  private order(): Uint32Array {
    const n = this.count;
    const { keys, min, max, dir } = this;
    if (max - min < 2 ** 32) {
      const rank = new Uint32Array(n);
      for (let i = 0; i < n; i++) rank[i] = dir > 0 ? keys[i]! - min : max - keys[i]!;
      return radixOrder(rank, max - min).idx;
    }
    const idx = new Uint32Array(n);
    for (let i = 0; i < n; i++) idx[i] = i;
    return idx.sort((i, j) => dir * (keys[i]! - keys[j]!) || i - j);
  }

  /**
   * Records order[start, end) as one frame: their numbers and string places read first (one pass
   * of independent loads), then their text copied.
   */
  private gather(order: Uint32Array, start: number, end: number): FlatTupleFrame {
    const { nums, strs, rows, stride, text } = this;
    const n = end - start;
    const outNumbers = new Float64Array(n * nums);
    const places = new Uint32Array(2 * n * strs);
    let textBytes = 0;
    for (let j = start, o = 0, q = 0; j < end; j++, o += nums) {
      let r = order[j]! * stride;
      for (let f = 0; f < nums; f++) outNumbers[o + f] = rows[r++]!;
      for (let s = 0; s < strs; s++, q += 2) {
        places[q] = rows[r++]!;
        const len = (places[q + 1] = rows[r++]!);
        textBytes += len;
      }
    }
    const out = emptyFlatTupleFrame(this.kinds!, this.flags, n, textBytes);
    out.numbers.set(outNumbers);
    const bytes = out.bytes;
    for (let q = 0, i = 0, at = out.textAt; q < places.length; q += 2, i++) {
      const from = places[q]!;
      const len = places[q + 1]!;
      out.lengths[i] = len;
      // Short strings byte by byte: a subarray per string for set() cost more.
      if (len <= 32) for (let b = 0; b < len; b++) bytes[at + b] = text[from + b]!;
      else bytes.set(text.subarray(from, from + len), at);
      at += len;
    }
    return out;
  }

  /** Room for `more` records and `moreText` bytes of text. */
  private room(more: number, moreText: number): void {
    const need = this.count + more;
    if (need > this.keys.length) {
      const size = Math.max(need, this.keys.length * 2);
      this.keys = grown(this.keys, new Float64Array(size), this.count);
      this.rows = grown(this.rows, new Float64Array(size * this.stride), this.count * this.stride);
    } else if (this.rows.length < need * this.stride) {
      // The first batch set the stride after the columns were made.
      this.rows = grown(this.rows, new Float64Array(this.keys.length * this.stride), this.count * this.stride);
    }
    if (this.textBytes + moreText > this.text.length) {
      this.text = grown(this.text, new Uint8Array(Math.max(this.textBytes + moreText, this.text.length * 2)), this.textBytes);
    }
  }
}

/** `to` holding the first `used` elements of `from`. */
function grown<A extends Float64Array | Uint8Array>(from: A, to: A, used: number): A {
  to.set(from.subarray(0, used) as never);
  return to;
}

function sameKinds(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
