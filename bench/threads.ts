/**
 * Worker threads against one thread, each configuration in a fresh child process (the program file
 * is the same, so the workers can load it):
 *  - wordcount-cpu: WordCount over a generated text file whose tokenizer does real work (Unicode
 *    normalization, accent folding, a light stemmer, stop words), p=1 in process vs p=2 in threads;
 *  - join-shuffle: a 1,000,000 x 100,000 repartition hash join (both sides hash-partitioned),
 *    p=1 and p=2 in process vs p=2 in threads.
 * Each child runs its job twice: cold (the process's first job; in threads, starting the workers,
 * which load the program) and warm (the same job again on the running pool).
 * Run: npx tsx bench/threads.ts [--lines N] [--orders N] [--users N] [--runs K]
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ExecutionEnvironment, JoinHint, type Collector, type ExecutionMode } from "../src/index.js";

const { values: opts } = parseArgs({
  options: {
    lines: { type: "string", default: "300000" },
    orders: { type: "string", default: "1000000" },
    users: { type: "string", default: "100000" },
    runs: { type: "string", default: "3" },
    config: { type: "string" },
  },
});
const LINES = Number(opts.lines);
const ORDERS = Number(opts.orders);
const USERS = Number(opts.users);

const WORDS = ["Über", "naïve", "café", "résumé", "running", "jumped", "happily", "the", "and", "of", "coöperation", "façade", "Ångström",
  "crème", "brûlée", "working", "played", "stations", "nationalization", "flying", "quickly", "a", "to", "in", "señor", "jalapeño"];
const STOP = new Set(["the", "and", "of", "a", "to", "in"]);

/** A deterministic text file of LINES lines (written once per size, reused by every child). */
function textFile(): string {
  const dir = join(tmpdir(), "sluice-bench-threads");
  const path = join(dir, `text-${LINES}.txt`);
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    let seed = 42;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const lines: string[] = [];
    for (let i = 0; i < LINES; i++) {
      const words: string[] = [];
      for (let w = 0; w < 12; w++) words.push(WORDS[Math.floor(rnd() * WORDS.length)]! + (rnd() < 0.3 ? String(Math.floor(rnd() * 50)) : ""));
      lines.push(words.join(rnd() < 0.5 ? " " : ", "));
    }
    writeFileSync(path, lines.join("\n") + "\n");
  }
  return path;
}

/** The expensive tokenizer: fold case and accents, split on non-letters, stem, drop stop words. */
function tokenize(line: string): string[] {
  const folded = line.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const out: string[] = [];
  for (const raw of folded.split(/[^\p{L}]+/u)) {
    if (raw.length === 0 || STOP.has(raw)) continue;
    let w = raw;
    for (const suffix of ["ization", "ational", "ing", "ed", "ly", "es", "s"]) {
      if (w.length > suffix.length + 2 && w.endsWith(suffix)) { w = w.slice(0, -suffix.length); break; }
    }
    out.push(w);
  }
  return out;
}

interface Config { workload: "wordcount-cpu" | "join-shuffle"; p: number; mode: ExecutionMode }

/** Runs the workload once; returns its checksum. */
async function runOnce(c: Config): Promise<{ checksum: number }> {
  const env = ExecutionEnvironment.createLocalEnvironment(c.p);
  env.getConfig().setExecutionMode(c.mode);
  let checksum = 0;
  if (c.workload === "wordcount-cpu") {
    const counts = await env.readTextFile(textFile())
      .flatMap((line: string, out: Collector<[string, number]>) => { for (const w of tokenize(line)) out.collect([w, 1]); })
      .groupBy(0).sum(1).collect();
    for (const [, n] of counts) checksum += n;
  } else {
    const users = env.generateSequence(1, USERS).map((i) => [i, `user-${i}`] as [number, string]);
    const orders = env.generateSequence(1, ORDERS).map((i) => [(i * 7919) % USERS + 1, i % 1000] as [number, number]);
    const joined = await orders.join(users, JoinHint.REPARTITION_HASH_SECOND).where(0).equalTo(0)
      .with((o, u) => [u[0], o[1]] as [number, number])
      .groupBy(0).sum(1).collect();
    for (const [, s] of joined) checksum += s;
  }
  return { checksum };
}

/** Cold: the first job of the process (threads: includes starting the workers). Warm: the same job again. */
async function runConfig(c: Config): Promise<void> {
  const t0 = performance.now();
  const first = await runOnce(c);
  const t1 = performance.now();
  const again = await runOnce(c);
  const t2 = performance.now();
  if (again.checksum !== first.checksum) throw new Error("runs differ");
  console.log(JSON.stringify({ ...c, cold: Math.round(t1 - t0), warm: Math.round(t2 - t1), ...first }));
}

const CONFIGS: Config[] = [
  { workload: "wordcount-cpu", p: 1, mode: "in-process" },
  { workload: "wordcount-cpu", p: 2, mode: "in-process" },
  { workload: "wordcount-cpu", p: 2, mode: "threads" },
  { workload: "join-shuffle", p: 1, mode: "in-process" },
  { workload: "join-shuffle", p: 2, mode: "in-process" },
  { workload: "join-shuffle", p: 2, mode: "threads" },
];

if (opts.config !== undefined) {
  await runConfig(CONFIGS[Number(opts.config)]!);
} else {
  textFile();
  const results = new Map<number, { cold: number[]; warm: number[]; checksum: number }>();
  for (let run = 0; run < Number(opts.runs); run++) {
    for (let i = 0; i < CONFIGS.length; i++) {
      const args = [
        ...process.execArgv,
        process.argv[1]!,
        "--config",
        String(i),
        "--lines",
        String(LINES),
        "--orders",
        String(ORDERS),
        "--users",
        String(USERS),
      ];
      const out = JSON.parse(execFileSync(process.execPath, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })) as {
        cold: number;
        warm: number;
        checksum: number;
      };
      const r = results.get(i) ?? { cold: [], warm: [], checksum: out.checksum };
      if (r.checksum !== out.checksum) throw new Error(`config ${i}: checksum ${out.checksum} vs ${r.checksum}`);
      r.cold.push(out.cold);
      r.warm.push(out.warm);
      results.set(i, r);
    }
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`| workload | p | mode | cold ms (first job, median of ${opts.runs}) | warm ms (same job again) | cold speed-up vs p=1 | warm speed-up vs p=1 |`);
  console.log("|---|---|---|---|---|---|---|");
  const base = new Map<string, { cold: number; warm: number }>();
  CONFIGS.forEach((c, i) => {
    const r = results.get(i)!;
    const cold = median(r.cold);
    const warm = median(r.warm);
    if (c.p === 1) base.set(c.workload, { cold, warm });
    const b = base.get(c.workload)!;
    console.log(`| ${c.workload} | ${c.p} | ${c.mode} | ${cold} | ${warm} | ${(b.cold / cold).toFixed(2)}x | ${(b.warm / warm).toFixed(2)}x |`);
  });
  const checks = CONFIGS.map((c, i) => `${c.workload} checksum ${results.get(i)!.checksum}`);
  console.log(`\n${[...new Set(checks)].join("; ")} (equal in every configuration)`);
}
