/**
 * File-source benchmark: generates a CSV file of the requested size (cached under bench/.data/io-heap),
 * then, each in a fresh process, reads it
 *   - engine p=N: `readCsvFile(...).parseQuotedStrings('"').types(...)` piped into a combiner
 *     (groupBy(category).sum(amount)), sampling process.memoryUsage().heapUsed every 20 ms;
 *   - format: our CsvInputFormat alone (createInputSplits(1), open, nextBatch), no engine;
 *   - csv-parse: the csv-parse library (stream API, same options and conversions), no engine.
 * Reports records/s and MB/s (by wall time, and by CPU time, which a busy machine disturbs less),
 * max heapUsed and peak RSS for each; with --repeat n, the fastest of n runs.
 * Usage: npx tsx bench/io-heap.ts [--size-mb 500] [--parallelism 1,2] [--modes engine,format,csv-parse] [--repeat 1]
 */
import { spawnSync } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, openSync, closeSync, statSync, writeSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse";
import { CsvInputFormat, ExecutionEnvironment } from "../src/index.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const KINDS = ["number", "string", "string", "number", "boolean", "string"] as const;
type Row = [number, string, string, number, boolean, string];

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

/** Writes ~sizeMb of rows like `17,user17,cat1,123.45,true,"note 17, see ""x"""` (cached by size). */
function generate(sizeMb: number): string {
  const path = join(HERE, ".data", "io-heap", `rows-${sizeMb}mb.csv`);
  if (existsSync(path)) return path;
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, "w");
  const target = sizeMb * 1024 * 1024;
  let written = 0;
  let i = 0;
  while (written < target) {
    const lines: string[] = [];
    for (let k = 0; k < 10000; k++, i++) {
      const note = i % 5 === 0 ? `"note ${i}, see ""x"""` : `note ${i}`;
      lines.push(`${i},user${i % 100003},cat${i % 16},${((i * 37) % 100000) / 100},${i % 3 === 0},${note}`);
    }
    written += writeSync(fd, lines.join("\n") + "\n");
  }
  closeSync(fd);
  renameSync(tmp, path);
  return path;
}

interface Report { mode: string; records: number; seconds: number; cpuSeconds: number; maxHeapMB: number; peakRssMB: number }

/** Runs `job` while sampling heapUsed; returns the measurements. */
async function measure(mode: string, job: () => Promise<number>): Promise<Report> {
  let maxHeap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => (maxHeap = Math.max(maxHeap, process.memoryUsage().heapUsed)), 20);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const records = await job();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(timer);
  maxHeap = Math.max(maxHeap, process.memoryUsage().heapUsed);
  return { mode, records, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, maxHeapMB: maxHeap / 2 ** 20, peakRssMB: process.resourceUsage().maxRSS / 1024 };
}

async function engineJob(path: string, p: number): Promise<number> {
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  const rows = env.readCsvFile(path).parseQuotedStrings('"').types(...KINDS);
  const counted = rows.map((r) => [r[2], r[3], 1] as [string, number, number]).groupBy(0).sum(1).andSum(2);
  const sums = await counted.collect();
  return sums.reduce((s, r) => s + r[2], 0);
}

async function formatJob(path: string): Promise<number> {
  const format = new CsvInputFormat<Row>(path, { kinds: KINDS, quoteChar: '"' });
  const sums = new Map<string, number>();
  let n = 0;
  for (const split of await format.createInputSplits(1)) {
    await format.open(split);
    while (!format.reachedEnd()) {
      for (const r of await format.nextBatch(1024)) {
        sums.set(r[2], (sums.get(r[2]) ?? 0) + r[3]);
        n++;
      }
    }
    await format.close();
  }
  return n;
}

async function csvParseJob(path: string): Promise<number> {
  const sums = new Map<string, number>();
  let n = 0;
  const parser = createReadStream(path).pipe(parse({ delimiter: ",", quote: '"', relax_quotes: true }));
  for await (const rec of parser as AsyncIterable<string[]>) {
    const row: Row = [Number(rec[0]), rec[1]!, rec[2]!, Number(rec[3]), rec[4] === "true", rec[5]!];
    sums.set(row[2], (sums.get(row[2]) ?? 0) + row[3]);
    n++;
  }
  return n;
}

async function child(): Promise<void> {
  const path = arg("file", "");
  const mode = arg("mode", "engine");
  const p = Number(arg("parallelism", "1"));
  const job = mode === "engine" ? () => engineJob(path, p) : mode === "format" ? () => formatJob(path) : () => csvParseJob(path);
  const r = await measure(mode === "engine" ? `engine p=${p}` : mode, job);
  process.stdout.write(`@@io-heap ${JSON.stringify(r)}\n`);
}

function parent(): void {
  const sizeMb = Number(arg("size-mb", "500"));
  const parallelisms = arg("parallelism", "1,2").split(",").map(Number);
  const modes = arg("modes", "engine,format,csv-parse").split(",");
  const path = generate(sizeMb);
  const bytes = statSync(path).size;
  console.log(`file ${path}: ${(bytes / 2 ** 20).toFixed(0)} MB`);
  const runs: [string, number][] = modes.flatMap((m): [string, number][] => (m === "engine" ? parallelisms.map((p): [string, number] => [m, p]) : [[m, 1]]));
  const repeat = Number(arg("repeat", "1"));
  for (const [mode, p] of runs) {
    let best: Report | undefined;
    for (let k = 0; k < repeat; k++) {
      const r = runChild(path, mode, p);
      if (r && (!best || r.seconds < best.seconds)) best = r;
    }
    if (!best) continue;
    const mb = bytes / 2 ** 20;
    const rate = (s: number) => `${(best.records / s / 1e6).toFixed(2)} M rec/s, ${(mb / s).toFixed(1)} MB/s`;
    console.log(
      `${best.mode.padEnd(12)} ${best.records} records: wall ${best.seconds.toFixed(1)} s (${rate(best.seconds)}), cpu ${best.cpuSeconds.toFixed(1)} s (${rate(best.cpuSeconds)}), max heapUsed ${best.maxHeapMB.toFixed(0)} MB, peak RSS ${best.peakRssMB.toFixed(0)} MB`,
    );
  }
}

function runChild(path: string, mode: string, p: number): Report | undefined {
  const out = spawnSync(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), "--child", "--file", path, "--mode", mode, "--parallelism", String(p)],
    { encoding: "utf8", maxBuffer: 1 << 24 },
  );
  const line = out.stdout.split("\n").find((l) => l.startsWith("@@io-heap "));
  if (!line) {
    console.log(`${mode} p=${p}: failed\n${out.stderr}`);
    return undefined;
  }
  return JSON.parse(line.slice(10)) as Report;
}

if (process.argv.includes("--child")) await child();
else parent();
