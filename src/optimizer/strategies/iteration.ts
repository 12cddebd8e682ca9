/**
 * Strategies for bulk and delta iterations (Flink's BulkIterationNode / WorksetIterationNode).
 * The step function is translated once, into a physical plan of its own (IterationPlan) that the
 * iteration runtime runs every superstep: placeholders stand for the partial solution or workset
 * and for each outside DataSet the step reads (the static path, computed once outside and fed
 * from the iteration node's input gates); output nodes gather what the next superstep needs.
 * Joins and coGroups with the solution set become drivers that probe the solution set's index;
 * their other input, the initial solution set and the delta are hash-partitioned exactly as
 * that index (same key, same hash), or shipped FORWARD where they already are.
 */
import { InvalidProgramException } from "../../common/errors.js";
import type { BulkIterationNode, CoGroupNode, DeltaIterationNode, IterationPlaceholderNode, JoinNode, LogicalNode } from "../../plan/logical.js";
import type { DriverStrategy, PhysicalNode } from "../../plan/physical.js";
import { forwardProps, noProps } from "../properties.js";
import { single, type Translated, type Translator } from "../translator.js";
import { exactHashGate, hashProps, StepScope } from "./iteration-step.js";

export function translateBulkIteration(node: BulkIterationNode, t: Translator): Translated {
  const next = node.nextPartialSolution;
  if (next === undefined) throw notClosed(node);
  const p = t.parallelismOf(node);
  const initialGate = t.connect(t.translate(node.input), p, { kind: "forward" });
  const criterion = node.terminationCriterion;
  const scope = new StepScope(node, criterion ? [next, criterion] : [next], t, p);
  const head = scope.placeholder(node.placeholder, "PARTIAL_SOLUTION", noProps(p));
  const nextNode = scope.output(next, "NEXT_PARTIAL_SOLUTION", "Next Partial Solution", (input) => t.connect(input, p, { kind: "forward" }), p);
  const criterionNode =
    criterion === undefined
      ? undefined
      : scope.output(
          criterion,
          "TERMINATION_CRITERION",
          "Termination Criterion",
          (input) => t.connect(input, partsParallelism(input, p), { kind: "forward" }),
          partsParallelism(t.translate(criterion), p),
        );
  const step = scope.close();
  const iter = t.addNode({
    logical: node,
    driver: "BULK_ITERATION",
    pact: "Bulk Iteration",
    parallelism: p,
    inputs: [initialGate, ...step.staticGates],
    withBroadcastSets: false,
  });
  iter.iteration = {
    kind: "bulk", nodes: step.nodes, head, solutionSet: undefined, staticInputs: step.staticInputs,
    next: nextNode, terminationCriterion: criterionNode, solutionSetDelta: undefined, key: undefined,
  };
  return single(iter, noProps(p));
}

export function translateDeltaIteration(node: DeltaIterationNode, t: Translator): Translated {
  const delta = node.solutionSetDelta;
  const nextWorkset = node.nextWorkset;
  if (delta === undefined || nextWorkset === undefined) throw notClosed(node);
  const p = t.parallelismOf(node);
  const solutionGate = exactHashGate(t.translate(node.initialSolutionSet), node.key, p);
  const worksetGate = t.connect(t.translate(node.initialWorkset), p, { kind: "forward" });
  const scope = new StepScope(node, [delta, nextWorkset], t, p);
  const ss = scope.placeholder(node.solutionSet, "SOLUTION_SET", hashProps(node.key, p));
  const head = scope.placeholder(node.workset, "WORKSET", noProps(p));
  // Dependencies first, so a solution-set join is translated here before any consumer asks.
  for (const n of scope.dependent) {
    if ((n.kind === "join" || n.kind === "coGroup") && (n.first === node.solutionSet || n.second === node.solutionSet)) {
      t.seed(n, translateSolutionSetOperator(n, node, ss, t, p));
    }
  }
  // The delta first: its output runs before the next workset's where they share a producer.
  const deltaNode = scope.output(delta, "SOLUTION_SET_DELTA", "Solution Set Delta", (input) => exactHashGate(input, node.key, p), p);
  const nextNode = scope.output(nextWorkset, "NEXT_WORKSET", "Next Workset", (input) => t.connect(input, p, { kind: "forward" }), p);
  const step = scope.close();
  const iter = t.addNode({
    logical: node,
    driver: "DELTA_ITERATION",
    pact: "Workset Iteration",
    parallelism: p,
    inputs: [solutionGate, worksetGate, ...step.staticGates],
    withBroadcastSets: false,
  });
  iter.iteration = {
    kind: "delta", nodes: step.nodes, head, solutionSet: ss, staticInputs: step.staticInputs,
    next: nextNode, terminationCriterion: undefined, solutionSetDelta: deltaNode, key: node.key,
  };
  return single(iter, hashProps(node.key, p));
}

export function translatePlaceholder(node: IterationPlaceholderNode, _t: Translator): Translated {
  const what = node.kind === "partialSolution" ? "partial solution" : node.kind === "solutionSet" ? "solution set" : "workset";
  throw new InvalidProgramException(
    `${node.iteration.name}: its ${what} is used outside the iteration's step function; ` +
      `a DataSet built from it can only feed closeWith(...) of that iteration (did you forget to close the iteration, or use a step-function DataSet after closing it?)`,
  );
}

/** A join or coGroup with the solution set: the other input is shipped to the index's subtask. */
function translateSolutionSetOperator(n: JoinNode | CoGroupNode, it: DeltaIterationNode, ss: PhysicalNode, t: Translator, p: number): Translated {
  const ssFirst = n.first === it.solutionSet;
  const other = t.translate(ssFirst ? n.second : n.first);
  const otherKey = ssFirst ? n.keySecond : n.keyFirst;
  const otherGate = exactHashGate(other, otherKey, p);
  const ssGate = t.connect(single(ss, hashProps(it.key, p)), p, { kind: "forward" });
  const driver: DriverStrategy = n.kind === "join"
    ? (ssFirst ? "JOIN_WITH_SOLUTION_SET_FIRST" : "JOIN_WITH_SOLUTION_SET_SECOND")
    : (ssFirst ? "CO_GROUP_WITH_SOLUTION_SET_FIRST" : "CO_GROUP_WITH_SOLUTION_SET_SECOND");
  const phys = t.addNode({
    logical: n,
    driver,
    pact: n.kind === "join" ? "Join" : "CoGroup",
    parallelism: p,
    inputs: ssFirst ? [ssGate, otherGate] : [otherGate, ssGate],
  });
  const forwarded = n.semantic.forwarded[ssFirst ? 1 : 0] ?? [];
  return single(phys, forwardProps(hashProps(otherKey, p), forwarded, p));
}

/** The parallelism of a translated DataSet (a union's first part), or `fallback`. */
function partsParallelism(input: Translated, fallback: number): number {
  return input.parts[0]?.node.parallelism ?? fallback;
}

function notClosed(node: LogicalNode): InvalidProgramException {
  return new InvalidProgramException(`${node.name}: the iteration was never closed; call closeWith(...) before using its result`);
}
