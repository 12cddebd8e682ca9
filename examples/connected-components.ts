/**
 * Connected Components with a delta iteration (Flink's ConnectedComponents example): every vertex
 * starts in its own component (its id); each superstep, vertices whose component id changed send
 * it to their neighbours, each vertex keeps the smallest id it hears of, and only the vertices
 * that improved are the next workset. The solution set holds each vertex's current component;
 * the iteration ends when no vertex changed. Runs on a bundled random graph.
 */
import { Aggregations, ExecutionEnvironment, Order, type Collector, type DataSet, defineJob } from "../src/index.js";
import { randomEdges } from "./_iteration-data.js";

export const title = "Connected Components (delta iteration)";
export const order = 51;

type VertexComponent = [vertex: number, component: number];
type Edge = [from: number, to: number];

/** The component (smallest vertex id reachable) of every vertex of an undirected graph. */
export function connectedComponents(vertices: DataSet<number>, edges: DataSet<Edge>, maxIterations: number): DataSet<VertexComponent> {
  const initial = vertices.map((v): VertexComponent => [v, v]).name("initial components");
  const undirected = edges.flatMap<Edge>(([a, b], out) => {
    out.collect([a, b]);
    out.collect([b, a]);
  }).name("both directions");
  const iteration = initial.iterateDelta(initial, maxIterations, 0).name("Connected Components");
  const changes = iteration.getWorkset()
    .join(undirected).where(0).equalTo(0)
    .with(([, component]: VertexComponent, [, neighbour]: Edge): VertexComponent => [neighbour, component]).name("send to neighbours")
    .groupBy(0).aggregate(Aggregations.MIN, 1).name("smallest candidate")
    .join(iteration.getSolutionSet()).where(0).equalTo(0)
    .with((candidate: VertexComponent, current: VertexComponent, out: Collector<VertexComponent>) => {
      if (candidate[1] < current[1]) out.collect(candidate);
    }).name("keep improvements");
  return iteration.closeWith(changes, changes);
}

/** The bundled graph: 40 vertices, 24 random edges (several components and lone vertices). */
export const VERTICES = 40;
export const EDGES = randomEdges(VERTICES, 24, 7);

/** The job: `npx sluice run examples/connected-components.ts`, `npx tsx examples/connected-components.ts` or runJob. */
export default defineJob(async (): Promise<void> => {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  const vertices = env.generateSequence(0, VERTICES - 1);
  const components = connectedComponents(vertices, env.fromCollection(EDGES), 100);
  console.log("-- components with more than one vertex: (component,[vertices])");
  await components
    .groupBy(1)
    .reduceGroup<[number, number[]]>((members, out) => {
      const vs = [...members].map((m) => m[0]).sort((a, b) => a - b);
      if (vs.length > 1) out.collect([vs[0]!, vs]);
    })
    .map(([c, vs]) => `(${c},[${vs.join(",")}])`)
    .sortPartition((s: string) => Number(s.slice(1, s.indexOf(","))), Order.ASCENDING).setParallelism(1)
    .print();
  const stats = env.getLastJobExecutionResult()!.getIterationStats()[0]!;
  console.log(`-- ${stats.supersteps} supersteps; workset sizes ${stats.inputPerSuperstep.join(", ")}`);
});

