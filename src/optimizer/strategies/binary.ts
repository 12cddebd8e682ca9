/**
 * Strategies for join, coGroup and cross (after Flink's JoinNode / OuterJoinNode / CoGroupNode /
 * CrossNode). A join hint becomes candidates, each stating what its inputs need (hash-partitioned
 * on the key, broadcast, or as they are) and the driver that results, as Flink's
 * HashJoinBuildFirstProperties and friends do. OPTIMIZER_CHOOSES enumerates every candidate the
 * join type allows; each is costed from size estimates and existing partitionings, the cheapest
 * wins. joinWithTiny / joinWithHuge are Flink's BROADCAST_HASH_SECOND / _FIRST.
 */
import { JoinHint, JoinType, Order } from "../../common/enums.js";
import { InternalError } from "../../common/errors.js";
import type { KeyDefinition } from "../../common/keys.js";
import type { CoGroupNode, CrossNode, JoinNode, LogicalNode, Ordering } from "../../plan/logical.js";
import type { DriverStrategy, InputGate } from "../../plan/physical.js";
import type { ForwardedField } from "../../plan/semantic-properties.js";
import type { Channel, PhysicalNode } from "../../plan/physical.js";
import { estimateOf } from "../cardinality.js";
import { forwardProps, keyFieldIds, noProps, type GlobalProps } from "../properties.js";
import { single, type LocalRequirement, type Translated, type Translator } from "../translator.js";

type Ship = "hash" | "broadcast" | "forward";

/** One way to run a join (Flink's OperatorDescriptorDual). */
interface JoinCandidate {
  readonly strategy: Exclude<JoinHint, JoinHint.OPTIMIZER_CHOOSES>;
  readonly ship: readonly [Ship, Ship];
  /** The hash table's side; undefined for sort-merge. */
  readonly build: 0 | 1 | undefined;
}

/** In order of preference when costs tie. */
const JOIN_CANDIDATES: readonly JoinCandidate[] = [
  { strategy: JoinHint.REPARTITION_HASH_SECOND, ship: ["hash", "hash"], build: 1 },
  { strategy: JoinHint.REPARTITION_HASH_FIRST, ship: ["hash", "hash"], build: 0 },
  { strategy: JoinHint.BROADCAST_HASH_SECOND, ship: ["forward", "broadcast"], build: 1 },
  { strategy: JoinHint.BROADCAST_HASH_FIRST, ship: ["broadcast", "forward"], build: 0 },
  { strategy: JoinHint.REPARTITION_SORT_MERGE, ship: ["hash", "hash"], build: undefined },
];

const HASH_DRIVERS: Record<JoinType, readonly [DriverStrategy, DriverStrategy]> = {
  [JoinType.INNER]: ["HYBRIDHASH_BUILD_FIRST", "HYBRIDHASH_BUILD_SECOND"],
  [JoinType.LEFT_OUTER]: ["LEFT_HYBRIDHASH_BUILD_FIRST", "LEFT_HYBRIDHASH_BUILD_SECOND"],
  [JoinType.RIGHT_OUTER]: ["RIGHT_HYBRIDHASH_BUILD_FIRST", "RIGHT_HYBRIDHASH_BUILD_SECOND"],
  [JoinType.FULL_OUTER]: ["FULL_OUTER_HYBRIDHASH_BUILD_FIRST", "FULL_OUTER_HYBRIDHASH_BUILD_SECOND"],
};
const MERGE_DRIVERS: Record<JoinType, DriverStrategy> = {
  [JoinType.INNER]: "INNER_MERGE",
  [JoinType.LEFT_OUTER]: "LEFT_OUTER_MERGE",
  [JoinType.RIGHT_OUTER]: "RIGHT_OUTER_MERGE",
  [JoinType.FULL_OUTER]: "FULL_OUTER_MERGE",
};

/** Inputs whose fields are never null in the output ([first, second]): only those carry partitionings. */
const NON_NULL_SIDES: Record<JoinType, readonly [boolean, boolean]> = {
  [JoinType.INNER]: [true, true],
  [JoinType.LEFT_OUTER]: [true, false],
  [JoinType.RIGHT_OUTER]: [false, true],
  [JoinType.FULL_OUTER]: [false, false],
};

/** A side may be broadcast only if its unmatched records need not be emitted. */
function allowedFor(c: JoinCandidate, joinType: JoinType): boolean {
  const outer = [joinType === JoinType.LEFT_OUTER || joinType === JoinType.FULL_OUTER, joinType === JoinType.RIGHT_OUTER || joinType === JoinType.FULL_OUTER];
  return !c.ship.some((s, i) => s === "broadcast" && outer[i]);
}

function joinCandidates(node: JoinNode): JoinCandidate[] {
  const hint = node.sizeHintSecond === "tiny" ? JoinHint.BROADCAST_HASH_SECOND : node.sizeHintSecond === "huge" ? JoinHint.BROADCAST_HASH_FIRST : node.hint;
  const allowed = JOIN_CANDIDATES.filter((c) => allowedFor(c, node.joinType) && (hint === JoinHint.OPTIMIZER_CHOOSES || c.strategy === hint));
  if (allowed.length === 0) throw new InternalError(`${node.name}: no strategy for hint ${hint} on a ${node.joinType} join`);
  return allowed;
}

interface Planned {
  readonly gates: [InputGate, InputGate];
  /** The partitioning the output keeps, before forwarded fields are applied (per input). */
  readonly props: readonly [GlobalProps, GlobalProps];
  readonly cost: number;
}

export function translateJoin(node: JoinNode, t: Translator): Translated {
  const p = t.parallelismOf(node);
  const inputs = [t.translate(node.first), t.translate(node.second)] as const;
  const keys = [node.keyFirst, node.keySecond] as const;
  const sizes = [sizeOf(inputs[0]), sizeOf(inputs[1])] as const;
  let best: { c: JoinCandidate; plan: Planned } | undefined;
  for (const c of joinCandidates(node)) {
    const plan = planJoin(c, inputs, keys, sizes, p, t);
    if (!best || plan.cost < best.plan.cost) best = { c, plan };
  }
  const { c, plan } = best!;
  const driver = c.build === undefined ? MERGE_DRIVERS[node.joinType] : HASH_DRIVERS[node.joinType][c.build];
  const estimatedRecords = sizes.every((s) => s.known) ? Math.max(sizes[0].records, sizes[1].records) : undefined;
  const pact = node.joinType === JoinType.INNER ? "Join" : "Outer Join";
  const pn = t.addNode({ logical: node, driver, pact, parallelism: p, inputs: plan.gates, estimatedRecords });
  return single(pn, outputProps(node, plan.props, NON_NULL_SIDES[node.joinType], p));
}

function planJoin(
  c: JoinCandidate,
  inputs: readonly [Translated, Translated],
  keys: readonly [KeyDefinition, KeyDefinition],
  sizes: readonly { records: number }[],
  p: number,
  t: Translator,
): Planned {
  const s = [sizes[0]!.records, sizes[1]!.records] as const;
  if (c.ship[0] === "hash") {
    const sorted = c.build === undefined;
    const locals = keys.map((k) => (sorted ? sortOn(k, []) : { local: "NONE" })) as [LocalRequirement, LocalRequirement];
    const { gates, keys: pk } = coPartitionedGates(inputs, keys, p, locals);
    const net = gateNetworkCost(gates[0], p) + gateNetworkCost(gates[1], p);
    const local = sorted ? sortCost(s[0]) + sortCost(s[1]) : 2 * s[c.build!] + s[1 - c.build!]!;
    return { gates, props: [partitionedProps(pk[0], p), partitionedProps(pk[1], p)], cost: net + local };
  }
  const gates = c.ship.map((ship, i) => t.connect(inputs[i]!, p, { kind: ship === "broadcast" ? "broadcast" : "forward" })) as [InputGate, InputGate];
  const probe = c.build === 0 ? 1 : 0;
  const net = gateNetworkCost(gates[0], p) + gateNetworkCost(gates[1], p);
  const local = 2 * s[c.build!]! * p + s[probe]!;
  const props: [GlobalProps, GlobalProps] = [noProps(p), noProps(p)];
  props[probe] = t.propsAfter(gates[probe], p, inputs[probe]);
  return { gates, props, cost: net + local };
}

/** Local SORT on the key ascending, then on the group order (sort-merge join, coGroup). */
function sortOn(key: KeyDefinition, groupOrder: readonly Ordering[]): LocalRequirement {
  return { local: "SORT", key, order: [{ key, order: Order.ASCENDING }, ...groupOrder] };
}

/** The output's partitioning: an input's, carried through the fields it forwards (never a nullable side's). */
function outputProps(node: LogicalNode, props: readonly [GlobalProps, GlobalProps], usable: readonly [boolean, boolean], p: number): GlobalProps {
  for (const i of [0, 1] as const) {
    if (!usable[i] || props[i].partitioning === "none") continue;
    const forwarded: readonly ForwardedField[] = node.semantic.forwarded[i] ?? [];
    const out = forwardProps(props[i], forwarded, p);
    if (out.partitioning !== "none") return out;
  }
  return noProps(p);
}

/**
 * CoGroup: both inputs hash-partitioned on the key. Without a group order it is a hash coGroup
 * (HASH_CO_GROUP: no sort at all; past its memory share it sorts what it holds and merges, as the
 * sort-based driver would); with one (sortFirstGroup / sortSecondGroup), Flink's sort-merge
 * CO_GROUP over both inputs sorted on the key, then the group order.
 */
export function translateCoGroup(node: CoGroupNode, t: Translator): Translated {
  const p = t.parallelismOf(node);
  const inputs = [t.translate(node.first), t.translate(node.second)] as const;
  const keys = [node.keyFirst, node.keySecond] as const;
  const hashed = node.groupOrderFirst.length === 0 && node.groupOrderSecond.length === 0;
  const locals: [LocalRequirement, LocalRequirement] = hashed
    ? [{ local: "NONE" }, { local: "NONE" }]
    : [sortOn(keys[0], node.groupOrderFirst), sortOn(keys[1], node.groupOrderSecond)];
  const { gates, keys: pk } = coPartitionedGates(inputs, keys, p, locals);
  const driver: DriverStrategy = hashed ? "HASH_CO_GROUP" : "CO_GROUP";
  const pn = t.addNode({ logical: node, driver, pact: "CoGroup", parallelism: p, inputs: gates });
  return single(pn, outputProps(node, [partitionedProps(pk[0], p), partitionedProps(pk[1], p)], [true, true], p));
}

/**
 * Cross: one side is broadcast and held, the other streams as it is (Flink's
 * NESTEDLOOP_BLOCKED_OUTER_FIRST / _SECOND). crossWithTiny broadcasts the second input,
 * crossWithHuge the first; otherwise the cheaper to ship (ties: the second).
 */
export function translateCross(node: CrossNode, t: Translator): Translated {
  const p = t.parallelismOf(node);
  const inputs = [t.translate(node.first), t.translate(node.second)] as const;
  const sides: (0 | 1)[] = node.sizeHintSecond === "tiny" ? [1] : node.sizeHintSecond === "huge" ? [0] : [1, 0];
  let best: { held: 0 | 1; gates: [InputGate, InputGate]; cost: number } | undefined;
  for (const held of sides) {
    const gates = ([0, 1] as const).map((i) => t.connect(inputs[i], p, { kind: i === held ? "broadcast" : "forward" })) as [InputGate, InputGate];
    const cost = gateNetworkCost(gates[0], p) + gateNetworkCost(gates[1], p);
    if (!best || cost < best.cost) best = { held, gates, cost };
  }
  const { held, gates } = best!;
  const sizes = [sizeOf(inputs[0]), sizeOf(inputs[1])];
  const estimatedRecords = sizes.every((s) => s.known) ? sizes[0]!.records * sizes[1]!.records : undefined;
  const driver: DriverStrategy = held === 0 ? "NESTEDLOOP_BLOCKED_OUTER_FIRST" : "NESTEDLOOP_BLOCKED_OUTER_SECOND";
  const pn = t.addNode({ logical: node, driver, pact: "Cross", parallelism: p, inputs: gates, estimatedRecords });
  const streamed = held === 0 ? 1 : 0;
  const props: [GlobalProps, GlobalProps] = [noProps(p), noProps(p)];
  props[streamed] = t.propsAfter(gates[streamed], p, inputs[streamed]);
  return single(pn, outputProps(node, props, [true, true], p));
}

// ---- co-partitioning: both inputs hash-partitioned alike, reusing an existing partitioning ----

/**
 * Gates that hash-partition both inputs on corresponding keys. If one input is already
 * hash-partitioned on some of its key fields (by an earlier exchange, kept through forwarded
 * fields), both sides partition on just those fields, in that order, so that input is forwarded
 * as it is and the other is hashed the same way (or forwarded too, if it already is).
 */
function coPartitionedGates(
  inputs: readonly [Translated, Translated],
  keys: readonly [KeyDefinition, KeyDefinition],
  p: number,
  locals: readonly [LocalRequirement, LocalRequirement],
): { gates: [InputGate, InputGate]; keys: [KeyDefinition, KeyDefinition] } {
  const pk = existingBasis(inputs[0], keys[0], keys[1], p) ?? swap(existingBasis(inputs[1], keys[1], keys[0], p)) ?? [keys[0], keys[1]];
  const gates = ([0, 1] as const).map((i) => ({
    channels: inputs[i].parts.map((part) => {
      const keep = part.node.parallelism === p && (p === 1 || exactlyOn(part.props, pk[i], p));
      return channel(part.node, keep ? "FORWARD" : "PARTITION_HASH", pk[i], locals[i]);
    }),
  })) as [InputGate, InputGate];
  return { gates, keys: pk };
}

/** The sub-keys [own, other] matching how `input` is already hash-partitioned, if it is. */
function existingBasis(input: Translated, key: KeyDefinition, other: KeyDefinition, p: number): [KeyDefinition, KeyDefinition] | undefined {
  if (p === 1 || input.parts.length !== 1) return undefined;
  const { node, props } = input.parts[0]!;
  if (node.parallelism !== p || props.partitioning !== "hash" || props.parallelism !== p || props.fields.length === 0) return undefined;
  const ids = keyFieldIds(key);
  const idx = props.fields.map((f) => ids.indexOf(f));
  if (idx.some((i) => i < 0)) return undefined;
  if (idx.length === ids.length && idx.every((i, n) => i === n)) return [key, other];
  if (key.kind !== "fields" || other.kind !== "fields") return undefined;
  return [{ kind: "fields", fields: idx.map((i) => key.fields[i]!) }, { kind: "fields", fields: idx.map((i) => other.fields[i]!) }];
}

function swap<A>(pair: [A, A] | undefined): [A, A] | undefined {
  return pair && [pair[1], pair[0]];
}

function exactlyOn(props: GlobalProps, key: KeyDefinition, p: number): boolean {
  const ids = keyFieldIds(key);
  return props.partitioning === "hash" && props.parallelism === p && props.fields.length === ids.length && props.fields.every((f, i) => f === ids[i]);
}

function channel(source: PhysicalNode, ship: "FORWARD" | "PARTITION_HASH", key: KeyDefinition, local: LocalRequirement): Channel {
  return {
    source,
    ship,
    shipKey: ship === "FORWARD" ? undefined : key,
    shipOrders: undefined,
    partitioner: undefined,
    local: local.local,
    localKey: local.key,
    localOrder: local.order,
  };
}

/** Records partitioned on `key` across p subtasks. */
function partitionedProps(key: KeyDefinition, p: number): GlobalProps {
  return { partitioning: "hash", fields: keyFieldIds(key), parallelism: p };
}

// ---- costs: records shipped plus local work, from size estimates ----

/** Assumed size of an input whose size nothing tells. */
const UNKNOWN_RECORDS = 1_000_000;
function sizeOf(input: Translated): { records: number; known: boolean } {
  const estimates = input.parts.map((part) => estimateOf(part.node));
  const known = estimates.every((e) => e !== undefined);
  return { records: estimates.reduce<number>((a, e) => a + (e ?? UNKNOWN_RECORDS), 0), known };
}

/** Records sent over the network: nothing for a forward, every record per subtask for a broadcast. */
function gateNetworkCost(gate: InputGate, p: number): number {
  let cost = 0;
  for (const c of gate.channels) {
    if (c.ship === "FORWARD") continue;
    const records = estimateOf(c.source) ?? UNKNOWN_RECORDS;
    cost += c.ship === "BROADCAST" ? records * p : records;
  }
  return cost;
}

function sortCost(records: number): number {
  return records * Math.log2(records + 2);
}
