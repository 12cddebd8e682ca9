/**
 * K-Means clustering with a bulk iteration (Flink's KMeans example): the centroids are the
 * partial solution and reach every subtask as a broadcast set that is re-read each superstep;
 * each point picks its nearest centroid, and each centroid moves to the mean of its points. An
 * aggregator sums how far the centroids moved, and a convergence criterion on it ends the
 * iteration once they stand still. Runs on bundled points around four centers.
 */
import {
  DoubleSumAggregator, ExecutionEnvironment, Order, RichMapFunction, type DataSet, defineJob } from "../src/index.js";
import { clusteredPoints } from "./_iteration-data.js";

export const title = "K-Means (bulk iteration with a broadcast set)";
export const order = 52;

export type Point = [id: number, x: number, y: number];
export type Centroid = [id: number, x: number, y: number];
type Assigned = [centroid: number, x: number, y: number, count: number];

/** Assigns each point to its nearest centroid (ties: the smaller centroid id). */
class SelectNearestCenter extends RichMapFunction<Point, Assigned> {
  private centroids: Centroid[] = [];
  override open(): void {
    // Called once per superstep: the broadcast set holds this superstep's centroids.
    this.centroids = [...this.getRuntimeContext().getBroadcastVariable<Centroid>("centroids")].sort((a, b) => a[0] - b[0]);
  }
  map([, x, y]: Point): Assigned {
    let best = -1;
    let bestDistance = Infinity;
    for (const [id, cx, cy] of this.centroids) {
      const d = (x - cx) ** 2 + (y - cy) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = id;
      }
    }
    return [best, x, y, 1];
  }
}

/** Moves each centroid to the mean of its points and adds how far it moved to "movement". */
class MoveCentroid extends RichMapFunction<Assigned, Centroid> {
  private previous = new Map<number, Centroid>();
  override open(): void {
    this.previous = new Map(this.getRuntimeContext().getBroadcastVariable<Centroid>("centroids").map((c) => [c[0], c]));
  }
  map([id, sx, sy, n]: Assigned): Centroid {
    const moved: Centroid = [id, sx / n, sy / n];
    const old = this.previous.get(id)!;
    this.getRuntimeContext().getIterationAggregator<DoubleSumAggregator>("movement").aggregate(Math.hypot(moved[1] - old[1], moved[2] - old[2]));
    return moved;
  }
}

/** The final centroids; a centroid that gets no point is dropped (as in Flink's example). */
export function kMeans(points: DataSet<Point>, centroids: DataSet<Centroid>, maxIterations: number): DataSet<Centroid> {
  const loop = centroids.iterate(maxIterations).name("K-Means")
    .registerAggregationConvergenceCriterion("movement", new DoubleSumAggregator(), (_superstep: number, movement: number) => movement < 1e-12);
  const newCentroids = points
    .map(new SelectNearestCenter()).withBroadcastSet(loop, "centroids").name("nearest centroid")
    .groupBy(0).reduce((a, b): Assigned => [a[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]]).name("sum per centroid")
    .map(new MoveCentroid()).withBroadcastSet(loop, "centroids").name("mean per centroid");
  return loop.closeWith(newCentroids);
}

/** The bundled points: 25 around each of four centers; four points, three of one cluster, start as centroids. */
export const CENTERS: [number, number][] = [[-5, -5], [5, -5], [-5, 5], [5, 5]];
export const POINTS = clusteredPoints(CENTERS, 25, 6, 3);
export const INITIAL_CENTROIDS: Centroid[] = [0, 4, 8, 13].map((i) => POINTS[i]!).map(([, x, y], i) => [i, x, y]);

/** The job: `npx sluice run examples/k-means.ts`, `npx tsx examples/k-means.ts` or runJob. */
export default defineJob(async (): Promise<void> => {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  const centroids = kMeans(env.fromCollection(POINTS), env.fromCollection(INITIAL_CENTROIDS), 50);
  console.log("-- final centroids: (id,x,y)");
  await centroids
    .map(([id, x, y]) => `(${id},${x.toFixed(3)},${y.toFixed(3)})`)
    .sortPartition((s: string) => s, Order.ASCENDING).setParallelism(1)
    .print();
  const stats = env.getLastJobExecutionResult()!.getIterationStats()[0]!;
  console.log(`-- ${stats.supersteps} supersteps (${stats.terminatedBy})`);
});

