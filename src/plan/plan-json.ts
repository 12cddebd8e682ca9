/**
 * The physical plan as JSON in the shape of Flink's plan JSON (what ExecutionEnvironment
 * .getExecutionPlan() returns and Flink's plan visualizer draws): nodes with id, type, pact,
 * contents, parallelism, driver_strategy, and predecessors with ship_strategy and local_strategy.
 */
import { describeKey } from "../common/keys.js";
import type { Channel, IterationPlan, PhysicalNode, PhysicalPlan } from "./physical.js";
import { DRIVERS } from "./physical.js";

export interface PlanJsonNode {
  id: number;
  type: "source" | "sink" | "pact" | "bulk_iteration" | "workset_iteration";
  pact: string;
  contents: string;
  parallelism: string;
  driver_strategy: string;
  chained?: boolean;
  /** Inside a step function: the input built in the first superstep and kept across supersteps (a static hash-join build side). */
  cached_input?: "first" | "second";
  /** The share of the job's operator memory this node's sorters and tables get (its task's sum to 1). */
  memory_fraction?: number;
  /** Record ownership as the optimizer decided it (optimizer/passes/ownership.ts): where records are copied. */
  ownership?: PlanJsonOwnership;
  /** A Hash CoGroup running its function as a fold per key (no records held): the locals each key keeps. */
  fold?: { state: string[] };
  /** Keys one subtask's hash table is sized for up front (the optimizer's estimate). */
  expected_keys?: number;
  predecessors?: PlanJsonPredecessor[];
  /** Iteration nodes (Flink's keys): the step function's nodes and its placeholders' and outputs' ids. */
  step_function?: PlanJsonNode[];
  partial_solution?: number;
  next_partial_solution?: number;
  termination_criterion?: number;
  workset?: number;
  solution_set?: number;
  next_workset?: number;
  solution_delta?: number;
}

export interface PlanJsonOwnership {
  /** Its output records are the engine's own: a channel or a keeping consumer needs no copy. */
  output_owned: boolean;
  /** The records it receives are its own (through a channel, or from an owning predecessor). */
  input_owned: boolean;
  /** A Map/FlatMap/Filter user function handed copies: of every record ("all") or of non-flat ones ("nested"). */
  input_copy?: "all" | "nested";
  /** Its user function provably only reads its arguments (flat records are not copied for it). */
  reads_only?: true;
  /** The inputs ("first" / "second") whose channels do not copy the user's collection elements for it. */
  uncopied_inputs?: ("first" | "second")[];
}

export interface PlanJsonPredecessor {
  id: number;
  ship_strategy: string;
  local_strategy?: string;
  exchange_mode: string;
  side?: "first" | "second";
  name?: string;
}

export function planToJson(plan: PhysicalPlan): { nodes: PlanJsonNode[] } {
  return { nodes: plan.nodes.map(nodeJson) };
}

function nodeJson(n: PhysicalNode): PlanJsonNode {
  const out: PlanJsonNode = {
    id: n.id,
    type: n.driver === "SOURCE" ? "source" : n.driver === "SINK" ? "sink" : "pact",
    pact: n.pact,
    contents: n.name,
    parallelism: String(n.parallelism),
    driver_strategy: DRIVERS[n.driver].display,
  };
  if (n.chained) out.chained = true;
  if (n.cachedInput !== undefined) out.cached_input = n.cachedInput === 0 ? "first" : "second";
  if (n.memoryFraction !== undefined) out.memory_fraction = Math.round(n.memoryFraction * 1000) / 1000;
  out.ownership = { output_owned: n.outputOwned, input_owned: n.inputOwned };
  if (n.inputCopy !== "none") out.ownership.input_copy = n.inputCopy;
  if (n.readsOnly) out.ownership.reads_only = true;
  if (n.uncopiedInputs !== undefined) out.ownership.uncopied_inputs = n.uncopiedInputs.map((i) => (i === 0 ? "first" : "second"));
  if (n.coGroupFold !== undefined) out.fold = { state: [...n.coGroupFold.state] };
  if (n.expectedKeys !== undefined) out.expected_keys = n.expectedKeys;
  const preds: PlanJsonPredecessor[] = [];
  n.inputs.forEach((gate, i) => {
    for (const c of gate.channels) {
      const p = predecessor(c);
      if (n.inputs.length === 2) p.side = i === 0 ? "first" : "second";
      preds.push(p);
    }
  });
  for (const b of n.broadcastInputs) {
    for (const c of b.gate.channels) preds.push({ ...predecessor(c), name: b.name });
  }
  if (preds.length > 0) out.predecessors = preds;
  if (n.iteration) Object.assign(out, iterationJson(n.iteration));
  return out;
}

function iterationJson(it: IterationPlan): Partial<PlanJsonNode> {
  const step = { step_function: it.nodes.map(nodeJson) };
  if (it.kind === "bulk") {
    return {
      type: "bulk_iteration",
      partial_solution: it.head.id,
      next_partial_solution: it.next.id,
      termination_criterion: it.terminationCriterion?.id,
      ...step,
    };
  }
  return {
    type: "workset_iteration",
    workset: it.head.id,
    solution_set: it.solutionSet?.id,
    next_workset: it.next.id,
    solution_delta: it.solutionSetDelta?.id,
    ...step,
  };
}

function predecessor(c: Channel): PlanJsonPredecessor {
  const p: PlanJsonPredecessor = { id: c.source.id, ship_strategy: shipText(c), exchange_mode: "BATCH" };
  const local = localText(c);
  if (local) p.local_strategy = local;
  return p;
}

/** Flink's wording: "Forward", "Hash Partition on [0]", "Range Partition on [0]", "Broadcast"... */
export function shipText(c: Channel): string {
  switch (c.ship) {
    case "FORWARD": return "Forward";
    case "PARTITION_HASH": return `Hash Partition on ${describeKey(c.shipKey!)}`;
    case "PARTITION_RANGE": return `Range Partition on ${describeKey(c.shipKey!)}`;
    case "PARTITION_CUSTOM": return `Custom Partition on ${describeKey(c.shipKey!)}`;
    case "PARTITION_FORCED_REBALANCE": return "Rebalance";
    case "BROADCAST": return "Broadcast";
  }
}

function localText(c: Channel): string | undefined {
  switch (c.local) {
    case "NONE": return undefined;
    case "SORT": {
      const parts = (c.localOrder ?? []).map((o) => `${describeKey(o.key)}:${o.order === "ASCENDING" ? "ASC" : "DESC"}`);
      if (parts.length === 0 && c.localKey) parts.push(`${describeKey(c.localKey)}:ASC`);
      return `Sort on ${parts.join(", ")}`;
    }
    case "HASH_GROUP": return `Hash Group on ${c.localKey ? describeKey(c.localKey) : "?"}`;
  }
}
