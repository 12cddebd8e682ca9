/**
 * A job's memory at run time (Flink's MemoryManager, by estimate instead of pages): the budget from
 * the plan, the operators' shares by their memory fractions, the pool the buffered exchanges share,
 * and the job's spill directory. Operators ask `holderLimit` once and spill past it.
 */
import { JobExecutionException } from "../../common/errors.js";
import { formatBytes } from "../../common/byte-size.js";
import { EXCHANGE_SHARE, memoryHolders } from "../../plan/memory.js";
import type { PhysicalNode, PlanMemory } from "../../plan/physical.js";
import { SpillSpace } from "../spill/spill-space.js";
import { resolvePlanMemory } from "./memory-budget.js";

/** Below this, a holder's share is raised to it: a sort run or a hash partition needs some room. */
export const MIN_HOLDER_BYTES = 32 * 1024;

export class JobMemory {
  readonly spill: SpillSpace;
  readonly budgetBytes: number;
  /** Bytes the buffered exchanges may keep in memory together. */
  readonly exchangeLimit: number;
  /** Estimated bytes the exchanges keep in memory now. */
  exchangeHeld = 0;

  constructor(memory: PlanMemory = resolvePlanMemory()) {
    this.budgetBytes = memory.budgetBytes;
    this.exchangeLimit = memory.budgetBytes * EXCHANGE_SHARE;
    this.spill = new SpillSpace(memory.spillRoot);
  }

  /** The bytes one record holder of `node` may keep (its fraction, split among its holders). */
  holderLimit(node: PhysicalNode): number {
    const holders = Math.max(1, memoryHolders(node));
    const fraction = node.memoryFraction ?? 1 / holders;
    return Math.max(MIN_HOLDER_BYTES, (this.budgetBytes * (1 - EXCHANGE_SHARE) * fraction) / holders);
  }

  /** Removes the spill directory. */
  dispose(): void {
    this.spill.dispose();
  }
}

/** What one record holder of an operator gets: its byte limit, where to spill, and its name for errors. */
export interface HolderMemory {
  readonly limit: number;
  readonly spill: SpillSpace;
  readonly operator: string;
  readonly budgetBytes: number;
}

/** The memory of one record holder of `node` in `memory`. */
export function holderMemory(memory: JobMemory, node: PhysicalNode): HolderMemory {
  return { limit: memory.holderLimit(node), spill: memory.spill, operator: node.name, budgetBytes: memory.budgetBytes };
}

/**
 * The error for a holder that cannot stay within its share even when spilling (one group, one key
 * or one record larger than it): names the operator and what to raise.
 */
export function memoryExhausted(m: HolderMemory, what: string, bytes: number): JobExecutionException {
  return new JobExecutionException(
    `Operator '${m.operator}' ran out of memory: ${what} needs about ${formatBytes(bytes)}, more than its share of ` +
    `${formatBytes(m.limit)} (memory budget ${formatBytes(m.budgetBytes)}), and cannot be spilled. Raise the budget ` +
    `(env.getConfig().setMemoryBudget(...) or SLUICE_MEMORY_BUDGET) and, if the V8 heap is the limit, node --max-old-space-size`,
  );
}
