/** The five out-of-core jobs in Sluice (bench/out-of-core.ts), each ending in a small checksum. */
import { join } from "node:path";
import type { DataSet } from "../../src/index.js";
import type { Job } from "../out-of-core.js";
import { loadSluice } from "../lib/library.js";

// The compiled library when dist/ is fresh (bench/lib/library.ts), as a user's program runs it.
const { ExecutionEnvironment, Order, RichFlatMapFunction } = await loadSluice();

type Pair = [number, number];

/**
 * Streams the job's output into count:sum (and whether each partition came sorted): a flatMap that
 * keeps running totals and adds them to accumulators when it closes, so nothing after the operator
 * being measured holds records (a mapPartition would hold, and spill, the whole output again).
 */
async function total<T>(ds: DataSet<T>, value: (r: T) => number, sortedOn?: (r: T) => number): Promise<string> {
  class Totals extends RichFlatMapFunction<T, never> {
    private n = 0;
    private s = 0;
    private ok = true;
    private prev = -Infinity;
    flatMap(v: T): void {
      this.n++;
      this.s += value(v);
      if (sortedOn) {
        const k = sortedOn(v);
        if (k < this.prev) this.ok = false;
        this.prev = k;
      }
    }
    override close(): void {
      const ctx = this.getRuntimeContext();
      ctx.getLongCounter("n").add(this.n);
      ctx.getLongCounter("s").add(this.s);
      ctx.getLongCounter("unsorted").add(this.ok ? 0 : 1);
    }
  }
  const env = ds.getExecutionEnvironment();
  await ds.flatMap(new Totals()).collect();
  const r = env.getLastJobExecutionResult()!;
  if (Number(r.getAccumulatorResult("unsorted") ?? 0) > 0) return "UNSORTED";
  return `${Number(r.getAccumulatorResult("n") ?? 0)}:${Number(r.getAccumulatorResult("s") ?? 0)}`;
}

export async function runSluice(job: Job, dir: string, p: number): Promise<string> {
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  env.getConfig().disableProgress();
  const csv = (name: string): DataSet<Pair> => env.readCsvFile(join(dir, name)).types("number", "number");
  switch (job) {
    case "sort": {
      const rows = env.readCsvFile(join(dir, "sort.csv")).types("number", "string");
      return total(rows.sortPartition(0, Order.ASCENDING), (r) => r[0], (r) => r[0]);
    }
    case "join":
      return total(csv("join-left.csv").join(csv("join-right.csv")).where(0).equalTo(0).with((a, b) => a[1] + b[1]), (x) => x);
    case "reduceGroup":
      return total(csv("group.csv").groupBy(0).reduceGroup((vs: Iterable<Pair>, out: { collect(x: number): void }) => {
        let c = 0;
        let s = 0;
        for (const v of vs) {
          c++;
          s += v[1];
        }
        out.collect(c * s);
      }), (x: number) => x);
    case "distinct":
      return total(csv("distinct.csv").distinct(0), (r) => r[0]);
    case "coGroup":
      return total(csv("cog-left.csv").coGroup(csv("cog-right.csv")).where(0).equalTo(0).with((xs: Iterable<Pair>, ys: Iterable<Pair>, out: { collect(x: number): void }) => {
        let a = 0;
        let b = 0;
        for (const _ of xs) a++;
        for (const _ of ys) b++;
        out.collect(a * 3 + b);
      }), (x: number) => x);
  }
}
