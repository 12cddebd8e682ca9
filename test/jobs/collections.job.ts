/**
 * Collection sources in a job module: a generator (which writes how far it was iterated, and where,
 * to `args.log` when it closes), an array given to fromCollection and fromElements, a broadcast set
 * from a collection and a join of two collections. Workers keep samples: the coordinator ships the elements.
 */
import { appendFileSync } from "node:fs";
import { threadId } from "node:worker_threads";
import { defineJob, JoinHint, RichMapFunction } from "../../src/index.js";

export default defineJob(async (env, args: { log: string; n: number }) => {
  const where = process.env.SLUICE_WORKER ? "worker" : "coordinator";
  function* numbers(): Generator<[number, number]> {
    let k = 0;
    try {
      for (let i = 0; i < args.n; i++) {
        k++;
        yield [i % 7, i];
      }
    } finally {
      appendFileSync(args.log, `${where} ${process.pid}:${threadId} ${k}\n`);
    }
  }
  const sums = await env.fromCollection(numbers()).groupBy(0).sum(1).collect();
  const names = Array.from({ length: args.n }, (_, i): [number, string] => [i, `n${i}`]);
  const small = env.fromElements<[number, number]>([1, 10], [2, 20], [3, 30], [4999, 40]);
  const joined = await env.fromCollection(names).join(small, JoinHint.REPARTITION_HASH_FIRST).where(0).equalTo(0)
    .map(([a, b]): [string, number] => [a[1], b[1]]).collect();
  const factor = env.fromElements(3);
  const scaled = await env.fromCollection(names).filter(([i]) => i % 1000 === 0)
    .map(new (class extends RichMapFunction<[number, string], number> {
      private f = 0;
      override open(): void {
        this.f = this.getRuntimeContext().getBroadcastVariable<number>("factor")[0]!;
      }
      map([i]: [number, string]): number {
        return i * this.f;
      }
    })()).withBroadcastSet(factor, "factor").collect();
  return { sums: sums.sort((a, b) => a[0] - b[0]), joined: joined.sort(), scaled: scaled.sort((a, b) => a - b) };
});
