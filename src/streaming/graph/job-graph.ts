/**
 * From transformations to the job graph (Flink's StreamGraphGenerator): one vertex per source
 * or operator, edges carrying a partitioner. Virtual transformations are resolved away: keyBy /
 * rebalance / forward set the partitioner of the edges through them, union merges inputs, a
 * side-output selection subscribes the edge to the producer's tagged output. An edge without
 * an explicit partitioner is FORWARD when both ends have the same parallelism, else REBALANCE.
 * Vertices come out in topological order.
 */
import { InvalidProgramException } from "../../common/errors.js";
import { computeDefaultMaxParallelism } from "../routing/key-groups.js";
import type { OutputTag } from "../output-tag.js";
import type { StreamOperator } from "../runtime/operator.js";
import type { SourceFunction } from "../runtime/sources/source-function.js";
import type { OperatorTransformation, PartitionerSpec, Transformation } from "./transformation.js";

export interface Vertex {
  readonly id: number;
  readonly name: string;
  readonly parallelism: number;
  readonly maxParallelism: number;
  readonly role: "source" | "operator" | "sink";
  readonly createSource?: () => SourceFunction<unknown>;
  readonly createOperator?: () => StreamOperator;
  readonly inputs: Edge[];
}

export interface Edge {
  readonly from: Vertex;
  readonly to: Vertex;
  readonly partitioner: PartitionerSpec;
  readonly tag: OutputTag<unknown> | undefined;
}

interface Endpoint {
  readonly vertex: Vertex;
  readonly partitioner: PartitionerSpec | undefined;
  readonly tag: OutputTag<unknown> | undefined;
}

export interface GraphSettings {
  readonly parallelism: number;
  readonly maxParallelism: number | undefined;
}

export function buildJobGraph(roots: readonly OperatorTransformation[], settings: GraphSettings): Vertex[] {
  const vertices = new Map<number, Vertex>();
  const order: Vertex[] = [];

  const vertexOf = (t: Transformation): Vertex => {
    const known = vertices.get(t.id);
    if (known) return known;
    let v: Vertex;
    if (t.kind === "source") {
      v = { id: t.id, name: t.name, parallelism: 1, maxParallelism: maxParallelism(1), role: "source", createSource: t.create, inputs: [] };
    } else if (t.kind === "operator") {
      const ups = endpoints(t.input);
      const p = t.parallelism === "input" ? ups[0]!.vertex.parallelism : t.parallelism ?? settings.parallelism;
      v = { id: t.id, name: t.name, parallelism: p, maxParallelism: maxParallelism(p), role: t.role, createOperator: t.create, inputs: [] };
      for (const up of ups) v.inputs.push(edge(up, v));
    } else {
      throw new InvalidProgramException(`internal: ${t.kind} is not a physical transformation`);
    }
    vertices.set(t.id, v);
    order.push(v);
    return v;
  };

  const endpoints = (t: Transformation): Endpoint[] => {
    switch (t.kind) {
      case "source":
      case "operator":
        return [{ vertex: vertexOf(t), partitioner: undefined, tag: undefined }];
      case "partition":
        return endpoints(t.input).map((e) => ({ ...e, partitioner: t.partitioner }));
      case "union":
        return t.inputs.flatMap(endpoints);
      case "sideOutput":
        return endpoints(t.input).map((e) => ({ ...e, tag: t.tag }));
    }
  };

  const maxParallelism = (p: number): number => settings.maxParallelism ?? computeDefaultMaxParallelism(p);

  for (const r of roots) vertexOf(r);
  return order;
}

function edge(up: Endpoint, to: Vertex): Edge {
  const from = up.vertex;
  const partitioner: PartitionerSpec = up.partitioner ?? (from.parallelism === to.parallelism ? { kind: "forward" } : { kind: "rebalance" });
  if (partitioner.kind === "forward" && from.parallelism !== to.parallelism) {
    throw new InvalidProgramException(
      `Forward partitioning does not allow change of parallelism. Upstream operation: ${from.name} parallelism: ${from.parallelism}, ` +
        `downstream operation: ${to.name} parallelism: ${to.parallelism}. You must use another partitioning strategy, such as rebalance or keyBy.`,
    );
  }
  return { from, to, partitioner, tag: up.tag };
}

/** The ship strategy's name in plans and metrics. */
export function shipStrategyName(p: PartitionerSpec): string {
  return p.kind === "hash" ? "HASH" : p.kind.toUpperCase();
}
