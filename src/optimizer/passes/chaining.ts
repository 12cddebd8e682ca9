/**
 * Chaining (Flink's JobGraphGenerator rules): a node runs inside its predecessor's task when its
 * driver is chainable, it has one input through one FORWARD channel with no local strategy, the
 * same parallelism, no broadcast inputs, and the predecessor feeds nothing else.
 */
import { DRIVERS, type PhysicalNode } from "../../plan/physical.js";

export function markChains(nodes: readonly PhysicalNode[]): void {
  const consumers = countConsumers(nodes);
  for (const n of nodes) {
    n.chained = false;
    if (!DRIVERS[n.driver].chainable || n.inputs.length !== 1 || n.broadcastInputs.length > 0) continue;
    const gate = n.inputs[0]!;
    if (gate.channels.length !== 1) continue;
    const c = gate.channels[0]!;
    if (c.ship !== "FORWARD" || c.local !== "NONE" || c.source.parallelism !== n.parallelism) continue;
    if (c.source.driver === "SINK" || (consumers.get(c.source) ?? 0) !== 1) continue;
    n.chained = true;
  }
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
