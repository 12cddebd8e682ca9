/**
 * Key ids of a finished build side whose keys are all int32s in a dense range (ids, ranks,
 * foreign keys 0..n): one typed-array slot per value from the least key to the greatest, so a
 * lookup is a subtraction and one load, with no hash and no probe sequence (DuckDB's perfect hash
 * join). The slot array is at most DENSE_SLOTS_PER_KEY slots per key: 4 bytes a slot against the
 * open-addressing IntTable's 8 per slot at up to 3/4 full, so it adds at most 3/4 of the hash
 * table kept beside it (which build-time inserts still use), and at 100k keys (400 KB) it stays in
 * the core's cache where the table (2 MB) did not.
 *
 * @example
 * const dense = DenseIntIds.over([10, 12, 11]);   // ids 0, 1, 2
 * dense?.idOf(12);     // 1
 * dense?.idOf(13);     // -1
 * dense?.idOf("12");   // -1: only an int32 equals an int32 key
 */
import type { HashKey } from "../../common/keys.js";

/** Slots per key at most (a sparser range keeps the hash table). */
export const DENSE_SLOTS_PER_KEY = 2;
/** A range of at most this many slots is dense whatever the keys (a small array is cheap). */
const SMALL_RANGE = 1024;

export class DenseIntIds {
  private constructor(
    private readonly least: number,
    /** Per value v: the id of key least + v, plus one (0: no such key). */
    private readonly slots: Int32Array,
  ) {}

  /** The dense index of `keys` (key i has id i), or undefined when one is not an int32 or the range is sparse. */
  static over(keys: readonly HashKey[]): DenseIntIds | undefined {
    if (keys.length === 0) return undefined;
    let least = Infinity;
    let greatest = -Infinity;
    for (const k of keys) {
      if (typeof k !== "number" || (k | 0) !== k) return undefined;
      if (k < least) least = k;
      if (k > greatest) greatest = k;
    }
    const span = greatest - least + 1;
    if (span > Math.max(SMALL_RANGE, DENSE_SLOTS_PER_KEY * keys.length)) return undefined;
    const slots = new Int32Array(span);
    for (let id = 0; id < keys.length; id++) slots[(keys[id] as number) - least] = id + 1;
    return new DenseIntIds(least, slots);
  }

  /** The id of `h`, or -1. */
  idOf(h: HashKey): number {
    if (typeof h !== "number" || (h | 0) !== h) return -1;
    const at = h - this.least;
    // An int32 minus an int32 is exact in a double, so the range test is exact.
    return at >= 0 && at < this.slots.length ? this.slots[at]! - 1 : -1;
  }
}
