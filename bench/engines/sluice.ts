/**
 * Sluice adapters: the programs a DataSet user writes, at a given parallelism. A feature not
 * on main yet throws InvalidProgramException "... not available yet", reported as n/a.
 */
import type { Collector, ExecutionEnvironment, ExecutionMode } from "../../src/index.js";
import { loadSluice } from "../lib/library.js";
import type { Row } from "../lib/checksum.js";
import type { JoinInput, KeyA, KeyB, KeyV } from "../lib/data.js";
import { NotAvailable, tuplesToRows, type EngineImpls, type Job } from "./types.js";

/** True when `e` (or a cause) says the feature is not built yet. */
function notYet(e: unknown): boolean {
  for (let x = e, depth = 0; x instanceof Error && depth < 5; x = x.cause, depth++) {
    if (/not available yet/.test(x.message)) return true;
  }
  return false;
}

/** A Job whose timed part defines and runs the program; "not available yet" becomes n/a. */
function sluiceJob(compute: () => Promise<Row[]>, toRows: (r: Row[]) => Row[] = (r) => r): Job {
  let out: Row[] = [];
  return {
    async run() {
      try {
        out = await compute();
      } catch (e) {
        if (notYet(e)) throw new NotAvailable("not yet", { cause: e });
        throw e;
      }
    },
    rows: () => toRows(out),
  };
}

function innerJoin(env: ExecutionEnvironment, { left, right }: JoinInput): Promise<Row[]> {
  return env.fromCollection(left).join(env.fromCollection(right))
    .where("k").equalTo("k")
    .with((l, r): Row => ({ id: l.id, k: l.k, a: l.a, b: r.b }))
    .collect();
}

function coGroupSums(ls: Iterable<KeyA>, rs: Iterable<KeyB>, out: Collector<Row>): void {
  let k = 0;
  let nl = 0, sa = 0, nr = 0, sb = 0;
  for (const l of ls) {
    k = l.k;
    nl++;
    sa += l.a;
  }
  for (const r of rs) {
    k = r.k;
    nr++;
    sb += r.b;
  }
  out.collect({ k, nl, nr, sa, sb });
}

/**
 * The engine at `parallelism` (ExecutionEnvironment.createLocalEnvironment(p)), in `mode`, on the
 * library bench/lib/library.ts picks (the compiled one when it is fresh).
 */
export async function sluice(parallelism: number, mode: ExecutionMode = "auto"): Promise<EngineImpls> {
  const { ExecutionEnvironment, Order, WriteMode } = await loadSluice();
  const env = (): ExecutionEnvironment => {
    const e = ExecutionEnvironment.createLocalEnvironment(parallelism);
    e.getConfig().setExecutionMode(mode);
    return e;
  };
  return {
    "join-uniform": (input) => sluiceJob(() => innerJoin(env(), input)),
    "join-zipf": (input) => sluiceJob(() => innerJoin(env(), input)),
    "left-outer-join": ({ left, right }) =>
      sluiceJob(() => {
        const e = env();
        return e.fromCollection(left).leftOuterJoin(e.fromCollection(right))
          .where("k").equalTo("k")
          .with((l, r): Row => ({ k: l.k, a: l.a, b: r === null ? null : r.b }))
          .collect();
      }),
    cogroup: ({ left, right }) =>
      sluiceJob(() => {
        const e = env();
        return e.fromCollection(left).coGroup(e.fromCollection(right)).where("k").equalTo("k").with(coGroupSums).collect();
      }),
    "group-sum": ({ rows }) =>
      sluiceJob(
        () => env().fromCollection(rows).groupBy("k").sum("v").collect(),
        (r) => (r as KeyV[]).map((x) => ({ k: x.k, s: x.v })),
      ),
    distinct: ({ rows }) => sluiceJob(() => env().fromCollection(rows).distinct("a", "b").collect()),
    sort: ({ rows }) =>
      sluiceJob(() => env().fromCollection(rows).partitionByRange("k").sortPartition("k", Order.ASCENDING).collect()),
    wordcount: ({ textPath }) =>
      sluiceJob(
        () =>
          env()
            .readTextFile(textPath)
            .flatMap((line: string, out: Collector<[string, number]>) => {
              for (const word of line.toLowerCase().split(/\W+/)) if (word !== "") out.collect([word, 1]);
            })
            .groupBy(0)
            .sum(1)
            .collect(),
        (r) => (r as unknown as [string, number][]).map(([word, n]) => ({ word, n })),
      ),
    "csv-job": ({ ordersPath, usersPath, outPath }) =>
      sluiceJob(async () => {
        const e = env();
        const orders = e.readCsvFile(ordersPath).ignoreFirstLine().types("number", "number", "number");
        const users = e.readCsvFile(usersPath).ignoreFirstLine().types("number", "string", "string");
        orders.join(users)
          .where(1).equalTo(0)
          .with((o, u): [number, string, number, number] => [o[1], u[2], o[2], 1])
          .groupBy(0, 1)
          .sum(2)
          .andSum(3)
          .writeAsCsv(outPath, "\n", ",", WriteMode.OVERWRITE);
        await e.execute("csv-job");
        return [];
      }),
    "tuple-join": ({ left, right }) =>
      sluiceJob(
        () => {
          const e = env();
          return e.fromCollection(left).join(e.fromCollection(right)).where(1).equalTo(0)
            .with((l, r): [number, number, number, number] => [l[0], l[1], l[2], r[1]])
            .collect();
        },
        (r) => tuplesToRows(r as unknown as unknown[][], ["id", "k", "a", "b"]),
      ),
    "tuple-group-sum": ({ rows }) =>
      sluiceJob(
        () => env().fromCollection(rows).groupBy(0).sum(1).andSum(2).collect(),
        (r) => tuplesToRows(r as unknown as unknown[][], ["k", "s", "t"]),
      ),
    "tuple-distinct": ({ rows }) =>
      sluiceJob(
        () => env().fromCollection(rows).distinct().collect(),
        (r) => tuplesToRows(r as unknown as unknown[][], ["a", "b"]),
      ),
  };
}
