/** The five out-of-core jobs in Sluice (bench/out-of-core.ts), each ending in a small checksum. */
import { join } from "node:path";
import { ExecutionEnvironment, Order, type DataSet } from "../../src/index.js";
import type { Job } from "../out-of-core.js";

type Pair = [number, number];

/** count:sum of what the job's partitions report as [count, sum] (and whether each was sorted). */
async function total(parts: DataSet<[number, number, boolean]>): Promise<string> {
  let n = 0;
  let s = 0;
  for (const [c, x, ok] of await parts.collect()) {
    if (!ok) return "UNSORTED";
    n += c;
    s += x;
  }
  return `${n}:${s}`;
}

function summed<T>(ds: DataSet<T>, value: (r: T) => number, sortedOn?: (r: T) => number): DataSet<[number, number, boolean]> {
  return ds.mapPartition((values: Iterable<T>, out) => {
    let n = 0;
    let s = 0;
    let ok = true;
    let prev = -Infinity;
    for (const v of values) {
      n++;
      s += value(v);
      if (sortedOn) {
        const k = sortedOn(v);
        if (k < prev) ok = false;
        prev = k;
      }
    }
    out.collect([n, s, ok]);
  });
}

export async function runSluice(job: Job, dir: string, p: number): Promise<string> {
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  env.getConfig().disableProgress();
  const csv = (name: string): DataSet<Pair> => env.readCsvFile(join(dir, name)).types("number", "number");
  switch (job) {
    case "sort": {
      const rows = env.readCsvFile(join(dir, "sort.csv")).types("number", "string");
      return total(summed(rows.sortPartition(0, Order.ASCENDING), (r) => r[0], (r) => r[0]));
    }
    case "join":
      return total(summed(csv("join-left.csv").join(csv("join-right.csv")).where(0).equalTo(0).with((a, b) => a[1] + b[1]), (x) => x));
    case "reduceGroup":
      return total(summed(csv("group.csv").groupBy(0).reduceGroup((vs: Iterable<Pair>, out: { collect(x: number): void }) => {
        let c = 0;
        let s = 0;
        for (const v of vs) {
          c++;
          s += v[1];
        }
        out.collect(c * s);
      }), (x: number) => x));
    case "distinct":
      return total(summed(csv("distinct.csv").distinct(0), (r) => r[0]));
    case "coGroup":
      return total(summed(csv("cog-left.csv").coGroup(csv("cog-right.csv")).where(0).equalTo(0).with((xs: Iterable<Pair>, ys: Iterable<Pair>, out: { collect(x: number): void }) => {
        let a = 0;
        let b = 0;
        for (const _ of xs) a++;
        for (const _ of ys) b++;
        out.collect(a * 3 + b);
      }), (x: number) => x));
  }
}
