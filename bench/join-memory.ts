/**
 * Peak heap of a hash join whose build side is small: 1,000 users joined with 2,000,000 orders
 * read from CSV files. The users are broadcast and built into a table; the orders stream from
 * the file through the join (chained onto its probe input) into a grouped count, so the heap
 * stays near the size of the users table, not of the orders.
 * Usage: npx tsx bench/join-memory.ts [orders=2000000]
 */
import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { ExecutionEnvironment } from "../src/index.js";

const ORDERS = Number(process.argv[2] ?? 2_000_000);
const dir = join(import.meta.dirname, ".data");
const usersPath = join(dir, "jm-users.csv");
const ordersPath = join(dir, `jm-orders-${ORDERS}.csv`);

async function writeLines(path: string, n: number, line: (i: number) => string): Promise<void> {
  if (existsSync(path)) return;
  mkdirSync(dir, { recursive: true });
  const out = createWriteStream(path);
  for (let i = 0; i < n; i++) if (!out.write(line(i) + "\n")) await new Promise<void>((r) => out.once("drain", () => r()));
  await new Promise<void>((r) => out.end(() => r()));
}

await writeLines(usersPath, 1000, (i) => `${i},user${i}`);
await writeLines(ordersPath, ORDERS, (i) => `${(i * 7919) % 1000},${i},${i % 97}`);

global.gc?.();
const base = process.memoryUsage().heapUsed;
let peak = base;
const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().heapUsed); }, 10);
const t0 = performance.now();
const env = ExecutionEnvironment.getExecutionEnvironment();
const users = env.readCsvFile(usersPath).types("number", "string");
const orders = env.readCsvFile(ordersPath).types("number", "number", "number");
const perUser = await users.join(orders).where(0).equalTo(0).with((u, o) => [u[1], o[2]] as [string, number]).groupBy(0).sum(1).count();
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().heapUsed);
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
console.log(`users=1000 orders=${ORDERS} parallelism=${env.getParallelism()} groups=${perUser} time=${(performance.now() - t0).toFixed(0)} ms`);
console.log(`heap before ${mb(base)} MB, peak ${mb(peak)} MB (+${mb(peak - base)} MB)`);
