/**
 * A hash join's build side of number tuples held as numbers (the hybrid hash join's partitions of
 * tuples a CSV source gives, runtime/drivers/join/hybrid-hash-join.ts, and its spilled partitions
 * joined on their numbers, typed-partition-join.ts): int32 keys and plain arrays of one width of
 * numbers, appended to typed chunks as they come (no JavaScript object kept: nothing for the
 * garbage collector to mark or move, and a record takes 8 bytes a field instead of ~64 as an
 * array). `freeze` gives each key a dense id (IntTable) and lists the rows key by key, equal keys
 * in arrival order (a counting sort into a row permutation, applied to the fields in place: no
 * second copy of them; nothing moves when every key came once, `unique`), so a probe is one
 * lookup and a slice of the fields; `record(i)` builds the i-th listed row as a fresh array, the
 * only object a match costs, and `sharedRecord(i)` writes it into one array the table reuses.
 *
 * @example
 * const t = new NumberTupleTable(2);
 * t.append(7, [7, 0.5], 0);
 * t.append(7, [7, 1.5], 0);
 * const id = t.find(7);                              // freezes: 0
 * t.record(t.start[id]!);                            // [7, 0.5]
 */
import { IntTable, MAX_LOAD } from "./int-table.js";
import { numbersAt, numbersInto } from "../../common/number-rows.js";

const CHUNK_BITS = 14;
const CHUNK = 1 << CHUNK_BITS;

/** Slots of an IntTable that takes `keys` keys without doubling (a power of two). */
function slotsFor(keys: number): number {
  let cap = 1024;
  while (cap * MAX_LOAD < keys) cap *= 2;
  return cap;
}

/** Memory a table counts per row: numberTableBytes' share of a row, with the table's slots at their emptiest. */
export function typedRowBytes(width: number): number {
  return 8 * width + 17 + Math.ceil(16 / MAX_LOAD);
}

/** Whether `key` goes to a NumberTupleTable (an int32, as HashableIds sends to its IntTable). */
export function isTableKey(key: unknown): key is number {
  return typeof key === "number" && (key | 0) === key;
}

/**
 * Bytes a table of `rows` rows of `width` fields takes frozen, at most (every key distinct):
 * fields and keys (8 a field, 4 a key), key ids and the permutation while freezing (4 each), starts
 * and match flags (5 a key), the IntTable's slots; a chunk's unused tail (under CHUNK rows) is left out.
 */
export function numberTableBytes(rows: number, width: number): number {
  return rows * (8 * width + 17) + 8 * slotsFor(rows);
}

export class NumberTupleTable {
  /** Arrival order while building: per chunk, its keys and their fields. */
  private keyChunks: Int32Array[] = [];
  private fieldChunks: Float64Array[] = [];
  private count = 0;
  private ids: IntTable | undefined;
  /** Once frozen: whether every key came once (then key id i is row i, start[i] = i). */
  unique = false;
  /** Once frozen: the rows of key id i are listed at start[i] .. start[i + 1] - 1. */
  start = new Int32Array(1);
  /** Once frozen, with match tracking: 1 for each key id a probe found. */
  matched: Uint8Array | undefined;
  /** The array sharedRecord writes rows into. */
  private shared: number[] | undefined;

  constructor(readonly width: number, private readonly trackMatches = false) {}

  get size(): number {
    return this.count;
  }

  get frozen(): boolean {
    return this.ids !== undefined;
  }

  /** Appends a row: `key` (an int32) and `width` fields read from `src` at `at`. */
  append(key: number, src: ArrayLike<number>, at: number): void {
    const w = this.width;
    const i = this.count & (CHUNK - 1);
    if (i === 0) {
      this.keyChunks.push(new Int32Array(CHUNK));
      this.fieldChunks.push(new Float64Array(CHUNK * w));
    }
    this.keyChunks[this.keyChunks.length - 1]![i] = key;
    const fields = this.fieldChunks[this.fieldChunks.length - 1]!;
    for (let f = 0, to = i * w; f < w; f++) fields[to + f] = src[at + f]!;
    this.count++;
  }

  /** Every row in arrival order as (key, fields at `at` of `src`), before the table is frozen. */
  forEachRow(fn: (key: number, src: Float64Array, at: number) => void): void {
    this.unfrozen();
    const w = this.width;
    for (let c = 0; c < this.keyChunks.length; c++) {
      const keys = this.keyChunks[c]!;
      const fields = this.fieldChunks[c]!;
      const n = Math.min(CHUNK, this.count - c * CHUNK);
      for (let i = 0; i < n; i++) fn(keys[i]!, fields, i * w);
    }
  }

  /** Gives the keys their ids and lays the rows out key by key (no appends after). */
  freeze(): void {
    if (this.ids !== undefined) return;
    const n = this.count;
    const ids = new IntTable(slotsFor(n));
    const keyIds = new Int32Array(n);
    let keys = 0;
    for (let c = 0, row = 0; c < this.keyChunks.length; c++) {
      const chunk = this.keyChunks[c]!;
      const m = Math.min(CHUNK, n - c * CHUNK);
      for (let i = 0; i < m; i++, row++) {
        const key = chunk[i]!;
        let id = ids.find(key);
        if (id < 0) ids.insert(key, (id = keys++));
        keyIds[row] = id;
      }
    }
    this.keyChunks = [];
    this.unique = keys === n;
    if (this.unique) {
      // Every key once: ids are arrival positions, so the rows are listed as they came.
      const start = new Int32Array(n + 1);
      for (let i = 0; i <= n; i++) start[i] = i;
      this.start = start;
    } else {
      const start = new Int32Array(keys + 1);
      for (let i = 0; i < n; i++) start[keyIds[i]! + 1]!++;
      for (let k = 0; k < keys; k++) start[k + 1]! += start[k]!;
      const next = start.slice(0, keys);
      const rows = new Int32Array(n);
      for (let i = 0; i < n; i++) rows[next[keyIds[i]!]!++] = i;
      this.start = start;
      this.listInPlace(rows);
    }
    this.matched = this.trackMatches ? new Uint8Array(keys) : undefined;
    this.ids = ids;
  }

  /**
   * Moves the fields so that listed position i holds arrival row rows[i] (a permutation followed
   * cycle by cycle, in place: no second copy of the fields). A probe then reads a key's rows where
   * `start` says, one cache miss fewer than going through a row list.
   */
  private listInPlace(rows: Int32Array): void {
    const w = this.width;
    const chunks = this.fieldChunks;
    const held = new Float64Array(w);
    const done = new Uint8Array(rows.length);
    for (let first = 0; first < rows.length; first++) {
      if (done[first] === 1 || rows[first] === first) continue;
      const c0 = chunks[first >>> CHUNK_BITS]!;
      const o0 = (first & (CHUNK - 1)) * w;
      for (let f = 0; f < w; f++) held[f] = c0[o0 + f]!;
      // Position `to` takes row rows[to], which frees that row's place for the next step.
      for (let to = first; ; ) {
        done[to] = 1;
        const from = rows[to]!;
        const ct = chunks[to >>> CHUNK_BITS]!;
        const ot = (to & (CHUNK - 1)) * w;
        if (from === first) {
          for (let f = 0; f < w; f++) ct[ot + f] = held[f]!;
          break;
        }
        const cf = chunks[from >>> CHUNK_BITS]!;
        const of = (from & (CHUNK - 1)) * w;
        for (let f = 0; f < w; f++) ct[ot + f] = cf[of + f]!;
        to = from;
      }
    }
  }

  /** The id of `key`'s rows, or -1 (freezes the table); marks the key matched when tracking. */
  find(key: unknown): number {
    if (this.ids === undefined) this.freeze();
    if (!isTableKey(key)) return -1;
    const id = this.ids!.find(key);
    if (id >= 0 && this.matched !== undefined) this.matched[id] = 1;
    return id;
  }

  /** The row listed at `i` in the frozen table (key order) as a fresh array. */
  record(i: number): number[] {
    return numbersAt(this.fieldChunks[i >>> CHUNK_BITS]!, (i & (CHUNK - 1)) * this.width, this.width);
  }

  /** The first field of key id `id`'s first row, frozen (a staged probe's touch of the row). */
  firstField(id: number): number {
    const i = this.unique ? id : this.start[id]!;
    return this.fieldChunks[i >>> CHUNK_BITS]![(i & (CHUNK - 1)) * this.width]!;
  }

  /**
   * The row listed at `i` in one array the table reuses for every call: for a function proven to
   * only read its arguments (node.readsOnly), which can neither keep nor change it.
   */
  sharedRecord(i: number): number[] {
    this.shared ??= numbersAt(new Float64Array(this.width), 0, this.width);
    return numbersInto(this.fieldChunks[i >>> CHUNK_BITS]!, (i & (CHUNK - 1)) * this.width, this.width, this.shared);
  }

  /** Rows of keys no probe found, as fresh arrays (needs match tracking). */
  *unmatched(): Iterable<number[]> {
    this.freeze();
    const { start, matched } = this;
    for (let id = 0; id + 1 < start.length; id++) {
      if (matched !== undefined && matched[id] === 1) continue;
      for (let i = start[id]!; i < start[id + 1]!; i++) yield this.record(i);
    }
  }

  /** Freezing drops the keys in arrival order: reading rows that way after it would lose them. */
  private unfrozen(): void {
    if (this.ids !== undefined) throw new Error("NumberTupleTable: rows read in arrival order after freeze");
  }

  clear(): void {
    this.keyChunks = [];
    this.fieldChunks = [];
    this.unique = false;
    this.start = new Int32Array(1);
    this.matched = undefined;
    this.ids = undefined;
    this.count = 0;
  }
}
