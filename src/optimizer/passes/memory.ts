/**
 * Memory fractions (Flink's relative memory per operator, set in the JobGraphGenerator from the
 * optimizer's plan): the operators of one task run at the same time and share the job's operator
 * memory; each record holder of the task (plan/memory.ts) gets an equal part. Tasks run one after
 * another, so each task's fractions sum to 1. The fraction is shown in the plan JSON.
 */
import { chainPredecessor, type PhysicalNode } from "../../plan/physical.js";
import { memoryHolders } from "../../plan/memory.js";

export function assignMemoryFractions(nodes: readonly PhysicalNode[]): void {
  const holdersPerTask = new Map<PhysicalNode, number>();
  const headOf = (n: PhysicalNode): PhysicalNode => (n.chained ? headOf(chainPredecessor(n)) : n);
  for (const n of nodes) {
    const h = memoryHolders(n);
    if (h > 0) holdersPerTask.set(headOf(n), (holdersPerTask.get(headOf(n)) ?? 0) + h);
  }
  for (const n of nodes) {
    const h = memoryHolders(n);
    n.memoryFraction = h > 0 ? h / holdersPerTask.get(headOf(n))! : undefined;
    if (n.iteration) assignMemoryFractions(n.iteration.nodes);
  }
}
