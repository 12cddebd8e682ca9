// A script (no job module) at the machine's default parallelism, as a user's first program is: a
// 1M x 100k tuple join and a 5M-tuple grouped sum, each job timed. Such a script runs its jobs at
// parallelism 1 where nothing observes it (choose-execution.ts, scriptExecution); compare with the
// code before by pointing LIB at another build.
// Run: npm run build && npx tsx bench/script-default.ts   (LIB=/other/dist/index.js npx tsx bench/script-default.ts)
const lib = (await import(process.env.LIB ?? new URL("../dist/index.js", import.meta.url).href)) as typeof import("../src/index.js");
const { ExecutionEnvironment } = lib;
const env = ExecutionEnvironment.getExecutionEnvironment();
let seed = 1;
const rnd = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const left = Array.from({ length: 1_000_000 }, (_, i): [number, number, number] => [i, Math.floor(rnd() * 100_000), i & 1023]);
const right = Array.from({ length: 100_000 }, (_, k): [number, number] => [k, k * 2]);
const rows = Array.from({ length: 5_000_000 }, (_, i): [number, number] => [Math.floor(rnd() * 100_000), i & 7]);
let t = performance.now();
const joined = await env.fromCollection(left).join(env.fromCollection(right)).where(1).equalTo(0).with((l, r) => [l[0], l[1], l[2], r[1]]).collect();
const tj = performance.now() - t; t = performance.now();
const sums = await env.fromCollection(rows).groupBy(0).sum(1).collect();
const ts = performance.now() - t;
console.log(`join ${tj.toFixed(0)} ms (${joined.length}), group-sum ${ts.toFixed(0)} ms (${sums.length}), p=${env.getParallelism()}`);
