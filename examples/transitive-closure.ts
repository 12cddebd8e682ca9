/**
 * Transitive closure with a bulk iteration (Flink's TransitiveClosureNaive example): the partial
 * solution is the set of known paths; each superstep extends every path by one edge, adds the
 * paths known so far and removes duplicates. A termination criterion (a coGroup that keeps only
 * paths not known before) ends the iteration in the first superstep that finds nothing new.
 * Runs on a bundled small directed graph.
 */
import { ExecutionEnvironment, Order, type Collector, type DataSet, defineJob } from "../src/index.js";

export const title = "Transitive closure (bulk iteration with a termination criterion)";
export const order = 53;

type Path = [from: number, to: number];

/** Every pair [a, b] such that b is reachable from a over one or more edges. */
export function transitiveClosure(edges: DataSet<Path>, maxIterations: number): DataSet<Path> {
  const paths = edges.iterate(maxIterations).name("Transitive Closure");
  const nextPaths = paths
    .join(edges).where(1).equalTo(0)
    .with(([from]: Path, [, to]: Path): Path => [from, to]).name("extend by an edge")
    .union(paths)
    .distinct(0, 1).name("known paths");
  const newPaths = paths.coGroup(nextPaths).where(0).equalTo(0)
    .with((previous: Iterable<Path>, next: Iterable<Path>, out: Collector<Path>) => {
      const known = new Set<number>();
      for (const [, to] of previous) known.add(to);
      for (const p of next) if (!known.has(p[1])) out.collect(p);
    }).name("new paths");
  return paths.closeWith(nextPaths, newPaths);
}

/** The bundled graph: a chain 1 -> 2 -> ... -> 6, a cycle 7 -> 8 -> 9 -> 7, and 6 -> 7. */
export const EDGES: Path[] = [[1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 8], [8, 9], [9, 7]];

/** The job: `npx sluice run examples/transitive-closure.ts`, `npx tsx examples/transitive-closure.ts` or runJob. */
export default defineJob(async (): Promise<void> => {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  const closure = transitiveClosure(env.fromCollection(EDGES), 20);
  console.log("-- reachable vertices: (from,[to...])");
  await closure
    .groupBy(0)
    .reduceGroup<[number, number[]]>((paths, out) => {
      const all = [...paths];
      out.collect([all[0]![0], all.map((p) => p[1]).sort((a, b) => a - b)]);
    })
    .map(([from, tos]) => `(${from},[${tos.join(",")}])`)
    .sortPartition((s: string) => Number(s.slice(1, s.indexOf(","))), Order.ASCENDING).setParallelism(1)
    .print();
  const stats = env.getLastJobExecutionResult()!.getIterationStats()[0]!;
  console.log(`-- ${stats.supersteps} supersteps (${stats.terminatedBy}); paths per superstep ${stats.inputPerSuperstep.join(", ")}`);
});

