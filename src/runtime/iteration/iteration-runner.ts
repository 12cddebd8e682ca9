/**
 * Runs a bulk or delta iteration node (Flink's iteration head, tail and synchronization tasks in
 * one loop): materializes its inputs once (initial partial solution or solution set and workset,
 * static inputs), runs supersteps until a termination condition holds, and returns its result
 * per subtask for the task the iteration heads. Conditions are checked after every superstep:
 * an empty termination criterion (bulk) or an empty next workset (delta), the convergence
 * criterion on its aggregator's merged value, and the maximum number of iterations.
 */
import { convergenceFunction } from "../../common/aggregators.js";
import { TaskFailure } from "../../common/errors.js";
import type { BulkIterationNode, DeltaIterationNode } from "../../plan/logical.js";
import { logicalOf, type IterationPlan, type PhysicalNode } from "../../plan/physical.js";
import type { Exchange } from "../exchange/exchange.js";
import type { Task } from "../job-graph.js";
import type { IterationView } from "../../common/runtime-context-impl.js";
import type { SubtaskEnv } from "../task/subtask-runner.js";
import { IterationAggregators } from "./aggregators.js";
import { SolutionSetIndex } from "./solution-set.js";
import type { IterationStats } from "../../common/job-metrics.js";
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
  const logical = logicalOf(node, plan.kind === "bulk" ? "BULK_ITERATION" : "DELTA_ITERATION");
  const p = node.parallelism;
  const firstStatic = plan.kind === "bulk" ? 1 : 2;
  const statics = new Map(plan.staticInputs.map((s, k) => [s, readGate(task.inputs[firstStatic + k]!, p)] as const));
  const indexes = plan.kind === "delta" ? buildSolutionSet(plan, logical.name, readGate(task.inputs[0]!, p)) : [];
  let current = readGate(task.inputs[plan.kind === "bulk" ? 0 : 1]!, p);
  // The head's own gates are read: their batches can go now rather than after the iteration.
  // Later gates are side inputs of nodes chained after the head (the build side of a hash join
  // probing the iteration's result): they are read when the task runs, and released after it.
  for (const ex of task.inputs.slice(0, node.inputs.length).flat()) ex.release();
  const loop = new SuperstepLoop(plan, logical, new StepRunner(plan, env, statics), indexes, p);
  let terminatedBy: Termination | undefined;
  while (terminatedBy === undefined) {
    const step = await loop.run(current);
    current = step.next;
    terminatedBy = step.terminatedBy;
  }
  const finalPartial = current;
  return {
    output: plan.kind === "delta" ? (i) => indexes[i]!.values() : (i) => finalPartial[i] ?? [],
    stats: loop.stats(terminatedBy),
  };
}

/** One superstep after another, with what they did. */
class SuperstepLoop {
  private superstep = 0;
  private readonly aggregators: IterationAggregators;
  private readonly converged: ((superstep: number, value: unknown) => boolean) | undefined;
  private readonly records: number[] = [];
  private readonly inputs: number[] = [];
  private readonly staticRecords: number[] = [];

  constructor(
    private readonly plan: IterationPlan,
    private readonly logical: BulkIterationNode | DeltaIterationNode,
    private readonly step: StepRunner,
    private readonly indexes: readonly SolutionSetIndex[],
    private readonly p: number,
  ) {
    this.aggregators = new IterationAggregators(logical.aggregators, logical.name);
    const c = logical.convergence;
    this.converged = c ? convergenceFunction(c.criterion as (s: number, v: unknown) => boolean, logical.name) : undefined;
  }

  /** Runs the next superstep on `current`; returns the next partial solution or workset and whether to stop. */
  async run(current: unknown[][]): Promise<{ next: unknown[][]; terminatedBy: Termination | undefined }> {
    const k = ++this.superstep;
    const next: unknown[][] = Array.from({ length: this.p }, () => []);
    let criterionRecords = 0;
    const io: IterationStepIO = {
      gather: (subtask) => next[subtask]!,
      countCriterion: (n) => { criterionRecords += n; },
      solutionSet: (subtask) => this.indexes[subtask]!,
    };
    const view: IterationView = {
      superstep: () => k,
      aggregator: (name, subtask) => this.aggregators.get(name, subtask),
      previousAggregate: (name) => this.aggregators.previousAggregate(name),
    };
    this.aggregators.startSuperstep();
    const fed = count(current);
    const result = await this.step.run(k, current, view, io);
    this.inputs.push(fed);
    this.records.push(fed + result.channelRecords);
    this.staticRecords.push(result.staticRecords);
    return { next, terminatedBy: this.termination(k, criterionRecords, next) };
  }

  private termination(k: number, criterionRecords: number, next: unknown[][]): Termination | undefined {
    let converged = false;
    try {
      const merged = this.aggregators.endSuperstep();
      converged = this.converged !== undefined && this.converged(k, merged.get(this.logical.convergence!.name));
    } catch (e) {
      // A user aggregator or criterion failed: report it as the iteration's failure.
      throw new TaskFailure(this.logical.name, 0, 1, e);
    }
    if (this.plan.terminationCriterion !== undefined && criterionRecords === 0) return "terminationCriterion";
    if (this.plan.kind === "delta" && count(next) === 0) return "emptyWorkset";
    if (converged) return "convergence";
    return k >= this.logical.maxIterations ? "maxIterations" : undefined;
  }

  stats(terminatedBy: Termination): IterationStats {
    return {
      name: this.logical.name, kind: this.plan.kind, supersteps: this.superstep, terminatedBy,
      recordsPerSuperstep: this.records, inputPerSuperstep: this.inputs, staticRecordsPerSuperstep: this.staticRecords,
      totalRecords: this.records.reduce((a, b) => a + b, 0),
    };
  }
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
