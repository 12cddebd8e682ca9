/**
 * Record ownership (API.md "Functions"): which nodes emit records that no user code can still
 * mutate. Channels copy records that are not owned (and every extra copy of a fan-out), and
 * operators that keep records copy chained input that is not owned; with object reuse enabled
 * everything counts as owned and nothing is copied.
 */
import { chainPredecessor, type DriverStrategy, type PhysicalNode } from "../../plan/physical.js";

/** Drivers whose output is the user function's objects. */
const USER_OUTPUT = new Set<DriverStrategy>(["MAP", "FLAT_MAP", "MAP_PARTITION", "HASH_GROUP_REDUCE", "SORTED_GROUP_REDUCE", "ALL_GROUP_REDUCE", "HASH_GROUP_COMBINE", "SORTED_GROUP_COMBINE", "ALL_GROUP_COMBINE", "CO_GROUP"]);
/** Drivers that pass their input records through. */
const PASS_THROUGH = new Set<DriverStrategy>(["FILTER", "UNARY_NO_OP", "SORT_PARTITION", "PROJECT"]);

export function markOwnership(nodes: readonly PhysicalNode[], objectReuse: boolean): void {
  const successor = chainedSuccessors(nodes);
  for (const n of nodes) {
    n.inputOwned = inputOwned(n, objectReuse);
    if (objectReuse) {
      n.outputOwned = true;
    } else if (n.driver === "SOURCE" && isCollectionSource(n)) {
      // Collection elements are the program's own objects: the source copies them only when a
      // chained user function will see them; otherwise whoever keeps a record copies it.
      const next = successor.get(n);
      n.outputOwned = next !== undefined && !keepsByCopy(next);
      n.outputOwned = true;
    } else if (PASS_THROUGH.has(n.driver)) {
      n.outputOwned = n.inputOwned;
    } else if (USER_OUTPUT.has(n.driver)) {
      n.outputOwned = isBuiltin(n) && (n.driver === "MAP" || n.inputOwned);
    } else {
      // Sources make fresh records; reduces keep owned accumulators; joins copy what they share.
      n.outputOwned = n.driver !== "SINK" ? !userJoinOutput(n) : true;
    }
  }
}

/** Whether the records a node receives are owned: always through a channel, else its predecessor's. */
function inputOwned(n: PhysicalNode, objectReuse: boolean): boolean {
  if (objectReuse) return true;
  if (!n.chained) return true;
  return chainPredecessor(n).outputOwned;
}

function isBuiltin(n: PhysicalNode): boolean {
  const l = n.logical;
  return "builtin" in l && l.builtin !== undefined;
}

/**
 * Join and cross output is owned for built-in results (default pairs, projections): the drivers
 * copy every record they hand out more than once. A user function's results are its own objects.
 */
function userJoinOutput(n: PhysicalNode): boolean {
  const l = n.logical;
  return (l.kind === "join" || l.kind === "cross") && l.builtin === undefined;
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
  const l = n.logical;
  if (n.driver === "SINK") return l.kind === "sink" && l.sink.kind === "collect";
  return (l.kind === "reduce" || l.kind === "groupReduce" || l.kind === "map") && l.builtin !== undefined;
}
