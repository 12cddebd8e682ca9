/**
 * The plan a tool shows: each job's optimized physical plan as plain data (operators with
 * parallelism, driver strategy and estimated size; edges with ship and local strategy, chained or
 * not, and the records measured on them after a run; the chains that run as one task). The text,
 * SVG and HTML renderings and `--format json` all start from this.
 */
import type { ChannelMetric } from "../common/job-metrics.js";
import type { PhysicalNode, PhysicalPlan } from "../plan/physical.js";
import { planToJson, type PlanJsonNode } from "../plan/plan-json.js";

export interface GraphNode {
  readonly id: string;
  readonly kind: "source" | "sink" | "operator" | "iteration" | "placeholder";
  /** Flink's pact word: "Data Source", "Join", "GroupReduce"... */
  readonly pact: string;
  /** The operator's name (Flink's "contents"). */
  readonly name: string;
  /** The driver strategy: "Hybrid Hash (build: first)", "Sorted Group Reduce"... */
  readonly strategy: string;
  readonly parallelism: number;
  readonly estimatedRecords?: number;
  /** The iteration node this one belongs to (a step function's operator). */
  readonly parent?: string;
}

export interface GraphEdge {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  /** "Forward", "Hash Partition on [0]", "Broadcast"... */
  readonly ship: string;
  readonly local?: string;
  readonly side?: "first" | "second";
  /** The broadcast set's name, for broadcast inputs. */
  readonly broadcast?: string;
  /** Records handed over inside a task (no exchange). */
  readonly chained: boolean;
  /** Records measured on this channel by a run (`explain --run`). */
  records?: number;
}

export interface JobGraph {
  readonly jobName: string;
  readonly defaultParallelism: number;
  readonly nodes: GraphNode[];
  readonly edges: GraphEdge[];
  /** Operators that run as one task, in order (only chains of two or more). */
  readonly chains: string[][];
  /** Set when the job ran: its net runtime. */
  runtimeMs?: number;
  /** Where the job runs (or ran) and why ("in-process, auto: ..."), when the capture knew. */
  execution?: string;
}

/**
 * The plan of one job as a graph, annotated with the channel metrics of its run if given.
 *
 * @example
 * const graph = planGraph("WordCount", plan, result?.getChannelMetrics());
 * console.log(graph.nodes.length, graph.edges.length);
 */
export function planGraph(jobName: string, plan: PhysicalPlan, metrics?: readonly ChannelMetric[]): JobGraph {
  const physical = new Map<number, PhysicalNode>();
  const collect = (nodes: readonly PhysicalNode[]): void => {
    for (const n of nodes) {
      physical.set(n.id, n);
      if (n.iteration) collect(n.iteration.nodes);
    }
  };
  collect(plan.nodes);
  const graph: JobGraph = { jobName, defaultParallelism: plan.defaultParallelism, nodes: [], edges: [], chains: [] };
  addNodes(graph, planToJson(plan).nodes, physical, undefined);
  graph.chains.push(...chainsOf(graph));
  if (metrics) annotate(graph, metrics);
  return graph;
}

function addNodes(graph: JobGraph, nodes: readonly PlanJsonNode[], physical: ReadonlyMap<number, PhysicalNode>, parent: string | undefined): void {
  for (const n of nodes) {
    const p = physical.get(n.id);
    const id = `n${n.id}`;
    graph.nodes.push({
      id,
      kind: kindOf(n, p),
      pact: n.pact,
      name: n.contents,
      strategy: n.driver_strategy,
      parallelism: Number(n.parallelism),
      ...(p?.estimatedRecords !== undefined ? { estimatedRecords: p.estimatedRecords } : {}),
      ...(parent ? { parent } : {}),
    });
    (n.predecessors ?? []).forEach((pred, i) => {
      const chained = p?.chained === true && !pred.name && (p.inputs.length === 1 || (p.chainedInput ?? 0) === (pred.side === "second" ? 1 : 0));
      graph.edges.push({
        id: `e${n.id}_${i}`,
        from: `n${pred.id}`,
        to: id,
        ship: pred.ship_strategy,
        ...(pred.local_strategy ? { local: pred.local_strategy } : {}),
        ...(pred.side ? { side: pred.side } : {}),
        ...(pred.name ? { broadcast: pred.name } : {}),
        chained,
      });
    });
    if (n.step_function) addNodes(graph, n.step_function, physical, id);
  }
}

function kindOf(n: PlanJsonNode, p: PhysicalNode | undefined): GraphNode["kind"] {
  if (n.type === "source") return "source";
  if (n.type === "sink") return "sink";
  if (n.type === "bulk_iteration" || n.type === "workset_iteration") return "iteration";
  if (p && ["PARTIAL_SOLUTION", "WORKSET", "SOLUTION_SET", "STATIC_INPUT"].includes(p.driver)) return "placeholder";
  return "operator";
}

function chainsOf(graph: JobGraph): string[][] {
  const next = new Map<string, string>();
  const hasPrev = new Set<string>();
  for (const e of graph.edges) {
    if (!e.chained) continue;
    next.set(e.from, e.to);
    hasPrev.add(e.to);
  }
  const chains: string[][] = [];
  for (const n of graph.nodes) {
    if (hasPrev.has(n.id) || !next.has(n.id)) continue;
    const chain = [n.id];
    for (let at = next.get(n.id); at !== undefined; at = next.get(at)) chain.push(at);
    chains.push(chain);
  }
  return chains;
}

function annotate(graph: JobGraph, metrics: readonly ChannelMetric[]): void {
  const names = new Map(graph.nodes.map((n) => [n.id, n.name]));
  const byKey = new Map<string, number>();
  for (const m of metrics) {
    const key = `${m.sourceId !== undefined ? `n${m.sourceId}` : m.source}\u0000${m.target}\u0000${m.ship}`;
    byKey.set(key, (byKey.get(key) ?? 0) + m.records);
  }
  for (const e of graph.edges) {
    const records = byKey.get(`${e.from}\u0000${names.get(e.to)}\u0000${e.ship}`) ?? byKey.get(`${names.get(e.from)}\u0000${names.get(e.to)}\u0000${e.ship}`);
    if (records !== undefined) e.records = records;
  }
}
