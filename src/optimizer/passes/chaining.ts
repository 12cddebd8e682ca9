/**
 * Chaining (Flink's JobGraphGenerator rules): a node runs inside its predecessor's task when its
 * driver is chainable, it has one input through one FORWARD channel with no local strategy (or a
 * local sort, which the chain does), the same parallelism, no broadcast inputs, and the
 * predecessor feeds nothing else.
 * A hash join also chains onto its probe input (the build side still arrives through an
 * exchange, read completely first), so the probe side streams through without being buffered;
 * a hash coGroup likewise onto its second input, the first read completely first.
 */
import { DRIVERS, type DriverStrategy, type LocalStrategy, type PhysicalNode } from "../../plan/physical.js";

export function markChains(nodes: readonly PhysicalNode[]): void {
  const consumers = countConsumers(nodes);
  for (const n of nodes) {
    n.chained = false;
    n.chainedInput = undefined;
    if (n.broadcastInputs.length > 0) continue;
    const input = chainableInput(n);
    if (input === undefined) continue;
    const gate = n.inputs[input]!;
    if (gate.channels.length !== 1) continue;
    const c = gate.channels[0]!;
    if (c.ship !== "FORWARD" || !chainableLocal(n, c.local) || c.source.parallelism !== n.parallelism) continue;
    if (c.source.driver === "SINK" || (consumers.get(c.source) ?? 0) !== 1) continue;
    n.chained = true;
    if (n.inputs.length === 2) n.chainedInput = input;
  }
}

/**
 * A one-input node may chain onto an input it sorts (local SORT): the chain pushes the
 * predecessor's records into the node's external sorter, which hands them on in order once the
 * predecessor is done (runtime/task/subtask-runner.ts), instead of a channel holding (and past
 * its share spilling) every record only to give them to the same sorter.
 */
function chainableLocal(n: PhysicalNode, local: LocalStrategy): boolean {
  return local === "NONE" || (local === "SORT" && n.inputs.length === 1);
}

/** Hash join drivers by the input they build from; the other one (the probe) can be chained. */
const HASH_JOIN_BUILD: Partial<Record<DriverStrategy, 0 | 1>> = {
  HYBRIDHASH_BUILD_FIRST: 0,
  HYBRIDHASH_BUILD_SECOND: 1,
  LEFT_HYBRIDHASH_BUILD_FIRST: 0,
  LEFT_HYBRIDHASH_BUILD_SECOND: 1,
  RIGHT_HYBRIDHASH_BUILD_FIRST: 0,
  RIGHT_HYBRIDHASH_BUILD_SECOND: 1,
  FULL_OUTER_HYBRIDHASH_BUILD_FIRST: 0,
  FULL_OUTER_HYBRIDHASH_BUILD_SECOND: 1,
};

function chainableInput(n: PhysicalNode): 0 | 1 | undefined {
  if (n.inputs.length === 1) return DRIVERS[n.driver].chainable ? 0 : undefined;
  // A hash coGroup reads its first input whole, then the second: the second can stream through.
  if (n.driver === "HASH_CO_GROUP") return 1;
  const build = HASH_JOIN_BUILD[n.driver];
  return build === undefined ? undefined : build === 0 ? 1 : 0;
}

/** How many channels (data and broadcast) read each node's output. */
export function countConsumers(nodes: readonly PhysicalNode[]): Map<PhysicalNode, number> {
  const counts = new Map<PhysicalNode, number>();
  for (const n of nodes) {
    for (const g of [...n.inputs, ...n.broadcastInputs.map((b) => b.gate)]) {
      for (const c of g.channels) counts.set(c.source, (counts.get(c.source) ?? 0) + 1);
    }
  }
  return counts;
}
