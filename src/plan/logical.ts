/**
 * The logical plan: a DAG of operator descriptions built by the API (inputs, user function, keys,
 * hints, parallelism, name, semantic properties). Pure data; the optimizer turns it into a
 * physical plan. Nodes are mutable only while the program is being defined (`.name()`,
 * `.setParallelism()` and friends configure the node after the transformation created it).
 */
import type { Configuration } from "../common/configuration.js";
import type { Order, JoinHint, JoinType } from "../common/enums.js";
import type { KeyDefinition } from "../common/keys.js";
import type { Shape } from "../common/shape.js";
import type { UdfSpec } from "../common/udf.js";
import type { SourceDescriptor, SinkDescriptor } from "./descriptors.js";
import type { SemanticProperties } from "./semantic-properties.js";

export interface Ordering {
  readonly key: KeyDefinition;
  readonly order: Order;
}

/**
 * The engine's own functions, by node kind (a closed set: the optimizer and the ownership pass
 * decide on them). They create fresh records or pass records on, and never mutate their input.
 */
export type RecordBuiltin = "count";
export type ReduceBuiltin = "aggregate" | "distinct" | "count" | "MinBy" | "MaxBy";
export type GroupReduceBuiltin = `first(${number})`;
/** Join and cross: the default pair (Tuple2 of both records) and projections. */
export type PairBuiltin = "pair" | "project";
export type Builtin = RecordBuiltin | ReduceBuiltin | GroupReduceBuiltin | PairBuiltin;

interface NodeBase {
  readonly id: number;
  name: string;
  /** undefined: the environment's default parallelism. */
  parallelism: number | undefined;
  broadcastSets: { name: string; input: LogicalNode }[];
  parameters: Configuration | undefined;
  /** The output records' shape where known (definition-time checks). */
  shape: Shape | undefined;
  semantic: SemanticProperties;
}

export interface SourceNode extends NodeBase {
  readonly kind: "source";
  readonly source: SourceDescriptor;
}
export interface SinkNode extends NodeBase {
  readonly kind: "sink";
  readonly input: LogicalNode;
  readonly sink: SinkDescriptor;
}

/** Record-at-a-time operators with one user function. */
export interface RecordUdfNode extends NodeBase {
  readonly kind: "map" | "flatMap" | "filter" | "mapPartition";
  readonly input: LogicalNode;
  readonly udf: UdfSpec;
  /** Set for the engine's own functions, which create fresh records and never mutate inputs. */
  readonly builtin?: RecordBuiltin;
}
export interface ProjectNode extends NodeBase {
  readonly kind: "project";
  readonly input: LogicalNode;
  readonly fields: readonly number[];
}
export interface UnionNode extends NodeBase {
  readonly kind: "union";
  readonly inputs: readonly LogicalNode[];
}
export interface PartitionNode extends NodeBase {
  readonly kind: "partition";
  readonly input: LogicalNode;
  readonly method: "hash" | "range" | "custom" | "rebalance";
  readonly key: KeyDefinition | undefined;
  readonly partitioner: UdfSpec | undefined;
}
export interface SortPartitionNode extends NodeBase {
  readonly kind: "sortPartition";
  readonly input: LogicalNode;
  readonly orderings: Ordering[];
}

/**
 * Reduce: a user ReduceFunction or a built-in one (aggregate, minBy/maxBy, distinct), always
 * combinable. Without key: reduces the whole DataSet to one record.
 */
export interface ReduceNode extends NodeBase {
  readonly kind: "reduce";
  readonly input: LogicalNode;
  readonly key: KeyDefinition | undefined;
  readonly udf: UdfSpec;
  /** Built-in functions create new records and never keep references (no copies needed). */
  readonly builtin: ReduceBuiltin | undefined;
}
export interface GroupReduceNode extends NodeBase {
  readonly kind: "groupReduce";
  readonly input: LogicalNode;
  readonly key: KeyDefinition | undefined;
  readonly groupOrder: readonly Ordering[];
  readonly udf: UdfSpec;
  /** The combine step run before the shuffle, if the function is combinable. */
  readonly combiner: UdfSpec | undefined;
  readonly builtin: GroupReduceBuiltin | undefined;
}
export interface GroupCombineNode extends NodeBase {
  readonly kind: "groupCombine";
  readonly input: LogicalNode;
  readonly key: KeyDefinition | undefined;
  readonly groupOrder: readonly Ordering[];
  readonly udf: UdfSpec;
}

export interface JoinNode extends NodeBase {
  readonly kind: "join";
  readonly first: LogicalNode;
  readonly second: LogicalNode;
  readonly joinType: JoinType;
  readonly keyFirst: KeyDefinition;
  readonly keySecond: KeyDefinition;
  readonly hint: JoinHint;
  /** "tiny"/"huge" from joinWithTiny/joinWithHuge: the size hint for the second input. */
  readonly sizeHintSecond: "tiny" | "huge" | undefined;
  /** A JoinFunction (`flat: false`) or FlatJoinFunction (`flat: true`). */
  udf: UdfSpec;
  flat: boolean;
  builtin: PairBuiltin | undefined;
}
export interface CoGroupNode extends NodeBase {
  readonly kind: "coGroup";
  readonly first: LogicalNode;
  readonly second: LogicalNode;
  readonly keyFirst: KeyDefinition;
  readonly keySecond: KeyDefinition;
  groupOrderFirst: Ordering[];
  groupOrderSecond: Ordering[];
  readonly udf: UdfSpec;
}
export interface CrossNode extends NodeBase {
  readonly kind: "cross";
  readonly first: LogicalNode;
  readonly second: LogicalNode;
  readonly sizeHintSecond: "tiny" | "huge" | undefined;
  udf: UdfSpec;
  builtin: PairBuiltin | undefined;
}

/** The placeholder for the partial solution inside a bulk iteration's step function. */
export interface IterationPlaceholderNode extends NodeBase {
  readonly kind: "partialSolution" | "solutionSet" | "workset";
  readonly iteration: BulkIterationNode | DeltaIterationNode;
}
export interface BulkIterationNode extends NodeBase {
  readonly kind: "bulkIteration";
  readonly input: LogicalNode;
  readonly maxIterations: number;
  readonly placeholder: IterationPlaceholderNode;
  nextPartialSolution: LogicalNode | undefined;
  terminationCriterion: LogicalNode | undefined;
  readonly aggregators: Map<string, unknown>;
  convergence: { name: string; criterion: unknown } | undefined;
}
export interface DeltaIterationNode extends NodeBase {
  readonly kind: "deltaIteration";
  readonly initialSolutionSet: LogicalNode;
  readonly initialWorkset: LogicalNode;
  readonly maxIterations: number;
  readonly key: KeyDefinition;
  readonly solutionSet: IterationPlaceholderNode;
  readonly workset: IterationPlaceholderNode;
  solutionSetDelta: LogicalNode | undefined;
  nextWorkset: LogicalNode | undefined;
  readonly aggregators: Map<string, unknown>;
  convergence: { name: string; criterion: unknown } | undefined;
}

export type LogicalNode =
  | SourceNode
  | SinkNode
  | RecordUdfNode
  | ProjectNode
  | UnionNode
  | PartitionNode
  | SortPartitionNode
  | ReduceNode
  | GroupReduceNode
  | GroupCombineNode
  | JoinNode
  | CoGroupNode
  | CrossNode
  | IterationPlaceholderNode
  | BulkIterationNode
  | DeltaIterationNode;

export type LogicalKind = LogicalNode["kind"];

/** The data inputs of a node (not its broadcast sets), in order. */
export function inputsOf(node: LogicalNode): LogicalNode[] {
  switch (node.kind) {
    case "source":
    case "partialSolution":
    case "solutionSet":
    case "workset":
      return [];
    case "union":
      return [...node.inputs];
    case "join":
    case "coGroup":
    case "cross":
      return [node.first, node.second];
    case "bulkIteration":
      return [node.input];
    case "deltaIteration":
      return [node.initialSolutionSet, node.initialWorkset];
    default:
      return [node.input];
  }
}

export function assertNever(x: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(x)}`);
}
