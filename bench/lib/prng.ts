/**
 * Deterministic random numbers for the generated benchmark data: every engine and every run
 * sees exactly the same input for a given seed.
 */

/** mulberry32: a small, fast 32-bit PRNG; returns floats in [0, 1). */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n) from `rand`. */
export function randInt(rand: () => number, n: number): number {
  return Math.floor(rand() * n);
}

/**
 * Draws ranks 0..n-1 with P(rank r) ∝ 1 / (r + 1)^s (Zipf): rank 0 is the hottest key.
 * Inverse-CDF sampling over a precomputed table, binary search per draw.
 */
export function zipf(rand: () => number, n: number, s: number): () => number {
  const cdf = new Float64Array(n);
  let total = 0;
  for (let r = 0; r < n; r++) {
    total += 1 / Math.pow(r + 1, s);
    cdf[r] = total;
  }
  return () => {
    const u = rand() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}
