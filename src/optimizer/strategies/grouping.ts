/**
 * Strategies for reduce, group reduce and group combine.
 * Keyed: combine on the sending side (chained to the producer), hash-partition on the key, then
 * the final reduce; where the input is already partitioned on the key, no combiner and no shuffle;
 * under a key selector a user reducer gets no combiner (see keyMayChange).
 * Keyed built-in SUMs alone (of distinct fields) run on the running-sum drivers (HASHED_PARTIAL_SUM, HASH_SUM_REDUCE),
 * a lone MIN or MAX on the running min/max drivers (HASHED_PARTIAL_MIN_MAX, HASH_MIN_MAX_REDUCE),
 * distinct() on a set of keys (HASHED_PARTIAL_DISTINCT, HASH_DISTINCT) sized for the keys the input's
 * estimate allows (expectedKeys).
 * Not keyed: combine per subtask, then one final subtask (Flink's ALL_REDUCE / ALL_GROUP_REDUCE).
 * Groups are formed by hashing (arrival order kept); a group order sorts each group.
 */
import { singleMinMax, sumFields } from "../../common/builtins/aggregations.js";
import type { GroupCombineNode, GroupReduceNode, ReduceNode } from "../../plan/logical.js";
import { MAX_EXPECTED_KEYS, type DriverStrategy, type InputGate } from "../../plan/physical.js";
import { estimateOf } from "../cardinality.js";
import { FORWARD_ALL, forwardProps, noProps, type GlobalProps } from "../properties.js";
import { single, type Translated, type Translator } from "../translator.js";

export function translateReduce(node: ReduceNode, t: Translator): Translated {
  const pact = node.builtin === "distinct" ? "Distinct" : node.builtin === "aggregate" ? "Aggregate" : "Reduce";
  if (node.key === undefined) {
    return translateAll(node, t, pact, "ALL_REDUCE", "ALL_REDUCE", true);
  }
  // Built-in SUMs alone fold into running sums (sum(f), aggregate(SUM, f), sum(a).andSum(b)).
  if (node.builtin === "aggregate" && sumFields(node.udf.value) !== undefined) {
    return translateKeyed(node, t, pact, "HASHED_PARTIAL_SUM", "HASH_SUM_REDUCE", true);
  }
  if (node.builtin === "aggregate" && singleMinMax(node.udf.value) !== undefined) {
    return translateKeyed(node, t, pact, "HASHED_PARTIAL_MIN_MAX", "HASH_MIN_MAX_REDUCE", true);
  }
  if (node.builtin === "distinct") return translateKeyed(node, t, pact, "HASHED_PARTIAL_DISTINCT", "HASH_DISTINCT", true, true);
  return translateKeyed(node, t, pact, "HASHED_PARTIAL_REDUCE", "HASH_REDUCE", true);
}

export function translateGroupReduce(node: GroupReduceNode, t: Translator): Translated {
  const sorted = node.groupOrder.length > 0;
  const combinable = node.combiner !== undefined;
  if (node.key === undefined) {
    return translateAll(node, t, "GroupReduce", "ALL_GROUP_COMBINE", "ALL_GROUP_REDUCE", combinable);
  }
  return translateKeyed(node, t, "GroupReduce",
    sorted ? "SORTED_GROUP_COMBINE" : "HASH_GROUP_COMBINE",
    sorted ? "SORTED_GROUP_REDUCE" : "HASH_GROUP_REDUCE", combinable);
}

/** GroupCombine is local by definition: no shuffle, each subtask combines what it has. */
export function translateGroupCombine(node: GroupCombineNode, t: Translator): Translated {
  const input = t.translate(node.input);
  const parallelism = t.parallelismOf(node);
  const gate = t.connect(input, parallelism, { kind: "forward" });
  const driver: DriverStrategy = node.key === undefined ? "ALL_GROUP_COMBINE" : node.groupOrder.length > 0 ? "SORTED_GROUP_COMBINE" : "HASH_GROUP_COMBINE";
  const p = t.addNode({ logical: node, driver, pact: "GroupCombine", parallelism, inputs: [gate] });
  return single(p, forwardProps(t.propsAfter(gate, parallelism, input), node.semantic.forwarded[0] ?? [], parallelism));
}

type GroupingNode = ReduceNode | GroupReduceNode;

function translateKeyed(
  node: GroupingNode,
  t: Translator,
  pact: string,
  combineDriver: DriverStrategy,
  finalDriver: DriverStrategy,
  combinable: boolean,
  sized = false,
): Translated {
  const key = node.key!;
  const parallelism = t.parallelismOf(node);
  let input = t.translate(node.input);
  // The keys the input's estimate allows (a table sized once): taken before any combiner, whose output has no estimate.
  const inputRecords = sized ? estimateOfParts(input) : undefined;
  let gate: InputGate = t.connect(input, parallelism, { kind: "hash", key });
  const shuffles = gate.channels.some((c) => c.ship === "PARTITION_HASH");
  if (shuffles && combinable && !keyMayChange(node)) {
    // One combiner per producer, at the producer's parallelism, chained to it.
    const parts = input.parts.map((part) =>
      chainedCombiner(node, t, part, pact, combineDriver, sized ? expectedKeys(estimateOf(part.node), part.node.parallelism) : undefined));
    input = { parts };
    gate = t.connect(input, parallelism, { kind: "hash", key });
  }
  const p = t.addNode({ logical: node, driver: finalDriver, pact, parallelism, inputs: [gate], expectedKeys: expectedKeys(inputRecords, parallelism) });
  const props: GlobalProps = t.propsAfter(gate, parallelism, input);
  return single(p, forwardProps(props, outputForwarding(node), parallelism));
}

function translateAll(
  node: GroupingNode,
  t: Translator,
  pact: string,
  combineDriver: DriverStrategy,
  finalDriver: DriverStrategy,
  combinable: boolean,
): Translated {
  let input = t.translate(node.input);
  if (combinable) {
    input = {
      parts: input.parts.map((part) =>
        part.node.parallelism === 1 && input.parts.length === 1 ? part : chainedCombiner(node, t, part, pact, combineDriver)),
    };
  }
  const gate = t.connect(input, 1, { kind: "forward" });
  const p = t.addNode({ logical: node, driver: finalDriver, pact, parallelism: 1, inputs: [gate], estimatedRecords: node.kind === "reduce" ? 1 : undefined });
  return single(p, noProps(1));
}

/**
 * Whether a combiner could move a record to another group: Flink extracts a KeySelector's key once
 * per input record and carries it through the combiner (KeyExtractingMapper), so a reducer whose
 * result would select another key still stays in its group. Here the exchange after the combiner
 * re-runs the selector on combined records, so a user reducer or an aggregation under a selector
 * key gets no combiner (distinct, minBy and maxBy emit input records: their key cannot change).
 */
function keyMayChange(node: GroupingNode): boolean {
  return node.key?.kind === "selector" && (node.builtin === undefined || node.builtin === "aggregate");
}

type Part = Translated["parts"][number];

/** The estimated records of all of `input`'s parts, if every part has one. */
function estimateOfParts(input: Translated): number | undefined {
  let total = 0;
  for (const part of input.parts) {
    const e = estimateOf(part.node);
    if (e === undefined) return undefined;
    total += e;
  }
  return total;
}

/** Keys one of `parallelism` subtasks may see of `records` (at most MAX_EXPECTED_KEYS), if estimated. */
function expectedKeys(records: number | undefined, parallelism: number): number | undefined {
  return records === undefined ? undefined : Math.min(MAX_EXPECTED_KEYS, Math.ceil(records / parallelism));
}

/** A combiner forward-connected to one producer part, at the producer's parallelism (chained to it). */
function chainedCombiner(node: GroupingNode, t: Translator, part: Part, pact: string, combineDriver: DriverStrategy, keys?: number): Part {
  const cgate: InputGate = {
    channels: [
      {
        source: part.node,
        ship: "FORWARD",
        shipKey: undefined,
        shipOrders: undefined,
        partitioner: undefined,
        local: "NONE",
        localKey: undefined,
        localOrder: undefined,
      },
    ],
  };
  const combiner = t.addNode({
    logical: node,
    driver: combineDriver,
    pact: `Combine (${pact})`,
    name: `Combine (${node.name})`,
    parallelism: part.node.parallelism,
    inputs: [cgate],
    combineUdf: combinerUdf(node),
    withBroadcastSets: true,
    expectedKeys: keys,
  });
  return { node: combiner, props: part.props };
}

function combinerUdf(node: GroupingNode) {
  return node.kind === "reduce" ? node.udf : node.combiner;
}

/** Built-in reductions forward every field; user functions only what they declare. */
function outputForwarding(node: GroupingNode) {
  return node.builtin !== undefined ? FORWARD_ALL : node.semantic.forwarded[0] ?? [];
}
