/** The optimizer's options for an action: parallelism, object reuse, and the memory budget in force. */
import type { OptimizerOptions } from "../optimizer/optimizer.js";
import { resolvePlanMemory } from "../runtime/memory/memory-budget.js";
import type { ActionOptions } from "./action-session.js";

/** The budget and spill root: the environment's config, else SLUICE_MEMORY_BUDGET / SLUICE_SPILL_DIR, else the defaults. */
export function planOptions(options: ActionOptions): OptimizerOptions {
  return { parallelism: options.parallelism, objectReuse: options.objectReuse, memory: resolvePlanMemory(options.memory ?? {}) };
}
