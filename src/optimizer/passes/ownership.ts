/**
 * Record ownership (API.md "Functions"): which nodes emit records that no user code can still
 * mutate. Channels copy records that are not owned (and every extra copy of a fan-out), and
 * operators that keep records copy chained input that is not owned; with object reuse enabled
 * everything counts as owned and nothing is copied. What each driver emits is its DriverSpec's
 * `output` column; the decisions land on the physical nodes (`outputOwned`, `inputOwned`).
 */
import type { LogicalNode } from "../../plan/logical.js";
import { chainPredecessor, DRIVERS, type PhysicalNode } from "../../plan/physical.js";

export function markOwnership(nodes: readonly PhysicalNode[], objectReuse: boolean): void {
  const successor = chainedSuccessors(nodes);
  for (const n of nodes) {
    n.inputOwned = objectReuse || !n.chained || chainPredecessor(n).outputOwned;
    if (objectReuse) {
      n.outputOwned = true;
    } else if (n.driver === "SOURCE" && isCollectionSource(n)) {
      // Collection elements are the user's own objects: the source hands out copies (owned
      // output) only when a chained consumer could mutate or keep them as they are. A channel
      // copies what is not owned; a chained built-in that never mutates its input copies what it
      // keeps; so no user code ever sees, and no result ever aliases, the user's elements.
      const next = successor.get(n);
      n.outputOwned = next !== undefined && !keepsByCopy(next);
    } else {
      n.outputOwned = owned(n);
    }
  }
}

function owned(n: PhysicalNode): boolean {
  const output = DRIVERS[n.driver].output;
  switch (output) {
    case "fresh": return true;
    case "input": return n.inputOwned;
    case "user": return runsBuiltin(n.logical);
    case "user-or-input": return runsBuiltin(n.logical) && n.inputOwned;
  }
}

/** The engine's own function (a built-in) or the collect sink, not user code. */
function runsBuiltin(l: LogicalNode): boolean {
  if (l.kind === "sink") return l.sink.kind === "collect";
  return "builtin" in l && l.builtin !== undefined;
}

function chainedSuccessors(nodes: readonly PhysicalNode[]): Map<PhysicalNode, PhysicalNode> {
  const m = new Map<PhysicalNode, PhysicalNode>();
  for (const n of nodes) if (n.chained) m.set(chainPredecessor(n), n);
  return m;
}

function isCollectionSource(n: PhysicalNode): boolean {
  return n.logical.kind === "source" && n.logical.source.kind === "collection";
}

/** Drivers that never mutate their input and copy what they keep when it is not owned. */
function keepsByCopy(n: PhysicalNode): boolean {
  return DRIVERS[n.driver].builtinKeepsByCopy && runsBuiltin(n.logical);
}
