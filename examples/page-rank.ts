/**
 * PageRank with a bulk iteration (Flink's PageRank example): each superstep, every page sends its
 * rank, split evenly, along its outgoing links; the ranks a page receives are summed and damped.
 * A termination criterion checks convergence: the iteration stops after the first superstep in
 * which no page's rank moved by more than epsilon. The adjacency lists do not depend on the
 * iteration, so they are built once and the join keeps them as its hash table. Runs on a bundled
 * random link graph in which every page has an outgoing link.
 */
import { Aggregations, ExecutionEnvironment, Order, type Collector, type DataSet, defineJob } from "../src/index.js";
import { randomLinks } from "./_iteration-data.js";

export const title = "PageRank (bulk iteration with a convergence check)";
export const order = 50;

type PageRank = [page: number, rank: number];
type Link = [from: number, to: number];
type Adjacency = [page: number, targets: number[]];

export interface PageRankOptions {
  readonly pages: number;
  readonly maxIterations: number;
  /** Converged once no rank moves by more than this in a superstep. */
  readonly epsilon: number;
  readonly damping?: number;
}

/** The rank of every page; every page needs an outgoing link (a dangling page's rank is lost). */
export function pageRank(pages: DataSet<number>, links: DataSet<Link>, options: PageRankOptions): DataSet<PageRank> {
  const { pages: n, maxIterations, epsilon } = options;
  const damping = options.damping ?? 0.85;
  const adjacency = links.groupBy(0).reduceGroup<Adjacency>((out, collector) => {
    let page = -1;
    const targets: number[] = [];
    for (const [from, to] of out) {
      page = from;
      targets.push(to);
    }
    collector.collect([page, targets]);
  }).name("adjacency lists");
  const iteration = pages.map((p): PageRank => [p, 1 / n]).name("initial ranks").iterate(maxIterations).name("PageRank");
  const newRanks = iteration
    .join(adjacency).where(0).equalTo(0)
    .with(([, rank]: PageRank, [, targets]: Adjacency, out: Collector<PageRank>) => {
      for (const t of targets) out.collect([t, rank / targets.length]);
    }).name("send rank along links")
    .groupBy(0).aggregate(Aggregations.SUM, 1).name("sum received")
    .map(([page, rank]): PageRank => [page, damping * rank + (1 - damping) / n]).name("dampen");
  const moved = newRanks.join(iteration).where(0).equalTo(0)
    .with(([page, rank]: PageRank, [, previous]: PageRank, out: Collector<PageRank>) => {
      if (Math.abs(rank - previous) > epsilon) out.collect([page, rank]);
    }).name("ranks that moved");
  return iteration.closeWith(newRanks, moved);
}

/** The bundled graph: 30 pages, a ring plus 60 random links. */
export const PAGES = 30;
export const LINKS = randomLinks(PAGES, 60, 11);

/** The job: `npx sluice run examples/page-rank.ts`, `npx tsx examples/page-rank.ts` or runJob. */
export default defineJob(async (): Promise<void> => {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  const ranks = pageRank(env.generateSequence(0, PAGES - 1), env.fromCollection(LINKS), { pages: PAGES, maxIterations: 200, epsilon: 1e-10 });
  console.log("-- the five highest ranked pages: (page,rank)");
  await ranks
    .sortPartition(1, Order.DESCENDING).setParallelism(1)
    .mapPartition<string>((sorted, out) => {
      let n = 0;
      for (const [page, rank] of sorted) {
        if (n++ === 5) break;
        out.collect(`(${page},${rank.toFixed(6)})`);
      }
    }).setParallelism(1)
    .print();
  const stats = env.getLastJobExecutionResult()!.getIterationStats()[0]!;
  console.log(`-- converged after ${stats.supersteps} supersteps (${stats.terminatedBy})`);
});

