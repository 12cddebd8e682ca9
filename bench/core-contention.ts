/**
 * How much two allocation-heavy isolates slow each other on this machine: the same loop (a Map of
 * 100k string keys, a fresh tuple per record, what a grouped sum over parsed rows does) in 1 and in
 * 2 worker threads at once, alternating, in fresh workers each round. On 2 cores a second worker
 * thread is worth at most this: issue 17's csv-job in threads lost to p=1 in process partly here.
 *   npx tsx bench/core-contention.ts [--rounds 5]
 */
import { Worker } from "node:worker_threads";

const LOOP = `const { parentPort } = require("node:worker_threads");
const t0 = performance.now();
const m = new Map();
for (let i = 0; i < 3e6; i++) {
  const a = [i, "k" + (i % 100000), i * 2];
  m.set(a[1], (m.get(a[1]) ?? 0) + a[2]);
}
parentPort.postMessage(performance.now() - t0);`;

async function once(workers: number): Promise<number> {
  const t0 = performance.now();
  await Promise.all(Array.from({ length: workers }, () => new Promise((resolve) => new Worker(LOOP, { eval: true }).once("message", resolve))));
  return performance.now() - t0;
}

const i = process.argv.indexOf("--rounds");
const rounds = i >= 0 ? Number(process.argv[i + 1]) : 5;
const one: number[] = [];
const two: number[] = [];
for (let r = 0; r < rounds; r++) {
  one.push(await once(1));
  two.push(await once(2));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`1 worker: ${one.map((x) => x.toFixed(0)).join(" ")} ms (median ${median(one).toFixed(0)})`);
console.log(`2 workers at once: ${two.map((x) => x.toFixed(0)).join(" ")} ms (median ${median(two).toFixed(0)}): ${(median(two) / median(one)).toFixed(2)}x the time for twice the work`);
