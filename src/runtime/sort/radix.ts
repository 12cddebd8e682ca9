/**
 * Stable LSD radix sort of unsigned 32-bit ranks (11-bit digits, one counting pass per digit
 * that is not the same for every rank), for runtime/sort/comparator.ts: record indexes in rank
 * order, ties in index order, with the ranks in that order. Linear in the number of records
 * (a comparison sort of 400k keys takes 19 comparisons per key), and nothing is boxed.
 */

const DIGIT_BITS = 11;
const RADIX = 1 << DIGIT_BITS;

/** Record indexes and their ranks, both in ascending rank order (a stable order). */
export interface RankOrder {
  readonly idx: Uint32Array;
  readonly rank: Uint32Array;
}

/**
 * Sorts the indexes 0..n-1 of `rank` by rank, stable; `maxRank` bounds the ranks (< 2^32).
 * `rank` is reused as scratch space.
 * @example
 * radixOrder(Uint32Array.of(5, 1, 5, 0), 5).idx; // Uint32Array [3, 1, 0, 2]
 */
export function radixOrder(rank: Uint32Array<ArrayBuffer>, maxRank: number): RankOrder {
  const n = rank.length;
  let srcK = rank;
  let srcI: Uint32Array<ArrayBuffer> | undefined;
  let dstK = new Uint32Array(n);
  let dstI = new Uint32Array(n);
  const count = new Uint32Array(RADIX);
  for (let shift = 0; shift < 32 && (shift === 0 || maxRank >>> shift !== 0); shift += DIGIT_BITS) {
    count.fill(0);
    for (let i = 0; i < n; i++) count[(srcK[i]! >>> shift) & (RADIX - 1)]++;
    // A digit every rank shares moves nothing (the first pass still fixes the identity order).
    if (srcI !== undefined && count[(srcK[0]! >>> shift) & (RADIX - 1)] === n) continue;
    let sum = 0;
    for (let d = 0; d < RADIX; d++) {
      const c = count[d]!;
      count[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const k = srcK[i]!;
      const p = count[(k >>> shift) & (RADIX - 1)]++;
      dstK[p] = k;
      dstI[p] = srcI === undefined ? i : srcI[i]!;
    }
    const tk = srcK;
    srcK = dstK;
    dstK = tk;
    const ti = srcI;
    srcI = dstI;
    dstI = ti ?? new Uint32Array(n);
  }
  return { idx: srcI!, rank: srcK };
}
