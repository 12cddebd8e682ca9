/**
 * A set of int32 keys as bits over a range that grows while it stays dense (a distinct's key set,
 * runtime/drivers/distinct-driver.ts): a lookup is one bit of a small array, where an IntTable of
 * the same keys is ~11 bytes a key at scattered slots (distinct of 10M rows over 3.3M keys 0..3.3M:
 * 412 KB of bits, which stay in cache, against a 64 MB table, where every lookup missed). The range
 * starts around the first key and at least doubles when a key falls outside it, as long as it
 * stays within the caller's byte limit and within DENSITY bits a key or an eighth of that limit (or
 * MIN_BITS); past that it is fixed,
 * and keys outside it are the caller's to keep elsewhere (`test` says -1 for them, always, from
 * then on, so a key never has two homes).
 *
 * @example
 * const s = new DenseIntSet();
 * s.test(5);                 // -1: no range yet
 * s.cover(5, 1 << 20);       // true: a range around 5
 * s.test(5);                 // 0: in range, absent
 * s.add(5);
 * s.test(5);                 // 1
 */

/** Bits a range may span per key held (8 bytes a key, as an IntTable at its emptiest). */
const DENSITY = 64;
/** Bits a range may always span (128 KB), whatever the keys. */
const MIN_BITS = 1 << 20;
/** Bits of the first range. */
const FIRST_BITS = 1 << 16;

export class DenseIntSet {
  private bits = new Uint32Array(0);
  /** The first key of the range (a multiple of 32). */
  private base = 0;
  private count = 0;
  /** Whether the range may still grow. */
  private growing = true;

  /** Keys held. */
  get size(): number {
    return this.count;
  }

  /** Bytes of the bits. */
  get bytes(): number {
    return this.bits.byteLength;
  }

  /** 1: `k` (an int32) is in the set; 0: in the range, absent; -1: outside the range. */
  test(k: number): number {
    const i = k - this.base;
    if (i < 0 || i >= this.bits.length * 32) return -1;
    return (this.bits[i >>> 5]! >>> (i & 31)) & 1;
  }

  /** Adds `k` (in the range, absent). */
  add(k: number): void {
    const i = k - this.base;
    this.bits[i >>> 5]! |= 1 << (i & 31);
    this.count++;
  }

  /**
   * Grows the range to take `k` (outside it) if it stays dense and its bytes stay within
   * `maxBytes`; else fixes the range for good. Whether `k` is in the range now.
   */
  cover(k: number, maxBytes: number): boolean {
    if (!this.growing) return false;
    const words = this.bits.length;
    const end = this.base + 32 * words;
    let lo = Math.min(this.base, k - (((k % 32) + 32) % 32));
    let hi = Math.max(end, k + 1);
    if (words === 0) {
      lo = Math.floor(k / FIRST_BITS) * FIRST_BITS;
      hi = lo + FIRST_BITS;
    }
    const needed = Math.ceil((hi - lo) / 32) * 32;
    const span = Math.max(needed, 2 * 32 * words);
    // Within the limit, and dense or small: an eighth of the limit (or MIN_BITS) whatever the keys,
    // since keys spread over their range from the first ones (a scrambled 0..n) are sparse early.
    const bytes = span / 8;
    if (bytes > maxBytes || (bytes > Math.max(MIN_BITS / 8, maxBytes / 8) && needed > DENSITY * (this.count + 1))) {
      this.growing = false;
      return false;
    }
    // Grown towards the key: downwards when it lies below the range, else upwards.
    const base = words > 0 && k < this.base ? end - span : lo;
    const bits = new Uint32Array(span / 32);
    if (words > 0) bits.set(this.bits, (this.base - base) / 32);
    this.bits = bits;
    this.base = base;
    return true;
  }
}
