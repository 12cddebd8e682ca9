/**
 * The physical plan: every operator with a driver strategy and a parallelism, every edge a
 * channel with a ship strategy (how records move between subtasks) and a local strategy
 * (what the receiver does first). The runtime executes exactly this.
 * Driver strategies are data (DRIVERS): how many inputs, whether the driver can be chained.
 */
import type { KeyDefinition } from "../common/keys.js";
import type { Order } from "../common/enums.js";
import type { UdfSpec } from "../common/udf.js";
import type { LogicalNode, Ordering } from "./logical.js";

export type ShipStrategy =
  | "FORWARD"
  | "PARTITION_HASH"
  | "PARTITION_RANGE"
  | "PARTITION_CUSTOM"
  | "PARTITION_FORCED_REBALANCE"
  | "BROADCAST";

export type LocalStrategy = "NONE" | "SORT" | "HASH_GROUP";

export interface DriverSpec {
  readonly inputs: 0 | 1 | 2;
  /** Can run inside its predecessor's task, fed record by record. */
  readonly chainable: boolean;
  /** Name shown as driver_strategy in the plan JSON (Flink's wording). */
  readonly display: string;
}

export const DRIVERS = {
  SOURCE: { inputs: 0, chainable: false, display: "Data Source" },
  SINK: { inputs: 1, chainable: true, display: "Data Sink" },
  MAP: { inputs: 1, chainable: true, display: "Map" },
  FLAT_MAP: { inputs: 1, chainable: true, display: "FlatMap" },
  FILTER: { inputs: 1, chainable: true, display: "Filter" },
  PROJECT: { inputs: 1, chainable: true, display: "Map" },
  MAP_PARTITION: { inputs: 1, chainable: true, display: "Map Partition" },
  UNARY_NO_OP: { inputs: 1, chainable: true, display: "No-Op" },
  SORT_PARTITION: { inputs: 1, chainable: false, display: "Sort-Partition" },
  HASHED_PARTIAL_REDUCE: { inputs: 1, chainable: true, display: "Hash Combine" },
  HASH_REDUCE: { inputs: 1, chainable: true, display: "Hash Reduce" },
  ALL_REDUCE: { inputs: 1, chainable: true, display: "Reduce All" },
  HASH_GROUP_REDUCE: { inputs: 1, chainable: true, display: "Hash Group Reduce" },
  SORTED_GROUP_REDUCE: { inputs: 1, chainable: true, display: "Sorted Group Reduce" },
  ALL_GROUP_REDUCE: { inputs: 1, chainable: true, display: "Group Reduce All" },
  HASH_GROUP_COMBINE: { inputs: 1, chainable: true, display: "Hash Group Combine" },
  SORTED_GROUP_COMBINE: { inputs: 1, chainable: true, display: "Sorted Group Combine" },
  ALL_GROUP_COMBINE: { inputs: 1, chainable: true, display: "Group Combine All" },
  HYBRIDHASH_BUILD_FIRST: { inputs: 2, chainable: false, display: "Hybrid Hash (build: first)" },
  HYBRIDHASH_BUILD_SECOND: { inputs: 2, chainable: false, display: "Hybrid Hash (build: second)" },
  INNER_MERGE: { inputs: 2, chainable: false, display: "Merge" },
  LEFT_OUTER_MERGE: { inputs: 2, chainable: false, display: "Left Outer Merge" },
  RIGHT_OUTER_MERGE: { inputs: 2, chainable: false, display: "Right Outer Merge" },
  FULL_OUTER_MERGE: { inputs: 2, chainable: false, display: "Full Outer Merge" },
  LEFT_HYBRIDHASH_BUILD_FIRST: { inputs: 2, chainable: false, display: "Left Outer Hybrid Hash (build: first)" },
  LEFT_HYBRIDHASH_BUILD_SECOND: { inputs: 2, chainable: false, display: "Left Outer Hybrid Hash (build: second)" },
  RIGHT_HYBRIDHASH_BUILD_FIRST: { inputs: 2, chainable: false, display: "Right Outer Hybrid Hash (build: first)" },
  RIGHT_HYBRIDHASH_BUILD_SECOND: { inputs: 2, chainable: false, display: "Right Outer Hybrid Hash (build: second)" },
  FULL_OUTER_HYBRIDHASH_BUILD_FIRST: { inputs: 2, chainable: false, display: "Full Outer Hybrid Hash (build: first)" },
  FULL_OUTER_HYBRIDHASH_BUILD_SECOND: { inputs: 2, chainable: false, display: "Full Outer Hybrid Hash (build: second)" },
  CO_GROUP: { inputs: 2, chainable: false, display: "CoGroup" },
  NESTEDLOOP_BLOCKED_OUTER_FIRST: { inputs: 2, chainable: false, display: "Nested Loops (Blocked Outer: first)" },
  NESTEDLOOP_BLOCKED_OUTER_SECOND: { inputs: 2, chainable: false, display: "Nested Loops (Blocked Outer: second)" },
  BULK_ITERATION: { inputs: 1, chainable: false, display: "Bulk Iteration" },
  DELTA_ITERATION: { inputs: 2, chainable: false, display: "Delta Iteration" },
  PARTIAL_SOLUTION: { inputs: 0, chainable: false, display: "Partial Solution" },
  // Inside a step function (see IterationPlan): placeholders the iteration feeds, its outputs,
  // and the joins/coGroups that probe the solution set's index instead of reading it.
  WORKSET: { inputs: 0, chainable: false, display: "Workset" },
  SOLUTION_SET: { inputs: 0, chainable: false, display: "Solution Set" },
  STATIC_INPUT: { inputs: 0, chainable: false, display: "Static Input" },
  NEXT_PARTIAL_SOLUTION: { inputs: 1, chainable: true, display: "Next Partial Solution" },
  TERMINATION_CRITERION: { inputs: 1, chainable: true, display: "Termination Criterion" },
  NEXT_WORKSET: { inputs: 1, chainable: true, display: "Next Workset" },
  SOLUTION_SET_DELTA: { inputs: 1, chainable: true, display: "Solution Set Delta" },
  JOIN_WITH_SOLUTION_SET_FIRST: { inputs: 2, chainable: false, display: "Join With Solution Set (solution set: first)" },
  JOIN_WITH_SOLUTION_SET_SECOND: { inputs: 2, chainable: false, display: "Join With Solution Set (solution set: second)" },
  CO_GROUP_WITH_SOLUTION_SET_FIRST: { inputs: 2, chainable: false, display: "CoGroup With Solution Set (solution set: first)" },
  CO_GROUP_WITH_SOLUTION_SET_SECOND: { inputs: 2, chainable: false, display: "CoGroup With Solution Set (solution set: second)" },
} as const satisfies Record<string, DriverSpec>;

export type DriverStrategy = keyof typeof DRIVERS;

/** An edge: how records of `source` reach the consumer's subtasks. */
export interface Channel {
  readonly source: PhysicalNode;
  ship: ShipStrategy;
  /** Keys for hash, range and custom partitioning. */
  shipKey: KeyDefinition | undefined;
  /** Orders of the range-partitioning key fields (ascending by default). */
  shipOrders: readonly Order[] | undefined;
  partitioner: UdfSpec | undefined;
  local: LocalStrategy;
  localKey: KeyDefinition | undefined;
  localOrder: readonly Ordering[] | undefined;
}

/** One data input of an operator: one channel, or several merged (a union feeding it). */
export interface InputGate {
  readonly channels: Channel[];
}

export interface PhysicalNode {
  readonly id: number;
  /** The logical operator this executes (its function, keys, config). */
  readonly logical: LogicalNode;
  readonly driver: DriverStrategy;
  readonly name: string;
  /** Flink's "pact" word for the node type: "Data Source", "Map", "Reduce", "Join"... */
  readonly pact: string;
  readonly parallelism: number;
  readonly inputs: InputGate[];
  readonly broadcastInputs: { readonly name: string; readonly gate: InputGate }[];
  /** Chained into its single predecessor's task (no channel, records handed over directly). */
  chained: boolean;
  /** For a chained two-input node: the input that arrives through the chain (the other is an exchange). */
  chainedInput?: 0 | 1;
  /** For combiner nodes: the user function run by this node instead of the logical one. */
  readonly combineUdf?: UdfSpec;
  /** Estimated output cardinality, if the optimizer had one. */
  estimatedRecords: number | undefined;
  /** Whether this node's output records are owned by the engine (fresh objects, no user reference). */
  outputOwned: boolean;
  /**
   * Whether the records this node receives are owned (it may keep or mutate them without a copy):
   * always through a channel (channels copy what is not owned), else its chain predecessor's output.
   */
  inputOwned: boolean;
  /** For BULK_ITERATION / DELTA_ITERATION nodes: the step function. */
  iteration?: IterationPlan;
}

/**
 * An iteration's step function: a physical plan of its own, translated once and run once per
 * superstep. Its heads are placeholders the iteration feeds (partial solution or workset, and
 * one STATIC_INPUT per outside DataSet the step reads, materialized once from the iteration
 * node's input gates after the first one (bulk) or two (delta), in order); its outputs gather
 * what the next superstep needs.
 */
export interface IterationPlan {
  readonly kind: "bulk" | "delta";
  /** The step's nodes in topological order. */
  readonly nodes: readonly PhysicalNode[];
  /** The partial solution (bulk) or workset (delta) placeholder. */
  readonly head: PhysicalNode;
  /** The solution set placeholder (delta): read by probing its index, never fed. */
  readonly solutionSet: PhysicalNode | undefined;
  readonly staticInputs: readonly PhysicalNode[];
  /** NEXT_PARTIAL_SOLUTION (bulk) or NEXT_WORKSET (delta). */
  readonly next: PhysicalNode;
  readonly terminationCriterion: PhysicalNode | undefined;
  readonly solutionSetDelta: PhysicalNode | undefined;
  /** The solution set key (delta). */
  readonly key: KeyDefinition | undefined;
}

export interface PhysicalPlan {
  /** Nodes in topological order (inputs before consumers). */
  readonly nodes: PhysicalNode[];
  readonly sinks: PhysicalNode[];
  readonly defaultParallelism: number;
  readonly objectReuse: boolean;
}

/** The node a chained node runs behind (its predecessor in the same task). */
export function chainPredecessor(n: PhysicalNode): PhysicalNode {
  return n.inputs[n.chainedInput ?? 0]!.channels[0]!.source;
}
