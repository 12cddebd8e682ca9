// The harness's workloads as one job module (the sluice-auto engine: bench/engines/sluice-auto.ts),
// the programs of bench/engines/sluice.ts. Plain JavaScript on the library the harness picked
// (SLUICE_BENCH_LIBRARY: dist/, or src/ through tsx), so workers start without a TypeScript loader.
//
// The in-memory inputs were generated before the clock, in the coordinator: `prepare` hands them to
// this module there. A worker's copy of the entry gets the first 1,000 rows of each in the arguments
// (all a worker's fromCollection keeps: they decide the shape); the coordinator ships the elements
// with the subtask that reads them.
const lib = process.env.SLUICE_BENCH_LIBRARY === "src" ? await import("../../src/index.ts") : await import("../../dist/index.js");
const { defineJob, Order, WriteMode } = lib;

let prepared;

/** The coordinator's inputs (prepared before the clock); a worker has none. */
export function prepare(inputs) {
  prepared = inputs;
}

/** The first rows of each array input: what a worker's entry builds its collections from. */
export function samples(inputs) {
  return Object.fromEntries(Object.entries(inputs).flatMap(([k, v]) => (Array.isArray(v) ? [[k, v.slice(0, 1000)]] : [])));
}

function coGroupSums(ls, rs, out) {
  let k = 0;
  let nl = 0, sa = 0, nr = 0, sb = 0;
  for (const l of ls) { k = l.k; nl++; sa += l.a; }
  for (const r of rs) { k = r.k; nr++; sb += r.b; }
  out.collect({ k, nl, nr, sa, sb });
}

const innerJoin = (env, d) => env.fromCollection(d("left")).join(env.fromCollection(d("right")))
  .where("k").equalTo("k").with((l, r) => ({ id: l.id, k: l.k, a: l.a, b: r.b })).collect();

const PROGRAMS = {
  "join-uniform": innerJoin,
  "join-zipf": innerJoin,
  "left-outer-join": (env, d) => env.fromCollection(d("left")).leftOuterJoin(env.fromCollection(d("right")))
    .where("k").equalTo("k").with((l, r) => ({ k: l.k, a: l.a, b: r === null ? null : r.b })).collect(),
  cogroup: (env, d) => env.fromCollection(d("left")).coGroup(env.fromCollection(d("right"))).where("k").equalTo("k").with(coGroupSums).collect(),
  "group-sum": (env, d) => env.fromCollection(d("rows")).groupBy("k").sum("v").collect(),
  distinct: (env, d) => env.fromCollection(d("rows")).distinct("a", "b").collect(),
  sort: (env, d) => env.fromCollection(d("rows")).partitionByRange("k").sortPartition("k", Order.ASCENDING).collect(),
  wordcount: (env, _d, a) => env.readTextFile(a.textPath)
    .flatMap((line, out) => { for (const word of line.toLowerCase().split(/\W+/)) if (word !== "") out.collect([word, 1]); })
    .groupBy(0).sum(1).collect(),
  "csv-job": async (env, _d, a) => {
    const orders = env.readCsvFile(a.ordersPath).ignoreFirstLine().types("number", "number", "number");
    const users = env.readCsvFile(a.usersPath).ignoreFirstLine().types("number", "string", "string");
    orders.join(users).where(1).equalTo(0)
      .with((o, u) => [o[1], u[2], o[2], 1])
      .groupBy(0, 1).sum(2).andSum(3)
      .writeAsCsv(a.outPath, "\n", ",", WriteMode.OVERWRITE);
    await env.execute("csv-job");
    return [];
  },
  "tuple-join": (env, d) => env.fromCollection(d("left")).join(env.fromCollection(d("right"))).where(1).equalTo(0)
    .with((l, r) => [l[0], l[1], l[2], r[1]]).collect(),
  "tuple-group-sum": (env, d) => env.fromCollection(d("rows")).groupBy(0).sum(1).andSum(2).collect(),
  "tuple-distinct": (env, d) => env.fromCollection(d("rows")).distinct().collect(),
};

export default defineJob(async (env, args) => {
  const program = PROGRAMS[args.workload];
  if (!program) throw new Error(`harness.job.mjs: unknown workload ${args.workload}`);
  const data = (name) => (prepared ?? args.samples)[name];
  return program(env, data, args.paths ?? {});
});
