/**
 * Quick single-run comparison for the DataSet core: WordCount and a 5,000,000-record grouped sum,
 * Sluice at parallelism 1 and 2 vs the same job hand-written in plain JavaScript.
 * Usage: npx tsx bench/core-quick.ts [records=5000000]
 */
import { ExecutionEnvironment, type Collector } from "../src/index.js";

const N = Number(process.argv[2] ?? 5_000_000);
const KEYS = 100_000;

function rows(): [number, number][] {
  const out = new Array<[number, number]>(N);
  let s = 12345;
  for (let i = 0; i < N; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out[i] = [s % KEYS, i % 100];
  }
  return out;
}

function lines(): string[] {
  const words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "and", "runs", "far", "away", "into", "woods"];
  const out: string[] = [];
  let s = 7;
  for (let i = 0; i < 400_000; i++) {
    let l = "";
    for (let w = 0; w < 10; w++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      l += (w ? " " : "") + words[s % words.length] + (s % 97 === 0 ? String(s % 1000) : "");
    }
    out.push(l);
  }
  return out;
}

async function time<T>(label: string, fn: () => Promise<T> | T): Promise<{ label: string; ms: number; result: T }> {
  const t0 = performance.now();
  const result = await fn();
  return { label, ms: performance.now() - t0, result };
}

function plainGroupedSum(data: [number, number][]): number {
  const m = new Map<number, number>();
  for (const [k, v] of data) m.set(k, (m.get(k) ?? 0) + v);
  let check = 0;
  for (const [k, v] of m) check += k * 31 + v;
  return check;
}

async function sluiceGroupedSum(data: [number, number][], p: number): Promise<number> {
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  const out = await env.fromCollection(data).groupBy(0).sum(1).collect();
  return out.reduce((c, [k, v]) => c + k * 31 + v, 0);
}

function plainWordCount(text: string[]): number {
  const m = new Map<string, number>();
  for (const l of text) for (const w of l.toLowerCase().split(/\W+/)) if (w) m.set(w, (m.get(w) ?? 0) + 1);
  let check = 0;
  for (const v of m.values()) check += v * v;
  return check;
}

async function sluiceWordCount(text: string[], p: number): Promise<number> {
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  const out = await env.fromCollection(text)
    .flatMap((l: string, o: Collector<[string, number]>) => { for (const w of l.toLowerCase().split(/\W+/)) if (w) o.collect([w, 1]); })
    .groupBy(0).sum(1).collect();
  return out.reduce((c, [, v]) => c + v * v, 0);
}

const data = rows();
const text = lines();
const results = [
  await time("grouped sum: plain JS", () => plainGroupedSum(data)),
  await time("grouped sum: Sluice p=1", () => sluiceGroupedSum(data, 1)),
  await time("grouped sum: Sluice p=2", () => sluiceGroupedSum(data, 2)),
  await time("WordCount: plain JS", () => plainWordCount(text)),
  await time("WordCount: Sluice p=1", () => sluiceWordCount(text, 1)),
  await time("WordCount: Sluice p=2", () => sluiceWordCount(text, 2)),
];
const base = new Map([["grouped sum", results[0]!], ["WordCount", results[3]!]]);
for (const r of results) {
  const b = base.get(r.label.split(":")[0]!)!;
  if (r.result !== b.result) throw new Error(`${r.label}: checksum ${r.result} differs from plain JS ${b.result}`);
  console.log(`${r.label.padEnd(26)} ${r.ms.toFixed(0).padStart(6)} ms   ratio to plain JS ${(r.ms / b.ms).toFixed(2)}`);
}
