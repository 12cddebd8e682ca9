/**
 * Quick single-run join benchmark: 1,000,000 orders joined with 100,000 users (JS row arrays
 * generated here), every JoinHint at parallelism 1 and 2, against a hand-written Map-based hash
 * join in plain JavaScript. Prints the time of each run and its ratio to the plain join; every
 * run's checksum must equal the plain one.
 * Then a memory probe: 1,000 users joined with 2,000,000 generated orders (build side: users),
 * peak heap sampled while the join's output streams.
 * Jobs run in process (the join algorithms, not the worker-thread transport, are measured);
 * pass --threads to let Sluice pick worker threads at p=2 ("auto" mode), --object-reuse to drop
 * the record copies that Flink's default (object reuse off) semantics need.
 * Usage: npx tsx bench/join-quick.ts [orders=1000000] [users=100000] [--threads] [--object-reuse]
 */
import { loadavg } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { ExecutionEnvironment, JoinHint } from "../src/index.js";

// A full GC between runs, so one run's garbage is not collected on the next one's time.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const ORDERS = Number(args[0] ?? 1_000_000);
const USERS = Number(args[1] ?? 100_000);
const THREADS = process.argv.includes("--threads");
const OBJECT_REUSE = process.argv.includes("--object-reuse");

function environment(p: number): ExecutionEnvironment {
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  if (!THREADS) env.getConfig().setExecutionMode("in-process");
  if (OBJECT_REUSE) env.getConfig().enableObjectReuse();
  return env;
}

type User = [id: number, name: string];
type Purchase = [userId: number, amount: number];

function data(): { users: User[]; orders: Purchase[] } {
  const users = Array.from({ length: USERS }, (_, i): User => [i, `user${i}`]);
  const orders = new Array<Purchase>(ORDERS);
  let s = 12345;
  for (let i = 0; i < ORDERS; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    orders[i] = [s % USERS, i % 1000];
  }
  return { users, orders };
}

function checksum(pairs: readonly [Purchase, User][]): number {
  let c = 0;
  for (const [o, u] of pairs) c = (c + o[1] * 31 + u[0] + u[1].length) % 1_000_000_007;
  return c;
}

/** The baseline: build a Map on the smaller side, probe with the larger, collect the pairs. */
function plainJoin(orders: readonly Purchase[], users: readonly User[]): [Purchase, User][] {
  const table = new Map<number, User[]>();
  for (const u of users) {
    const bucket = table.get(u[0]);
    if (bucket) bucket.push(u);
    else table.set(u[0], [u]);
  }
  const out: [Purchase, User][] = [];
  for (const o of orders) {
    const bucket = table.get(o[0]);
    if (bucket) for (const u of bucket) out.push([o, u]);
  }
  return out;
}

async function sluiceJoin(orders: Purchase[], users: User[], hint: JoinHint, p: number): Promise<[Purchase, User][]> {
  const env = environment(p);
  return env.fromCollection(orders).join(env.fromCollection(users), hint).where(0).equalTo(0).collect();
}

interface Timed<T> { ms: number; cpuMs: number; result: T }

/** Wall and CPU time (CPU: this process, all threads; it matters when the machine is busy). */
async function time<T>(fn: () => Promise<T> | T): Promise<Timed<T>> {
  gc();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await fn();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpuMs: (c.user + c.system) / 1000, result };
}

async function memoryProbe(): Promise<void> {
  gc();
  const env = environment(1);
  const users = env.fromCollection(Array.from({ length: 1000 }, (_, i): User => [i, `user${i}`]));
  const orders = env.generateSequence(1, 2_000_000).map((i): Purchase => [i % 1000, i]);
  let peak = 0;
  let seen = 0;
  const before = process.memoryUsage().heapUsed;
  const count = await users.join(orders, JoinHint.BROADCAST_HASH_FIRST).where(0).equalTo(0)
    .map((pair) => {
      if ((++seen & 0xffff) === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
      return pair[1][1];
    }).count();
  const mb = (b: number) => `${(b / 1e6).toFixed(0)} MB`;
  console.log(`memory: 1,000 users x 2,000,000 orders (build: users) -> ${count} pairs; heap before ${mb(before)}, peak while probing ${mb(peak)}`);
}

async function main(): Promise<void> {
  console.log(`join-quick: node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  await memoryProbe();
  const { users, orders } = data();
  console.log(`${ORDERS.toLocaleString("en-US")} orders x ${USERS.toLocaleString("en-US")} users${OBJECT_REUSE ? ", object reuse enabled" : ""}`);
  // Warm-up: the plain join once, and every Sluice strategy on a slice.
  plainJoin(orders, users);
  for (const hint of Object.values(JoinHint)) await sluiceJoin(orders.slice(0, 20000), users.slice(0, 2000), hint, 2);
  const plain = await time(() => plainJoin(orders, users));
  const expected = checksum(plain.result);
  const pairs = plain.result.length;
  plain.result.length = 0;
  console.log(`plain Map join: ${plain.ms.toFixed(0)} ms (cpu ${plain.cpuMs.toFixed(0)} ms), ${pairs} pairs`);
  for (const p of [1, 2]) {
    for (const hint of Object.values(JoinHint)) {
      const run = await time(() => sluiceJoin(orders, users, hint, p));
      const ok = run.result.length === pairs && checksum(run.result) === expected;
      run.result.length = 0;
      console.log(
        `p=${p} ${hint.padEnd(24)} ${run.ms.toFixed(0).padStart(6)} ms  ratio ${(run.ms / plain.ms).toFixed(2)}x   cpu ${run.cpuMs.toFixed(0).padStart(6)} ms  ratio ${(run.cpuMs / plain.cpuMs).toFixed(2)}x${ok ? "" : "  RESULT MISMATCH"}`,
      );
    }
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
