/**
 * The generated input files (text for WordCount, orders/users CSV for the CSV job) under
 * bench/.data/<size>/, written once per size and reused; and where each engine's output goes.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { prng, randInt, zipf } from "./prng.js";
import { dims, SCALE, type Size } from "./workloads.js";

const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
/** Bumped whenever the generators change, so stale files are regenerated. */
const DATA_VERSION = "1";

export interface DataFiles {
  readonly text: string;
  readonly orders: string;
  readonly users: string;
}

export function dataFiles(size: Size): DataFiles {
  const dir = join(BENCH_DIR, ".data", size);
  return { text: join(dir, "words.txt"), orders: join(dir, "orders.csv"), users: join(dir, "users.csv") };
}

/** Where `engine` writes the CSV job's result at `size` (a file, or a directory for parallel sinks). */
export function csvJobOutput(size: Size, engine: string): string {
  return join(BENCH_DIR, ".out", size, engine, "csv-job.csv");
}

/** Writes the data files of `size` unless they are already there (same generator version). */
export function ensureDataFiles(size: Size): DataFiles {
  const files = dataFiles(size);
  const marker = join(dirname(files.text), "version");
  if (existsSync(marker) && readFileSync(marker, "utf8") === DATA_VERSION) return files;
  mkdirSync(dirname(files.text), { recursive: true });
  const d = dims(SCALE[size]);
  writeText(files.text, d.textBytes, d.vocabulary);
  writeCsv(files.users, "userId,name,country", d.users, usersRow());
  writeCsv(files.orders, "orderId,userId,amount", d.orders, ordersRow(d.users));
  writeFileSync(marker, DATA_VERSION);
  return files;
}

/** Buffered line writer: a few large writes instead of millions of small ones. */
function lineWriter(path: string): { line(s: string): void; close(): void } {
  const fd = openSync(path, "w");
  let buf: string[] = [];
  let len = 0;
  const flush = (): void => {
    writeSync(fd, buf.join(""));
    buf = [];
    len = 0;
  };
  return {
    line(s: string) {
      buf.push(s, "\n");
      len += s.length + 1;
      if (len > 1 << 20) flush();
    },
    close() {
      flush();
      closeSync(fd);
    },
  };
}

/**
 * Lines of 5..15 words drawn Zipf(1.0) from a vocabulary of random [a-z]{2,10} words, one
 * in five capitalized, separated by single spaces: so splitting the lower-cased line on
 * /\W+/ (Flink's WordCount) and on " " (the columnar peers) gives the same words.
 */
function writeText(path: string, bytes: number, vocabulary: number): void {
  const rand = prng(7);
  const words: string[] = [];
  for (let i = 0; i < vocabulary; i++) {
    let w = "";
    const len = 2 + randInt(rand, 9);
    for (let c = 0; c < len; c++) w += String.fromCharCode(97 + randInt(rand, 26));
    words.push(w);
  }
  const pick = zipf(rand, vocabulary, 1.0);
  const out = lineWriter(path);
  let written = 0;
  while (written < bytes) {
    const n = 5 + randInt(rand, 11);
    const line: string[] = [];
    for (let i = 0; i < n; i++) {
      const w = words[pick()]!;
      line.push(randInt(rand, 5) === 0 ? w[0]!.toUpperCase() + w.slice(1) : w);
    }
    const s = line.join(" ");
    out.line(s);
    written += s.length + 1;
  }
  out.close();
}

function writeCsv(path: string, header: string, rows: number, row: (i: number) => string): void {
  const out = lineWriter(path);
  out.line(header);
  for (let i = 0; i < rows; i++) out.line(row(i));
  out.close();
}

function usersRow(): (i: number) => string {
  const rand = prng(8);
  return (i) => `${i},user${i},C${String(randInt(rand, 200)).padStart(3, "0")}`;
}

/** About 1% of the orders name a user that does not exist (dropped by the inner join). */
function ordersRow(users: number): (i: number) => string {
  const rand = prng(9);
  const ids = Math.ceil(users * 1.01);
  return (i) => `${i},${randInt(rand, ids)},${1 + randInt(rand, 1000)}`;
}
