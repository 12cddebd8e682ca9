/** A bulk iteration (with a convergence criterion) and a delta iteration (connected components). */
import { defineJob, type Collector } from "../../src/index.js";
import { sorted } from "./_sorted.js";

type KV = [number, number];

export default defineJob(async (env, args: { vertices?: number }) => {
  const n = args.vertices ?? 60;
  const it = env.generateSequence(1, n).map((x) => x * 1000).iterate(20);
  const bulk = sorted(await it.closeWith(it.map((x) => (x > 1 ? Math.floor(x / 2) : x))).collect());
  // Two chains: 1..n/2 and n/2+1..n, as edges both ways.
  const half = Math.floor(n / 2);
  const vertices = env.generateSequence(1, n).map((v): KV => [v, v]);
  const edges = env.generateSequence(1, n - 1).filter((v) => v !== half).flatMap((v: number, out: Collector<KV>) => {
    out.collect([v, v + 1]);
    out.collect([v + 1, v]);
  });
  const d = vertices.iterateDelta(vertices, 100, 0);
  const candidates = d.getWorkset().join(edges).where(0).equalTo(0).with((v: KV, e: KV): KV => [e[1], v[1]]).groupBy(0).min(1);
  const changes = candidates.join(d.getSolutionSet()).where(0).equalTo(0)
    .with((c: KV, s: KV, out: Collector<KV>) => { if (c[1] < s[1]) out.collect(c); });
  const components = sorted(await d.closeWith(changes, changes).collect());
  return { bulk, components };
});
