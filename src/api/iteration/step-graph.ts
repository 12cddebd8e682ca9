/**
 * Definition-time analysis of a step function: which logical nodes depend on the iteration
 * (they form the step and run every superstep) and which outside DataSets the step reads (the
 * static path, computed once). Also the checks Flink makes when it translates an iteration:
 * the step must use the iteration, only its own placeholders, no nested iteration, and the
 * solution set only as a join/coGroup input on its key.
 */
import { JoinType } from "../../common/enums.js";
import { InvalidProgramException } from "../../common/errors.js";
import type { KeyDefinition } from "../../common/keys.js";
import { inputsOf, type BulkIterationNode, type DeltaIterationNode, type LogicalNode } from "../../plan/logical.js";

type IterationNode = BulkIterationNode | DeltaIterationNode;

export interface StepGraph {
  /** Whether a node depends on the iteration's placeholders. */
  depends(node: LogicalNode): boolean;
  /** The dependent nodes reachable from the outputs, inputs before consumers. */
  readonly dependent: readonly LogicalNode[];
}

/** Walks the step backwards from `outputs`; throws on foreign placeholders and nested iterations. */
export function analyzeStep(iteration: IterationNode, outputs: readonly LogicalNode[]): StepGraph {
  const memo = new Map<LogicalNode, boolean>();
  const dependent: LogicalNode[] = [];
  const visit = (n: LogicalNode): boolean => {
    const known = memo.get(n);
    if (known !== undefined) return known;
    memo.set(n, false); // the plan is a DAG; this only guards the walk
    let d: boolean;
    if (n.kind === "partialSolution" || n.kind === "workset" || n.kind === "solutionSet") {
      if (n.iteration !== iteration) throw foreignPlaceholder(iteration, n.kind, n.iteration);
      d = true;
    } else {
      d = false;
      for (const i of [...inputsOf(n), ...n.broadcastSets.map((b) => b.input)]) d = visit(i) || d;
      if (d && (n.kind === "bulkIteration" || n.kind === "deltaIteration")) {
        throw new InvalidProgramException(`${iteration.name}: '${n.name}' is an iteration inside the step function; nested iterations are not supported`);
      }
    }
    memo.set(n, d);
    if (d) dependent.push(n);
    return d;
  };
  for (const o of outputs) visit(o);
  return { depends: (n) => memo.get(n) ?? false, dependent };
}

function foreignPlaceholder(iteration: IterationNode, kind: string, owner: IterationNode): InvalidProgramException {
  const what = kind === "partialSolution" ? "partial solution" : kind === "solutionSet" ? "solution set" : "workset";
  return new InvalidProgramException(`${iteration.name}: the step function uses the ${what} of another iteration ('${owner.name}'); ` +
    `a ${what} can only be used inside its own iteration's step function (did you close the wrong iteration?)`);
}

/** Throws unless `output` depends on the iteration. */
export function requireDependent(graph: StepGraph, iteration: IterationNode, output: LogicalNode, role: string, hint: string): void {
  if (!graph.depends(output)) {
    throw new InvalidProgramException(`${iteration.name}: the ${role} ('${output.name}') does not depend on the iteration; ${hint}`);
  }
}

/**
 * The solution set may only be an input of a join or coGroup, on its key, and not on the side an
 * outer join would have to scan completely (Flink's rules for the solution set).
 */
export function checkSolutionSetUses(graph: StepGraph, iteration: DeltaIterationNode): void {
  const ss = iteration.solutionSet;
  for (const n of graph.dependent) {
    if (n.broadcastSets.some((b) => b.input === ss)) {
      throw new InvalidProgramException(
        `${iteration.name}: '${n.name}' uses the solution set as a broadcast set; the solution set can only be joined or coGrouped with, on its key`,
      );
    }
    if (!inputsOf(n).includes(ss)) continue;
    if (n.kind !== "join" && n.kind !== "coGroup") {
      throw new InvalidProgramException(
        `${iteration.name}: '${n.name}' (${n.kind}) reads the solution set; ` +
          `the solution set can only be joined or coGrouped with, on its key ${describe(iteration.key)}`,
      );
    }
    if (n.first === ss && n.second === ss) throw new InvalidProgramException(`${iteration.name}: '${n.name}' joins the solution set with itself`);
    const ssFirst = n.first === ss;
    const key = ssFirst ? n.keyFirst : n.keySecond;
    if (!sameFields(key, iteration.key)) {
      throw new InvalidProgramException(
        `${iteration.name}: '${n.name}' uses the key ${describe(key)} on the solution set side, ` +
          `but the solution set is keyed on ${describe(iteration.key)}; join or coGroup with the solution set on its key`,
      );
    }
    if (n.kind === "join") checkOuterSide(iteration, n.name, n.joinType, ssFirst);
  }
}

function checkOuterSide(iteration: DeltaIterationNode, name: string, joinType: JoinType, ssFirst: boolean): void {
  const ok = joinType === JoinType.INNER || (joinType === JoinType.LEFT_OUTER && !ssFirst) || (joinType === JoinType.RIGHT_OUTER && ssFirst);
  if (!ok) {
    throw new InvalidProgramException(
      `${iteration.name}: '${name}' is a ${joinType} join that would keep unmatched solution set records; ` +
        `with the solution set only inner joins and outer joins that keep the other side's records are supported`,
    );
  }
}

/** Normalized key fields: positions and "fN" expressions both as "fN". */
export function keyFieldNames(key: KeyDefinition): string[] | undefined {
  if (key.kind !== "fields") return undefined;
  return key.fields.map((f) => (typeof f === "number" ? `f${f}` : f));
}

function sameFields(a: KeyDefinition, b: KeyDefinition): boolean {
  const fa = keyFieldNames(a);
  const fb = keyFieldNames(b);
  return fa !== undefined && fb !== undefined && fa.length === fb.length && fa.every((f, i) => f === fb[i]);
}

function describe(key: KeyDefinition): string {
  return key.kind === "selector" ? "a KeySelector" : `[${key.fields.join(", ")}]`;
}
