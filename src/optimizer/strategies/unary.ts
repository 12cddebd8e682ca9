/** Strategies for sources, sinks, record-at-a-time operators, unions and explicit partitioning. */
import type { BaseStatistics, InputFormat } from "../../common/formats.js";
import type { PartitionNode, ProjectNode, RecordUdfNode, SinkNode, SortPartitionNode, SourceNode, UnionNode } from "../../plan/logical.js";
import type { DriverStrategy } from "../../plan/physical.js";
import { collectionSize } from "../../plan/descriptors.js";
import { FORWARD_ALL, forwardProps, noProps } from "../properties.js";
import { single, type Translated, type Translator } from "../translator.js";

export function translateSource(node: SourceNode, t: Translator): Translated {
  const src = node.source;
  const parallelism = src.kind === "collection" ? 1 : t.parallelismOf(node);
  const estimatedRecords =
    src.kind === "collection" ? collectionSize(src) : src.kind === "sequence" ? Math.max(0, src.to - src.from + 1) : formatEstimate(src.format);
  const p = t.addNode({ logical: node, driver: "SOURCE", pact: "Data Source", parallelism, inputs: [], estimatedRecords });
  return single(p, noProps(parallelism));
}

export function translateSink(node: SinkNode, t: Translator): Translated {
  const input = t.translate(node.input);
  // collect() sinks follow their input's parallelism (no exchange just to gather); file sinks
  // use the environment's, as Flink's, since it decides file vs directory.
  const parallelism = node.parallelism === undefined && node.sink.kind === "collect" ? input.parts[0]!.node.parallelism : t.parallelismOf(node);
  const gate = t.connect(input, parallelism, { kind: "forward" });
  const p = t.addNode({ logical: node, driver: "SINK", pact: "Data Sink", parallelism, inputs: [gate] });
  return single(p, noProps(parallelism));
}

const RECORD_DRIVERS: Record<RecordUdfNode["kind"], { driver: DriverStrategy; pact: string }> = {
  map: { driver: "MAP", pact: "Map" },
  flatMap: { driver: "FLAT_MAP", pact: "FlatMap" },
  filter: { driver: "FILTER", pact: "Filter" },
  mapPartition: { driver: "MAP_PARTITION", pact: "MapPartition" },
};

export function translateRecordUdf(node: RecordUdfNode, t: Translator): Translated {
  const input = t.translate(node.input);
  const parallelism = t.parallelismOf(node);
  const gate = t.connect(input, parallelism, { kind: "forward" });
  const { driver, pact } = RECORD_DRIVERS[node.kind];
  const inEstimate = input.parts.length === 1 ? input.parts[0]!.node.estimatedRecords : undefined;
  const estimatedRecords = node.kind === "map" ? inEstimate : undefined;
  const p = t.addNode({ logical: node, driver, pact, parallelism, inputs: [gate], estimatedRecords });
  const forwarded = node.kind === "filter" ? FORWARD_ALL : node.semantic.forwarded[0] ?? [];
  return single(p, forwardProps(t.propsAfter(gate, parallelism, input), forwarded, parallelism));
}

export function translateProject(node: ProjectNode, t: Translator): Translated {
  const input = t.translate(node.input);
  const parallelism = t.parallelismOf(node);
  const gate = t.connect(input, parallelism, { kind: "forward" });
  const p = t.addNode({ logical: node, driver: "PROJECT", pact: "Map", parallelism, inputs: [gate], estimatedRecords: input.parts[0]?.node.estimatedRecords });
  const forwarded = node.fields.map((from, to) => ({ from: `f${from}`, to: `f${to}` }));
  return single(p, forwardProps(t.propsAfter(gate, parallelism, input), forwarded, parallelism));
}

/** A union has no node of its own: its consumers read all its inputs through one gate. */
export function translateUnion(node: UnionNode, t: Translator): Translated {
  return { parts: node.inputs.flatMap((i) => t.translate(i).parts) };
}

export function translatePartition(node: PartitionNode, t: Translator): Translated {
  const input = t.translate(node.input);
  const parallelism = t.parallelismOf(node);
  const key = node.key!;
  const gate = t.connect(input, parallelism,
    node.method === "hash" ? { kind: "hash", key }
      : node.method === "range" ? { kind: "range", key, orders: [] }
        : node.method === "custom" ? { kind: "custom", key, partitioner: node.partitioner! }
          : { kind: "rebalance" });
  const pact = node.method === "rebalance" ? "Partition (rebalance)" : `Partition (${node.method})`;
  const p = t.addNode({ logical: node, driver: "UNARY_NO_OP", pact, parallelism, inputs: [gate] });
  return single(p, t.propsAfter(gate, parallelism, input));
}

export function translateSortPartition(node: SortPartitionNode, t: Translator): Translated {
  const input = t.translate(node.input);
  const parallelism = t.parallelismOf(node);
  const gate = t.connect(input, parallelism, { kind: "forward" }, { local: "SORT", order: node.orderings });
  const p = t.addNode({ logical: node, driver: "SORT_PARTITION", pact: "Sort-Partition", parallelism, inputs: [gate] });
  return single(p, forwardProps(t.propsAfter(gate, parallelism, input), FORWARD_ALL, parallelism));
}

/** Records a format expects to read, from its statistics (Flink's BaseStatistics), if it has any. */
function formatEstimate(format: InputFormat<unknown>): number | undefined {
  let stats: BaseStatistics | undefined;
  try {
    stats = format.getStatistics?.();
  } catch {
    return undefined;
  }
  if (!stats) return undefined;
  if (stats.numberOfRecords !== undefined) return stats.numberOfRecords;
  if (stats.totalInputSize !== undefined && stats.averageRecordWidth) return Math.ceil(stats.totalInputSize / stats.averageRecordWidth);
  return undefined;
}
