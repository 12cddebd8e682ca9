/** The optimizer's options for an action: parallelism, object reuse, and the memory budget in force. */
import type { OptimizerOptions } from "../optimizer/optimizer.js";
import { resolvePlanMemory } from "../runtime/memory/memory-budget.js";
import type { ActionOptions } from "./action-session.js";
import type { ExecutionChoice } from "./choose-execution.js";

/** The budget and spill root: the environment's config, else SLUICE_MEMORY_BUDGET / SLUICE_SPILL_DIR, else the defaults. */
export function planOptions(options: ActionOptions): OptimizerOptions {
  return { parallelism: options.parallelism, objectReuse: options.objectReuse, memory: resolvePlanMemory(options.memory ?? {}) };
}

/** The options to plan again with when `choice` changed the parallelism ("auto" in process), else undefined. */
export function replanOptions(options: ActionOptions, choice: ExecutionChoice): OptimizerOptions | undefined {
  if (choice.parallelism === undefined) return undefined;
  return { ...planOptions({ ...options, parallelism: choice.parallelism }), outputParallelism: choice.outputParallelism };
}
