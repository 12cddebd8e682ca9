/** A small job module: squares 1..n, sums them grouped by parity, returns the sums and prints them. */
import { defineJob, Order } from "../../src/index.js";

export default defineJob(async (env, args: { n?: string | number; print?: boolean }) => {
  const n = Number(args.n ?? 100);
  const sums = env.generateSequence(1, n).map((x): [number, number] => [x % 2, x * x]).groupBy(0).sum(1);
  if (args.print) await sums.sortPartition(0, Order.ASCENDING).setParallelism(1).print();
  const rows = await sums.collect();
  return rows.sort((a, b) => a[0] - b[0]);
});
