/**
 * The physical plan: every operator with a driver strategy and a parallelism, every edge a
 * channel with a ship strategy (how records move between subtasks) and a local strategy
 * (what the receiver does first). The runtime executes exactly this.
 * Driver strategies are data (DRIVERS): inputs, chaining, the logical kinds each runs, ownership.
 */
import { InternalError } from "../common/errors.js";
import type { KeyDefinition } from "../common/keys.js";
import type { Order } from "../common/enums.js";
import type { UdfSpec } from "../common/udf.js";
import type { LogicalKind, LogicalNode, Ordering } from "./logical.js";

export type ShipStrategy =
  | "FORWARD"
  | "PARTITION_HASH"
  | "PARTITION_RANGE"
  | "PARTITION_CUSTOM"
  | "PARTITION_FORCED_REBALANCE"
  | "BROADCAST";

export type LocalStrategy = "NONE" | "SORT" | "HASH_GROUP";

/**
 * Who owns what a driver emits (passes/ownership.ts): "fresh" records the engine made (sources,
 * reduces, sinks); "input" its input records passed on (owned iff its input is); "user" the user
 * function's objects, a built-in function's results being fresh copies (count's map, default join
 * pairs, projections); "user-or-input" the user function's objects, a built-in passing input
 * records on (first(n)).
 */
/** See PhysicalNode.inputCopy. */
export type InputCopy = "none" | "nested" | "all";

export type OutputOwnership = "fresh" | "input" | "user" | "user-or-input";

/** Every logical kind (a STATIC_INPUT placeholder stands for any node an iteration reads). */
const ANY_KIND = [
  "source", "sink", "map", "flatMap", "filter", "mapPartition", "project", "union", "partition", "sortPartition", "reduce",
  "groupReduce", "groupCombine", "join", "coGroup", "cross", "partialSolution", "solutionSet", "workset", "bulkIteration", "deltaIteration",
] as const satisfies readonly LogicalKind[];

/**
 * A driver strategy's properties (Flink's DriverStrategy enum): every entry of DRIVERS declares
 * each column, so a new strategy cannot forget one.
 */
export interface DriverSpec {
  readonly inputs: 0 | 1 | 2;
  /** Can run inside its predecessor's task, fed record by record. */
  readonly chainable: boolean;
  /** Name shown as driver_strategy in the plan JSON (Flink's wording). */
  readonly display: string;
  /** The logical node kinds it runs: the runtime reads `node.logical` as these (LogicalOf). */
  readonly runs: readonly LogicalKind[];
  readonly output: OutputOwnership;
  /**
   * Takes rows of number tuples where they lie (common/number-rows.ts: a CSV source of number
   * columns): FORWARD and HASH channels into it carry a typed source's rows as typed batches.
   * Any other driver gets records from the source, as it would without typed batches.
   */
  readonly numberRows?: true;
}

export const DRIVERS = {
  SOURCE: { inputs: 0, chainable: false, display: "Data Source", runs: ["source"], output: "fresh" },
  SINK: { inputs: 1, chainable: true, display: "Data Sink", runs: ["sink"], output: "fresh" },
  MAP: { inputs: 1, chainable: true, display: "Map", runs: ["map"], output: "user" },
  FLAT_MAP: { inputs: 1, chainable: true, display: "FlatMap", runs: ["flatMap"], output: "user-or-input" },
  FILTER: { inputs: 1, chainable: true, display: "Filter", runs: ["filter"], output: "input" },
  PROJECT: { inputs: 1, chainable: true, display: "Map", runs: ["project"], output: "input" },
  MAP_PARTITION: { inputs: 1, chainable: true, display: "Map Partition", runs: ["mapPartition"], output: "user-or-input" },
  UNARY_NO_OP: { inputs: 1, chainable: true, display: "No-Op", runs: ["partition"], output: "input" },
  SORT_PARTITION: { inputs: 1, chainable: true, display: "Sort-Partition", runs: ["sortPartition"], output: "input" },
  HASHED_PARTIAL_REDUCE: { inputs: 1, chainable: true, display: "Hash Combine", runs: ["reduce"], output: "fresh" },
  HASH_REDUCE: { inputs: 1, chainable: true, display: "Hash Reduce", runs: ["reduce"], output: "fresh" },
  // Built-in SUMs alone (aggregate(SUM, f) / sum(f) / sum(a).andSum(b)) on running sums: the optimizer picks these.
  HASHED_PARTIAL_SUM: { inputs: 1, chainable: true, display: "Hash Combine (running sum)", runs: ["reduce"], output: "fresh" },
  HASH_SUM_REDUCE: { inputs: 1, chainable: true, display: "Hash Reduce (running sum)", runs: ["reduce"], output: "fresh" },
  // A lone built-in MIN or MAX on a running value per key (runtime/drivers/min-max-reduce.ts).
  HASHED_PARTIAL_MIN_MAX: { inputs: 1, chainable: true, display: "Hash Combine (running min/max)", runs: ["reduce"], output: "fresh" },
  HASH_MIN_MAX_REDUCE: { inputs: 1, chainable: true, display: "Hash Reduce (running min/max)", runs: ["reduce"], output: "fresh" },
  // distinct(): a set of keys, each record passed on when its key is first seen (runtime/drivers/distinct-driver.ts).
  HASHED_PARTIAL_DISTINCT: { inputs: 1, chainable: true, display: "Hash Combine (distinct)", runs: ["reduce"], output: "input" },
  HASH_DISTINCT: { inputs: 1, chainable: true, display: "Hash Distinct", runs: ["reduce"], output: "input" },
  ALL_REDUCE: { inputs: 1, chainable: true, display: "Reduce All", runs: ["reduce"], output: "fresh" },
  HASH_GROUP_REDUCE: { inputs: 1, chainable: true, display: "Hash Group Reduce", runs: ["groupReduce"], output: "user-or-input", numberRows: true },
  SORTED_GROUP_REDUCE: { inputs: 1, chainable: true, display: "Sorted Group Reduce", runs: ["groupReduce"], output: "user-or-input" },
  ALL_GROUP_REDUCE: { inputs: 1, chainable: true, display: "Group Reduce All", runs: ["groupReduce"], output: "user-or-input" },
  HASH_GROUP_COMBINE: {
    inputs: 1,
    chainable: true,
    display: "Hash Group Combine",
    runs: ["groupReduce", "groupCombine"],
    output: "user-or-input",
  },
  SORTED_GROUP_COMBINE: {
    inputs: 1,
    chainable: true,
    display: "Sorted Group Combine",
    runs: ["groupReduce", "groupCombine"],
    output: "user-or-input",
  },
  ALL_GROUP_COMBINE: {
    inputs: 1,
    chainable: true,
    display: "Group Combine All",
    runs: ["groupReduce", "groupCombine"],
    output: "user-or-input",
  },
  HYBRIDHASH_BUILD_FIRST: { inputs: 2, chainable: false, display: "Hybrid Hash (build: first)", runs: ["join"], output: "user", numberRows: true },
  HYBRIDHASH_BUILD_SECOND: { inputs: 2, chainable: false, display: "Hybrid Hash (build: second)", runs: ["join"], output: "user", numberRows: true },
  INNER_MERGE: { inputs: 2, chainable: false, display: "Merge", runs: ["join"], output: "user" },
  LEFT_OUTER_MERGE: { inputs: 2, chainable: false, display: "Left Outer Merge", runs: ["join"], output: "user" },
  RIGHT_OUTER_MERGE: { inputs: 2, chainable: false, display: "Right Outer Merge", runs: ["join"], output: "user" },
  FULL_OUTER_MERGE: { inputs: 2, chainable: false, display: "Full Outer Merge", runs: ["join"], output: "user" },
  LEFT_HYBRIDHASH_BUILD_FIRST: {
    inputs: 2,
    chainable: false,
    display: "Left Outer Hybrid Hash (build: first)",
    runs: ["join"],
    output: "user",
    numberRows: true,
  },
  LEFT_HYBRIDHASH_BUILD_SECOND: {
    inputs: 2,
    chainable: false,
    display: "Left Outer Hybrid Hash (build: second)",
    runs: ["join"],
    output: "user",
    numberRows: true,
  },
  RIGHT_HYBRIDHASH_BUILD_FIRST: {
    inputs: 2,
    chainable: false,
    display: "Right Outer Hybrid Hash (build: first)",
    runs: ["join"],
    output: "user",
    numberRows: true,
  },
  RIGHT_HYBRIDHASH_BUILD_SECOND: {
    inputs: 2,
    chainable: false,
    display: "Right Outer Hybrid Hash (build: second)",
    runs: ["join"],
    output: "user",
    numberRows: true,
  },
  FULL_OUTER_HYBRIDHASH_BUILD_FIRST: {
    inputs: 2,
    chainable: false,
    display: "Full Outer Hybrid Hash (build: first)",
    runs: ["join"],
    output: "user",
    numberRows: true,
  },
  FULL_OUTER_HYBRIDHASH_BUILD_SECOND: {
    inputs: 2,
    chainable: false,
    display: "Full Outer Hybrid Hash (build: second)",
    runs: ["join"],
    output: "user",
    numberRows: true,
  },
  CO_GROUP: { inputs: 2, chainable: false, display: "CoGroup", runs: ["coGroup"], output: "user-or-input" },
  HASH_CO_GROUP: { inputs: 2, chainable: false, display: "Hash CoGroup", runs: ["coGroup"], output: "user-or-input", numberRows: true },
  NESTEDLOOP_BLOCKED_OUTER_FIRST: {
    inputs: 2,
    chainable: false,
    display: "Nested Loops (Blocked Outer: first)",
    runs: ["cross"],
    output: "user",
  },
  NESTEDLOOP_BLOCKED_OUTER_SECOND: {
    inputs: 2,
    chainable: false,
    display: "Nested Loops (Blocked Outer: second)",
    runs: ["cross"],
    output: "user",
  },
  BULK_ITERATION: { inputs: 1, chainable: false, display: "Bulk Iteration", runs: ["bulkIteration"], output: "fresh" },
  DELTA_ITERATION: { inputs: 2, chainable: false, display: "Delta Iteration", runs: ["deltaIteration"], output: "fresh" },
  PARTIAL_SOLUTION: { inputs: 0, chainable: false, display: "Partial Solution", runs: ["partialSolution"], output: "fresh" },
  // Inside a step function (see IterationPlan): placeholders the iteration feeds, its outputs,
  // and the joins/coGroups that probe the solution set's index instead of reading it.
  WORKSET: { inputs: 0, chainable: false, display: "Workset", runs: ["workset"], output: "fresh" },
  SOLUTION_SET: { inputs: 0, chainable: false, display: "Solution Set", runs: ["solutionSet"], output: "fresh" },
  STATIC_INPUT: { inputs: 0, chainable: false, display: "Static Input", runs: ANY_KIND, output: "fresh" },
  NEXT_PARTIAL_SOLUTION: { inputs: 1, chainable: true, display: "Next Partial Solution", runs: ["bulkIteration"], output: "fresh" },
  TERMINATION_CRITERION: { inputs: 1, chainable: true, display: "Termination Criterion", runs: ["bulkIteration"], output: "fresh" },
  NEXT_WORKSET: { inputs: 1, chainable: true, display: "Next Workset", runs: ["deltaIteration"], output: "fresh" },
  SOLUTION_SET_DELTA: { inputs: 1, chainable: true, display: "Solution Set Delta", runs: ["deltaIteration"], output: "fresh" },
  JOIN_WITH_SOLUTION_SET_FIRST: {
    inputs: 2,
    chainable: false,
    display: "Join With Solution Set (solution set: first)",
    runs: ["join"],
    output: "user",
  },
  JOIN_WITH_SOLUTION_SET_SECOND: {
    inputs: 2,
    chainable: false,
    display: "Join With Solution Set (solution set: second)",
    runs: ["join"],
    output: "user",
  },
  CO_GROUP_WITH_SOLUTION_SET_FIRST: {
    inputs: 2,
    chainable: false,
    display: "CoGroup With Solution Set (solution set: first)",
    runs: ["coGroup"],
    output: "fresh",
  },
  CO_GROUP_WITH_SOLUTION_SET_SECOND: {
    inputs: 2,
    chainable: false,
    display: "CoGroup With Solution Set (solution set: second)",
    runs: ["coGroup"],
    output: "fresh",
  },
} as const satisfies Record<string, DriverSpec>;

export type DriverStrategy = keyof typeof DRIVERS;

/**
 * The most keys a table is sized for up front (PhysicalNode.expectedKeys): an input's estimate
 * bounds its keys from above, and a table sized for more keys than come is sparse, each probe a
 * cache miss more (173k pair keys: 256k slots are faster than 512k); past it the table grows.
 */
export const MAX_EXPECTED_KEYS = 1 << 17;

/** The logical nodes driver `D` runs (members of LogicalNode whose kind is in its `runs`). */
export type LogicalOf<D extends DriverStrategy> = LogicalNode extends infer N
  ? N extends LogicalNode ? ([Extract<N["kind"], (typeof DRIVERS)[D]["runs"][number]>] extends [never] ? never : N) : never
  : never;

/** A physical node whose driver is one of `D`, its logical node narrowed accordingly. */
export type PhysicalNodeOf<D extends DriverStrategy> = PhysicalNode & { readonly logical: LogicalOf<D> };

/**
 * The logical node of `node` read as what `driver` runs: the one checked narrowing the runtime
 * uses instead of casts (throws if the optimizer put the driver on another kind of node).
 */
export function logicalOf<D extends DriverStrategy>(node: PhysicalNode, driver: D): LogicalOf<D> {
  const runs: readonly LogicalKind[] = DRIVERS[driver].runs;
  if (node.driver !== driver || !runs.includes(node.logical.kind)) {
    throw new InternalError(`${node.name} (${node.driver}, a ${node.logical.kind} node) read as ${driver}`);
  }
  return node.logical as LogicalOf<D>;
}

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
  /**
   * Keys one subtask of a hash-table driver is expected to see (its input's estimate per subtask,
   * at most MAX_EXPECTED_KEYS), so the driver sizes its table once instead of growing it; plan
   * JSON `expected_keys`. Undefined: no estimate (the table grows as keys come).
   */
  expectedKeys?: number;
  /**
   * Whether this node's output records are owned by the engine (fresh objects, no user reference).
   * For a collection source this is its decision to copy the user's elements as it emits them.
   */
  outputOwned: boolean;
  /**
   * Whether the records this node receives are owned (it may keep or mutate them without a copy):
   * always through a channel (channels copy what is not owned), else its chain predecessor's output.
   */
  inputOwned: boolean;
  /**
   * What a record-at-a-time user function (Map, FlatMap, Filter) is handed when its input is not
   * owned (passes/ownership.ts): "all" a copy of every record (it may mutate or keep it; F5 of
   * issue 13), "nested" a copy of records that are not flat (it only reads its argument), "none"
   * the record itself.
   */
  inputCopy: InputCopy;
  /** The user function provably only reads its arguments (passes/reads-only.ts). */
  readsOnly: boolean;
  /**
   * The inputs whose channels hand the user's collection elements over uncopied (passes/ownership.ts):
   * the build side of a hash join or both sides of a hash coGroup whose function only reads, which
   * copies every held record that is not flat itself, so a channel copy would be seen by nobody.
   */
  uncopiedInputs?: readonly (0 | 1)[];
  /**
   * A Hash CoGroup's function run as a fold per key (optimizer/passes/cogroup-fold.ts): no record
   * held, no group built; plan JSON `fold`.
   */
  coGroupFold?: CoGroupFold;
  /**
   * Inside a step function: the input of this node that is the same in every superstep (it comes
   * only from STATIC_INPUT placeholders) and that the node holds whole, so it is read in the first
   * superstep only and kept until the iteration ends (Flink's cached static path: a hash join's
   * build side over a loop-invariant input is built once). Set by optimizer/strategies/iteration-step.ts.
   */
  cachedInput?: 0 | 1;
  /** For BULK_ITERATION / DELTA_ITERATION nodes: the step function. */
  iteration?: IterationPlan;
  /**
   * The share of the job's operator memory this node's record holders get (its sort buffers,
   * tables and dams, split equally among them: plan/memory.ts), set by optimizer/passes/memory.ts
   * as Flink's optimizer sets relative memory fractions per task. Undefined: it holds no records.
   */
  memoryFraction?: number;
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
  /** The job's memory budget and spill directory (plan/memory.ts); absent: the runtime's defaults. */
  readonly memory?: PlanMemory;
}

/** The job's memory settings, resolved by the client from the config and the environment. */
export interface PlanMemory {
  /** Bytes the job's record holders (operators and buffered exchanges) may use together. */
  readonly budgetBytes: number;
  /** Where the job's spill directory is created (a fresh directory per job inside it). */
  readonly spillRoot: string;
}

/** The node a chained node runs behind (its predecessor in the same task). */
export function chainPredecessor(n: PhysicalNode): PhysicalNode {
  return n.inputs[n.chainedInput ?? 0]!.channels[0]!.source;
}

/**
 * A coGroup function as a fold per key (optimizer/passes/cogroup-fold.ts): `source` is the body of
 * a factory `(NOT) => ({ init(id), add: [first?, second?], emit(id, out) })` over per-key state.
 */
export interface CoGroupFold {
  /** The function's top-level locals: what each key keeps. */
  readonly state: readonly string[];
  readonly source: string;
  /** Keys a subtask is expected to see (the optimizer's estimate of the larger input), when known. */
  readonly expectedKeys?: number;
}
