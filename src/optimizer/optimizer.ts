/**
 * Logical -> physical: translate from the sinks (each logical node once), then mark chains and
 * record ownership. Strategies per operator family live in strategies/.
 */
import { assertNever, type LogicalNode, type SinkNode } from "../plan/logical.js";
import type { PhysicalPlan, PlanMemory } from "../plan/physical.js";
import { markChains } from "./passes/chaining.js";
import { markOwnership } from "./passes/ownership.js";
import { assignMemoryFractions } from "./passes/memory.js";
import { translateCoGroup, translateCross, translateJoin } from "./strategies/binary.js";
import { translateGroupCombine, translateGroupReduce, translateReduce } from "./strategies/grouping.js";
import { translateBulkIteration, translateDeltaIteration, translatePlaceholder } from "./strategies/iteration.js";
import {
  translatePartition,
  translateProject,
  translateRecordUdf,
  translateSink,
  translateSortPartition,
  translateSource,
  translateUnion,
} from "./strategies/unary.js";
import { Translator, type Strategy } from "./translator.js";

export interface OptimizerOptions {
  readonly parallelism: number;
  /**
   * The default parallelism of sinks with an output format, if not `parallelism` ("auto" in process
   * plans the operators at 1 and keeps what a file sink writes: a directory of that many files).
   */
  readonly outputParallelism?: number;
  readonly objectReuse: boolean;
  /** The job's memory budget and spill root (the client resolves them from config and environment). */
  readonly memory?: PlanMemory;
}

export function optimize(sinks: readonly SinkNode[], options: OptimizerOptions): PhysicalPlan {
  const t = new Translator(options.parallelism, strategyFor, options.outputParallelism ?? options.parallelism);
  const physicalSinks = sinks.map((s) => t.translate(s).parts[0]!.node);
  finishPlan(t.nodes, options.objectReuse);
  const plan: PhysicalPlan = { nodes: t.nodes, sinks: physicalSinks, defaultParallelism: options.parallelism, objectReuse: options.objectReuse };
  return options.memory ? { ...plan, memory: options.memory } : plan;
}

/** The passes that run on a finished set of nodes (also on an iteration's step plan). */
export function finishPlan(nodes: Parameters<typeof markChains>[0], objectReuse: boolean): void {
  markChains(nodes);
  markOwnership(nodes, objectReuse);
  assignMemoryFractions(nodes);
}

function strategyFor(node: LogicalNode): Strategy {
  const s = pick(node);
  return s as Strategy;
}

function pick(node: LogicalNode): (n: any, t: Translator) => ReturnType<Strategy> {
  switch (node.kind) {
    case "source": return translateSource;
    case "sink": return translateSink;
    case "map":
    case "flatMap":
    case "filter":
    case "mapPartition": return translateRecordUdf;
    case "project": return translateProject;
    case "union": return translateUnion;
    case "partition": return translatePartition;
    case "sortPartition": return translateSortPartition;
    case "reduce": return translateReduce;
    case "groupReduce": return translateGroupReduce;
    case "groupCombine": return translateGroupCombine;
    case "join": return translateJoin;
    case "coGroup": return translateCoGroup;
    case "cross": return translateCross;
    case "bulkIteration": return translateBulkIteration;
    case "deltaIteration": return translateDeltaIteration;
    case "partialSolution":
    case "solutionSet":
    case "workset": return translatePlaceholder;
    default: return assertNever(node);
  }
}
