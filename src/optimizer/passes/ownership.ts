/**
 * Record ownership (API.md "Functions"): which nodes emit records that no user code can still
 * mutate, and what a user function is handed when its input is not owned. Channels copy records
 * that are not owned (and every extra copy of a fan-out); operators that keep records copy
 * chained input that is not owned; a record-at-a-time user function that may mutate or keep its
 * input gets a copy of chained input that is not owned (Flink's copying chained output: F5 of
 * issue 13, a function emitting one object twice); a function that provably only reads its
 * arguments (passes/reads-only.ts) gets flat records as they are and makes owned results. With
 * object reuse enabled everything counts as owned and nothing is copied. What each driver emits
 * is its DriverSpec's `output` column; the decisions land on the physical nodes (`outputOwned`,
 * `inputOwned`, `inputCopy`, `readsOnly`, `uncopiedInput`) and show in the plan JSON.
 */
import type { LogicalNode } from "../../plan/logical.js";
import { chainPredecessor, DRIVERS, type CoGroupFold, type DriverStrategy, type InputCopy, type PhysicalNode } from "../../plan/physical.js";
import { estimateOf } from "../cardinality.js";
import { readsOnly } from "./reads-only.js";
import { readsOnlyCoGroup } from "./reads-only-cogroup.js";
import { readsOnlyFlat } from "./reads-only-flat.js";
import { coGroupFold } from "./cogroup-fold.js";

export function markOwnership(nodes: readonly PhysicalNode[], objectReuse: boolean): void {
  for (const n of nodes) {
    // A node chained onto an input it sorts keeps copies of what it does not own in its sorter
    // (runtime/task/subtask-runner.ts), so the records it works on are its own.
    n.inputOwned = objectReuse || !n.chained || chainPredecessor(n).outputOwned || sortsChainedInput(n);
    n.readsOnly = !objectReuse && userReadsOnly(n);
    n.inputCopy = n.inputOwned ? "none" : inputCopy(n);
    if (objectReuse) {
      n.outputOwned = true;
    } else if (n.driver === "SOURCE" && isCollectionSource(n)) {
      // Collection elements are the user's own objects, handed on as they are: a channel copies
      // what is not owned, a chained built-in never mutates and copies what it keeps, a chained
      // user function gets copies (inputCopy, the join drivers' sharing policy), so no user code
      // ever mutates, and no result ever aliases, the user's elements.
      n.outputOwned = false;
    } else if (n.readsOnly && READS_ONLY_DRIVERS.has(n.driver) && n.driver !== "FILTER") {
      // Its arguments are flat or its own (copied when they are not), so its results are too.
      n.outputOwned = true;
    } else {
      n.outputOwned = owned(n);
    }
    const uncopied = objectReuse ? [] : uncopiedInputs(n);
    if (uncopied.length > 0) n.uncopiedInputs = uncopied;
    const fold = foldOf(n);
    if (fold !== undefined) n.coGroupFold = fold;
  }
}

/** A chained one-input node with a local sort on its input (the chain's sorter copies what is not owned). */
function sortsChainedInput(n: PhysicalNode): boolean {
  return n.chained && n.inputs.length === 1 && n.inputs[0]!.channels[0]?.local === "SORT";
}

/**
 * A Hash CoGroup whose function is a fold (passes/cogroup-fold.ts) runs it per key as the records
 * come; it reads as the function would, so copies and ownership stay as decided for it above.
 */
function foldOf(n: PhysicalNode): CoGroupFold | undefined {
  const l = n.logical;
  if (n.driver !== "HASH_CO_GROUP" || l.kind !== "coGroup" || n.combineUdf !== undefined) return undefined;
  const fold = coGroupFold(l.udf.value);
  if (fold === undefined) return undefined;
  // The keys a subtask may see, to allocate the state for: the larger input's estimate.
  const inputs = n.inputs.map((g) => g.channels.reduce<number | undefined>((sum, c) => {
    const e = estimateOf(c.source);
    return sum === undefined || e === undefined ? undefined : sum + e;
  }, 0));
  const known = inputs.every((e) => e !== undefined);
  return known ? { ...fold, expectedKeys: Math.ceil(Math.max(...(inputs as number[])) / n.parallelism) } : fold;
}

/**
 * The inputs that only collection sources feed through channels, of a driver that hands a held
 * record to a function that only reads as it is only when it is flat (else it copies it): the
 * build side of a hash join (pair-function.ts `share`), both sides of a hash coGroup. The
 * function can change nothing and its results keep no object of its arguments, and no user code
 * holds the elements to change them while the job runs, so a channel's copy of each element
 * would be seen by nobody. Not for an outer build side (its unmatched records are handed over as
 * they are) nor for a join's streamed side (its last use is handed over as it is when the
 * driver's input counts as owned).
 */
function uncopiedInputs(n: PhysicalNode): (0 | 1)[] {
  if (!n.readsOnly) return [];
  const sides: (0 | 1)[] = n.driver === "HASH_CO_GROUP" ? [0, 1] : INNER_BUILD_SIDE[n.driver] === undefined ? [] : [INNER_BUILD_SIDE[n.driver]!];
  return sides.filter((side) => {
    const channels = n.inputs[side]!.channels;
    return n.chainedInput !== side && channels.length > 0 && channels.every((c) => isCollectionSource(c.source));
  });
}

/** The input a hash join holds, for the drivers whose held side is not outer. */
const INNER_BUILD_SIDE: Partial<Record<DriverStrategy, 0 | 1>> = {
  HYBRIDHASH_BUILD_FIRST: 0, HYBRIDHASH_BUILD_SECOND: 1, LEFT_HYBRIDHASH_BUILD_SECOND: 1, RIGHT_HYBRIDHASH_BUILD_FIRST: 0,
};

/**
 * Drivers that act on `readsOnly`: the record-at-a-time ones (inputCopy) and the joins and
 * crosses that pair records through join/pair-function.ts. A FlatMap or FlatJoinFunction is
 * analyzed as a function emitting through its collector (reads-only-flat.ts); a
 * solution-set join is not (the solution set's own copies).
 */
const READS_ONLY_DRIVERS: ReadonlySet<DriverStrategy> = new Set<DriverStrategy>([
  "MAP", "FILTER", "FLAT_MAP",
  "HYBRIDHASH_BUILD_FIRST", "HYBRIDHASH_BUILD_SECOND", "INNER_MERGE", "LEFT_OUTER_MERGE", "RIGHT_OUTER_MERGE", "FULL_OUTER_MERGE",
  "LEFT_HYBRIDHASH_BUILD_FIRST", "LEFT_HYBRIDHASH_BUILD_SECOND", "RIGHT_HYBRIDHASH_BUILD_FIRST", "RIGHT_HYBRIDHASH_BUILD_SECOND",
  "FULL_OUTER_HYBRIDHASH_BUILD_FIRST", "FULL_OUTER_HYBRIDHASH_BUILD_SECOND", "NESTEDLOOP_BLOCKED_OUTER_FIRST", "NESTEDLOOP_BLOCKED_OUTER_SECOND",
  "HASH_CO_GROUP",
]);

/** A user function (not a built-in) that only reads its arguments. */
function userReadsOnly(n: PhysicalNode): boolean {
  if (!READS_ONLY_DRIVERS.has(n.driver) || runsBuiltin(n.logical) || n.combineUdf !== undefined) return false;
  const l = n.logical;
  if (!("udf" in l)) return false;
  if (n.driver === "FLAT_MAP" || (l.kind === "join" && l.flat)) return readsOnlyFlat(l.udf.value);
  if (l.kind === "coGroup") return readsOnlyCoGroup(l.udf.value);
  return readsOnly(l.udf.value);
}

/** What a chained Map/FlatMap/Filter running user code gets when its input is not owned. */
function inputCopy(n: PhysicalNode): InputCopy {
  if (n.driver !== "MAP" && n.driver !== "FLAT_MAP" && n.driver !== "FILTER") return "none";
  if (runsBuiltin(n.logical)) return "none";
  if (!n.readsOnly) return "all";
  // A reading filter passes its input on as it is (its output is as owned as its input); a
  // reading map gets non-flat records copied so its results are owned.
  return n.driver === "FILTER" ? "none" : "nested";
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

function isCollectionSource(n: PhysicalNode): boolean {
  return n.logical.kind === "source" && n.logical.source.kind === "collection";
}
