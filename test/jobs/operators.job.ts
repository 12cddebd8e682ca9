/**
 * Every operator family on small inputs, one collect per family: record-at-a-time, grouped and
 * full reductions, joins (inner, outer, hinted), coGroup, cross, set operators, partitioning and
 * sorting, broadcast sets and accumulators in Rich functions. Returns each family's sorted records.
 */
import { defineJob, IntCounter, JoinHint, Order, RichMapFunction, type Collector } from "../../src/index.js";
import { sorted } from "./_sorted.js";

type KV = [number, number];

/** A helper imported by the entry: workers import it the same way. */
function bucket(x: number, buckets: number): number {
  return x % buckets;
}

class Scale extends RichMapFunction<number, KV> {
  private factors: number[] = [];
  override open(): void {
    this.factors = this.getRuntimeContext().getBroadcastVariable<number>("factors");
    this.getRuntimeContext().addAccumulator("scaled", new IntCounter());
  }
  map(x: number): KV {
    this.getRuntimeContext().getIntCounter("scaled").add(1);
    return [x, x * Math.max(...this.factors)];
  }
}

export default defineJob(async (env, args: { n?: number; buckets?: number }) => {
  const n = args.n ?? 200;
  const buckets = args.buckets ?? 7; // captured by the closures below
  const xs = env.generateSequence(1, n);
  const pairs = xs.map((x): KV => [bucket(x, buckets), x]);
  const words = env.fromCollection(["to", "be", "or", "not", "to", "be", "that", "is", "the", "question"]);
  const out: Record<string, unknown[]> = {};

  out.record = sorted(await xs.filter((x) => x % 3 === 0).flatMap((x: number, c: Collector<number>) => { c.collect(x); c.collect(-x); }).collect());
  out.grouped = sorted(await pairs.groupBy(0).sum(1).collect());
  out.reduced = sorted(await pairs.groupBy(0).reduce((a, b) => [a[0], Math.max(a[1], b[1])]).collect());
  out.groupReduce = sorted(await pairs.groupBy(0).sortGroup(1, Order.DESCENDING).reduceGroup((vs: Iterable<KV>, c: Collector<KV>) => {
    const all = [...vs];
    c.collect([all[0]![0], all.slice(0, 3).reduce((s, v) => s + v[1], 0)]);
  }).collect());
  out.full = [await xs.reduce((a, b) => a + b).collect(), await xs.count()];
  out.minMax = sorted(await pairs.groupBy(0).min(1).collect());
  out.distinct = sorted(await words.distinct().collect());
  const counts = words.map((w): [string, number] => [w, 1]).groupBy(0).sum(1);
  out.join = sorted(await pairs.join(counts.map((c): KV => [c[0].length, c[1]])).where(0).equalTo(0).with((a: KV, b: KV) => [a[1], b[1]]).collect());
  out.hinted = sorted(await pairs.joinWithTiny(env.fromElements<KV>([1, 10], [2, 20])).where(0).equalTo(0).collect());
  out.broadcastHashJoin = sorted(await pairs.join(env.fromElements<KV>([3, 30]), JoinHint.BROADCAST_HASH_SECOND).where(0).equalTo(0).collect());
  out.outer = sorted(await pairs.filter((p) => p[1] < 20).leftOuterJoin(env.fromElements<KV>([1, 100], [9, 900])).where(0).equalTo(0)
    .with((a: KV, b: KV | null) => [a[1], b ? b[1] : -1]).collect());
  out.fullOuter = sorted(await env.fromElements<KV>([1, 1], [2, 2]).fullOuterJoin(env.fromElements<KV>([2, 20], [3, 30])).where(0).equalTo(0)
    .with((a: KV | null, b: KV | null) => [a?.[1] ?? null, b?.[1] ?? null]).collect());
  out.coGroup = sorted(await pairs.coGroup(counts.map((c): KV => [c[0].length, c[1]])).where(0).equalTo(0)
    .with((as: Iterable<KV>, bs: Iterable<KV>, c: Collector<KV>) => c.collect([[...as].length, [...bs].length])).collect());
  out.cross = sorted(await env.fromElements("a", "b").cross(env.fromElements(1, 2, 3)).collect());
  out.union = sorted(await xs.filter((x) => x < 5).union(xs.filter((x) => x > n - 5)).collect());
  out.partitioned = sorted(await pairs.partitionByHash(0).mapPartition((vs: Iterable<KV>, c: Collector<number>) => {
    let s = 0;
    for (const v of vs) s += v[1];
    c.collect(s);
  }).collect()).length > 0 ? ["ok"] : [];
  out.sorted = await pairs.filter((p) => p[1] <= 20).sortPartition(1, Order.DESCENDING).setParallelism(1).collect();
  out.first = (await pairs.groupBy(0).sortGroup(1, Order.ASCENDING).first(2).collect()).length === 2 * buckets ? ["ok"] : [];
  out.rebalanced = sorted(await xs.rebalance().map((x) => x * 2).filter((x) => x > 2 * n - 6).collect());
  const factors = env.fromElements(2, 3);
  const scaled = xs.filter((x) => x <= 10).map(new Scale()).withBroadcastSet(factors, "factors");
  out.broadcast = sorted(await scaled.collect());
  scaled.output({ open() {}, writeRecord() {}, close() {} });
  out.accumulator = [(await env.execute("accumulate")).getAccumulatorResult("scaled")];
  return out;
});
