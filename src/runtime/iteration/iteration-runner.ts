/**
 * Runs a bulk or delta iteration node (Flink's iteration head, tail and synchronization tasks in
 * one loop): materializes its inputs once (initial partial solution or solution set and workset,
 * static inputs), runs supersteps until a termination condition holds, and returns its result
 * per subtask for the task the iteration heads. Conditions are checked after every superstep:
 * an empty termination criterion (bulk) or an empty next workset (delta), the convergence
 * criterion on its aggregator's merged value, and the maximum number of iterations.
 */
import { convergenceFunction } from "../../common/aggregators.js";
import type { BulkIterationNode, DeltaIterationNode } from "../../plan/logical.js";
import type { IterationPlan, PhysicalNode } from "../../plan/physical.js";
import type { Exchange } from "../exchange/exchange.js";
import type { Task } from "../job-graph.js";
import type { IterationView } from "../task/runtime-context-impl.js";
import type { SubtaskEnv } from "../task/subtask-runner.js";
import { IterationAggregators } from "./aggregators.js";
import { SolutionSetIndex } from "./solution-set.js";
import type { IterationStats } from "./stats.js";
import type { IterationStepIO } from "./step-io.js";
import { StepRunner } from "./step-runner.js";

export interface IterationRun {
  /** The iteration's result records of each subtask. */
  readonly output: (subtask: number) => Iterable<unknown>;
  readonly stats: IterationStats;
}

type Termination = IterationStats["terminatedBy"];

export async function runIteration(node: PhysicalNode, task: Task, env: SubtaskEnv): Promise<IterationRun> {
  const plan = node.iteration!;
  const logical = node.logical as BulkIterationNode | DeltaIterationNode;
  const p = node.parallelism;
  const firstStatic = plan.kind === "bulk" ? 1 : 2;
  const statics = new Map(plan.staticInputs.map((s, k) => [s, readGate(task.inputs[firstStatic + k]!, p)] as const));
  const indexes = plan.kind === "delta" ? buildSolutionSet(plan, logical.name, readGate(task.inputs[0]!, p)) : [];
  let current = readGate(task.inputs[plan.kind === "bulk" ? 0 : 1]!, p);

  const step = new StepRunner(plan, env, statics);
  const aggregators = new IterationAggregators(logical.aggregators, logical.name);
  const converged = logical.convergence ? convergenceFunction(logical.convergence.criterion as (s: number, v: unknown) => boolean, logical.name) : undefined;
  const stats = { records: [] as number[], inputs: [] as number[], statics: [] as number[] };
  let superstep = 0;
  let terminatedBy: Termination = "maxIterations";
  while (superstep < logical.maxIterations) {
    superstep++;
    const k = superstep;
    const next: unknown[][] = Array.from({ length: p }, () => []);
    let criterionRecords = 0;
    const io: IterationStepIO = {
      gather: (subtask) => next[subtask]!,
      countCriterion: (n) => { criterionRecords += n; },
      solutionSet: (subtask) => indexes[subtask]!,
    };
    const view: IterationView = {
      superstep: () => k,
      aggregator: (name, subtask) => aggregators.get(name, subtask),
      previousAggregate: (name) => aggregators.previousAggregate(name),
    };
    aggregators.startSuperstep();
    const fed = count(current);
    const result = await step.run(k, current, view, io);
    stats.inputs.push(fed);
    stats.records.push(fed + result.channelRecords);
    stats.statics.push(result.staticRecords);
    current = next;
    const merged = aggregators.endSuperstep();
    if (plan.terminationCriterion !== undefined && criterionRecords === 0) {
      terminatedBy = "terminationCriterion";
      break;
    }
    if (plan.kind === "delta" && count(next) === 0) {
      terminatedBy = "emptyWorkset";
      break;
    }
    if (converged && converged(k, merged.get(logical.convergence!.name))) {
      terminatedBy = "convergence";
      break;
    }
  }
  const finalPartial = current;
  return {
    output: plan.kind === "delta" ? (i) => indexes[i]!.values() : (i) => finalPartial[i] ?? [],
    stats: {
      name: logical.name, kind: plan.kind, supersteps: superstep, terminatedBy,
      recordsPerSuperstep: stats.records, inputPerSuperstep: stats.inputs, staticRecordsPerSuperstep: stats.statics,
      totalRecords: stats.records.reduce((a, b) => a + b, 0),
    },
  };
}

/** The records of one input gate, per consumer subtask. */
function readGate(exchanges: readonly Exchange[], p: number): unknown[][] {
  return Array.from({ length: p }, (_, i) => {
    const out: unknown[] = [];
    for (const ex of exchanges) for (const batch of ex.batchesFor(i)) for (const r of batch) out.push(r);
    return out;
  });
}

/** One index per subtask; the initial solution set arrives partitioned as the index expects. */
function buildSolutionSet(plan: IterationPlan, name: string, initial: unknown[][]): SolutionSetIndex[] {
  return initial.map((records) => {
    const index = new SolutionSetIndex(plan.key!, name);
    for (const r of records) index.upsert(r);
    return index;
  });
}

function count(parts: readonly unknown[][]): number {
  let n = 0;
  for (const p of parts) n += p.length;
  return n;
}
