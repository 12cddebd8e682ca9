/** Plain single-threaded implementations the iteration examples are checked against. */

/** Component label (smallest vertex id) of every vertex, by union-find. */
export function unionFindComponents(vertices: number, edges: readonly [number, number][]): number[] {
  const parent = Array.from({ length: vertices }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  for (const [a, b] of edges) {
    const ra = find(a);
    const rb = find(b);
    // Union by smaller id keeps every root the smallest id of its set.
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
  return parent.map((_, v) => find(v));
}

/** PageRank by power iteration, stopping once no rank moves by more than epsilon. */
export function powerIteration(pages: number, links: readonly [number, number][], maxIterations: number, epsilon: number, damping = 0.85): number[] {
  const outDegree = new Array<number>(pages).fill(0);
  for (const [from] of links) outDegree[from]!++;
  let ranks = new Array<number>(pages).fill(1 / pages);
  for (let i = 0; i < maxIterations; i++) {
    const received = new Array<number>(pages).fill(0);
    for (const [from, to] of links) received[to]! += ranks[from]! / outDegree[from]!;
    const next = received.map((r) => damping * r + (1 - damping) / pages);
    const moved = next.some((r, p) => Math.abs(r - ranks[p]!) > epsilon);
    ranks = next;
    if (!moved) break;
  }
  return ranks;
}

/** Lloyd's k-means: centroids [id, x, y]; stops once they move less than 1e-12 in total. */
export function lloyd(
  points: readonly [number, number, number][],
  initial: readonly [number, number, number][],
  maxIterations: number,
): [number, number, number][] {
  let centroids = initial.map((c) => [...c] as [number, number, number]);
  for (let i = 0; i < maxIterations; i++) {
    const sums = new Map<number, [number, number, number]>();
    for (const [, x, y] of points) {
      let best = -1;
      let bestDistance = Infinity;
      for (const [id, cx, cy] of [...centroids].sort((a, b) => a[0] - b[0])) {
        const d = (x - cx) ** 2 + (y - cy) ** 2;
        if (d < bestDistance) {
          bestDistance = d;
          best = id;
        }
      }
      const s = sums.get(best) ?? [0, 0, 0];
      sums.set(best, [s[0] + x, s[1] + y, s[2] + 1]);
    }
    const next = [...sums].map(([id, [sx, sy, n]]) => [id, sx / n, sy / n] as [number, number, number]);
    const old = new Map(centroids.map((c) => [c[0], c]));
    const movement = next.reduce((m, [id, x, y]) => m + Math.hypot(x - old.get(id)![1], y - old.get(id)![2]), 0);
    centroids = next;
    if (movement < 1e-12) break;
  }
  return centroids;
}

/** Every [a, b] with b reachable from a over one or more directed edges (BFS from each vertex). */
export function reachablePairs(edges: readonly [number, number][]): [number, number][] {
  const out = new Map<number, number[]>();
  for (const [a, b] of edges) out.set(a, [...(out.get(a) ?? []), b]);
  const pairs: [number, number][] = [];
  for (const start of out.keys()) {
    const seen = new Set<number>();
    const queue = [...out.get(start)!];
    while (queue.length > 0) {
      const v = queue.shift()!;
      if (seen.has(v)) continue;
      seen.add(v);
      pairs.push([start, v]);
      queue.push(...(out.get(v) ?? []));
    }
  }
  return pairs;
}
