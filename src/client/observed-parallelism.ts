/**
 * What in a plan can see its parallelism, for "auto" deciding to run in process (choose-execution.ts):
 * a plan nothing observes runs at parallelism 1 there, since partitioning for subtasks that share
 * one thread costs without gain. Following Flink, what a program can observe of the parallelism of
 * a node that runs at the default parallelism (an explicit `setParallelism` is kept anyway):
 * - a function given as an object (a Rich function): its runtime context has the subtask index and
 *   count, its accumulators and broadcast variables are per subtask;
 * - partition-level functions: mapPartition and groupCombine see one partition's records;
 * - a custom partitioner, which is handed the number of partitions;
 * - sortPartition other than right after a range partition (the output is sorted per partition).
 * A sink with an output format sees its own parallelism (`open(taskNumber, numTasks)`: a file sink
 * writes a directory above 1): it keeps it, fed from parallelism 1 (which records land in which file
 * is not part of the contract, as in Flink). A print sink above 1 prefixes each record with its
 * subtask, which shows the partitioning that fed it: the plan keeps its parallelism.
 * Plain functions given to map, join, reduce... see records only, so the result is the same at any
 * parallelism (up to the order of an unordered result).
 * @example
 * const seen = parallelismObserver(plan); // "'MapPartition' is a mapPartition (it sees one partition)" or undefined
 */
import type { LogicalNode } from "../plan/logical.js";
import type { PhysicalNode, PhysicalPlan } from "../plan/physical.js";
import { PrintingOutputFormat } from "../io/printing-output-format.js";

/** Why the plan's parallelism can be observed (the first thing found), or undefined if nothing observes it. */
export function parallelismObserver(plan: PhysicalPlan): string | undefined {
  for (const node of allNodes(plan.nodes)) {
    const logical = node.logical;
    if (printsPartitions(logical, node)) return `'${node.name}' prints each record with its subtask's prefix (it shows the partitioning)`;
    if (logical.parallelism !== undefined) continue; // set explicitly: kept whatever the default
    const why = observes(logical, node);
    if (why !== undefined) return `'${node.name}' ${why}`;
  }
  return undefined;
}

/**
 * A print sink above parallelism 1 (printOnTaskManager): its `k> ` prefixes show which subtask got
 * each record, so the partitioning feeding it (a hash partition by key, Flink's) is seen too.
 */
function printsPartitions(n: LogicalNode, physical: PhysicalNode): boolean {
  return n.kind === "sink" && n.sink.kind === "format" && n.sink.format instanceof PrintingOutputFormat && physical.parallelism > 1;
}

/** Whether a sink with an output format runs at the default parallelism (see OptimizerOptions.outputParallelism). */
export function hasDefaultOutputSink(plan: PhysicalPlan): boolean {
  for (const node of allNodes(plan.nodes)) {
    const n = node.logical;
    if (n.kind === "sink" && n.sink.kind === "format" && n.parallelism === undefined) return true;
  }
  return false;
}

function* allNodes(nodes: readonly PhysicalNode[]): Generator<PhysicalNode> {
  for (const n of nodes) {
    yield n;
    if (n.iteration) yield* allNodes(n.iteration.nodes);
  }
}

function observes(n: LogicalNode, physical: PhysicalNode): string | undefined {
  switch (n.kind) {
    case "mapPartition":
      return "is a mapPartition (it sees one partition)";
    case "groupCombine":
      return "is a groupCombine (it combines one partition's records)";
    case "partition":
      return n.method === "custom" ? "is a custom partitioner (it is handed the number of partitions)" : undefined;
    case "sortPartition":
      return n.input.kind === "partition" && n.input.method === "range" ? undefined : "is a sortPartition (sorted per partition)";
    case "map":
    case "flatMap":
    case "filter":
    case "reduce":
    case "groupReduce":
    case "join":
    case "coGroup":
    case "cross": {
      if ("builtin" in n && n.builtin !== undefined) return undefined; // the engine's own functions
      const udfs = [n.udf, physical.combineUdf, n.kind === "groupReduce" ? n.combiner : undefined];
      return udfs.some((u) => u !== undefined && typeof u.value !== "function") ? "has a function object (its runtime context sees the subtask)" : undefined;
    }
    default:
      return undefined;
  }
}
