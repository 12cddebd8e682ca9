/**
 * Range partitioning and a broadcast set big enough (over 64 KB per part) that the coordinator
 * scatters the batches it holds instead of putting them in the Dask tasks.
 */
import { defineJob, Order, RichMapPartitionFunction, type Collector } from "../../src/index.js";

type Row = [number, string];

class Ranges extends RichMapPartitionFunction<Row, [number, number, number, number, number]> {
  mapPartition(rows: Iterable<Row>, out: Collector<[number, number, number, number, number]>): void {
    const all = [...rows];
    const side = this.getRuntimeContext().getBroadcastVariable<number>("side").length;
    out.collect([this.getRuntimeContext().getIndexOfThisSubtask(), all.length, all[0]?.[0] ?? -1, all.at(-1)?.[0] ?? -1, side]);
  }
}

export default defineJob(async (env, args: { n?: number }) => {
  const n = args.n ?? 30_000;
  const side = env.generateSequence(1, n).map((x) => x * 2).partitionByRange((x: number) => x).sortPartition((x: number) => x, Order.ASCENDING);
  const ranges = await env.generateSequence(1, n).map((x): Row => [(x * 7919) % 1000, `value ${x}`])
    .partitionByRange(0).sortPartition(0, Order.ASCENDING)
    .mapPartition(new Ranges()).withBroadcastSet(side, "side").collect();
  return ranges.sort((a, b) => a[0] - b[0]);
});
