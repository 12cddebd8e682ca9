/**
 * Bundled data for the iteration examples, generated deterministically (a seeded PRNG, so every
 * run and every test sees the same graphs and points).
 */

/** A seeded PRNG (mulberry32): numbers in [0, 1). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` distinct undirected edges [a, b] (a < b) between vertices 0..vertices-1. */
export function randomEdges(vertices: number, count: number, seed: number): [number, number][] {
  const next = random(seed);
  const seen = new Set<number>();
  const edges: [number, number][] = [];
  while (edges.length < count) {
    const a = Math.floor(next() * vertices);
    const b = Math.floor(next() * vertices);
    if (a === b) continue;
    const [lo, hi] = a < b ? [a, b] : [b, a];
    if (seen.has(lo * vertices + hi)) continue;
    seen.add(lo * vertices + hi);
    edges.push([lo, hi]);
  }
  return edges;
}

/** Directed links for PageRank: a ring (every page links out and is linked to) plus random extra links. */
export function randomLinks(pages: number, extra: number, seed: number): [number, number][] {
  const next = random(seed);
  const seen = new Set<number>();
  const links: [number, number][] = [];
  const add = (from: number, to: number): void => {
    if (from === to || seen.has(from * pages + to)) return;
    seen.add(from * pages + to);
    links.push([from, to]);
  };
  for (let p = 0; p < pages; p++) add(p, (p + 1) % pages);
  while (links.length < pages + extra) add(Math.floor(next() * pages), Math.floor(next() * pages));
  return links;
}

/** `perCluster` points [id, x, y] around each of `centers`, spread by `spread`. */
export function clusteredPoints(centers: readonly [number, number][], perCluster: number, spread: number, seed: number): [number, number, number][] {
  const next = random(seed);
  const points: [number, number, number][] = [];
  for (let i = 0; i < perCluster; i++) {
    for (const [cx, cy] of centers) points.push([points.length, cx + (next() - 0.5) * spread, cy + (next() - 0.5) * spread]);
  }
  return points;
}
