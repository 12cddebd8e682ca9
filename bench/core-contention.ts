/**
 * How much two allocation-heavy isolates slow each other on this machine: the same loop (a Map of
 * 100k string keys, a fresh tuple per record, what a grouped sum over parsed rows does) alone, in 2
 * worker threads of one process at once, and in 2 processes at once, alternating, fresh each round.
 * Each isolate reports its own loop's time (its start-up left out). On 2 cores a second worker
 * thread is worth at most this: issue 17's csv-job in threads lost to p=1 in process partly here.
 *   npx tsx bench/core-contention.ts [--rounds 5]
 */
import { spawn } from "node:child_process";
import { Worker } from "node:worker_threads";

const LOOP = `const t0 = performance.now();
const m = new Map();
for (let i = 0; i < 3e6; i++) {
  const a = [i, "k" + (i % 100000), i * 2];
  m.set(a[1], (m.get(a[1]) ?? 0) + a[2]);
}
const ms = performance.now() - t0;`;

function inThread(): Promise<number> {
  const code = `${LOOP}\nrequire("node:worker_threads").parentPort.postMessage(ms);`;
  return new Promise((resolve) => new Worker(code, { eval: true }).once("message", resolve));
}

function inProcess(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["-e", `${LOOP}\nprocess.stdout.write(String(ms));`]);
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("close", () => resolve(Number(out)));
  });
}

/** The loop times of `n` isolates started at once; their mean. */
async function together(n: number, start: () => Promise<number>): Promise<number> {
  const times = await Promise.all(Array.from({ length: n }, start));
  return times.reduce((a, b) => a + b, 0) / n;
}

const i = process.argv.indexOf("--rounds");
const rounds = i >= 0 ? Number(process.argv[i + 1]) : 5;
const cases: [string, () => Promise<number>][] = [
  ["1 worker thread", () => together(1, inThread)],
  ["2 worker threads of one process", () => together(2, inThread)],
  ["1 process", () => together(1, inProcess)],
  ["2 processes", () => together(2, inProcess)],
];
const got = new Map<string, number[]>(cases.map(([name]) => [name, []]));
for (let r = 0; r < rounds; r++) for (const [name, run] of cases) got.get(name)!.push(await run());
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const alone = median(got.get("1 worker thread")!);
for (const [name, xs] of got) {
  console.log(`${name}: ${xs.map((x) => x.toFixed(0)).join(" ")} ms per loop (median ${median(xs).toFixed(0)}, ${(median(xs) / alone).toFixed(2)}x one thread alone)`);
}
