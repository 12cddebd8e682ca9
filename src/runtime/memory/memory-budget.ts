/**
 * The job's memory budget (Flink's managed memory size): set in the config, else by the
 * environment variable SLUICE_MEMORY_BUDGET, else a share of the V8 heap limit. The spill root
 * likewise: config, SLUICE_SPILL_DIR, `os.tmpdir()`.
 */
import { tmpdir } from "node:os";
import { getHeapStatistics } from "node:v8";
import { parseByteSize } from "../../common/byte-size.js";
import type { PlanMemory } from "../../plan/physical.js";

/** Share of the V8 heap limit a job's records may take by default (the rest: everything else, GC headroom). */
export const DEFAULT_HEAP_SHARE = 0.35;

/** Settings a program may give (ExecutionConfig's setMemoryBudget / setSpillDirectory). */
export interface MemorySettings {
  readonly budgetBytes?: number;
  readonly spillRoot?: string;
}

/** The budget and spill root in force: the settings, else the environment, else the defaults. */
export function resolvePlanMemory(settings: MemorySettings = {}, env: NodeJS.ProcessEnv = process.env): PlanMemory {
  const fromEnv = env.SLUICE_MEMORY_BUDGET;
  const budgetBytes = settings.budgetBytes
    ?? (fromEnv !== undefined && fromEnv !== "" ? parseByteSize(fromEnv, "SLUICE_MEMORY_BUDGET") : defaultBudget());
  const spillRoot = settings.spillRoot ?? (env.SLUICE_SPILL_DIR || tmpdir());
  return { budgetBytes, spillRoot };
}

/** DEFAULT_HEAP_SHARE of this thread's heap limit, in whole MiB (so threads of one process agree). */
export function defaultBudget(): number {
  const mib = Math.floor((getHeapStatistics().heap_size_limit * DEFAULT_HEAP_SHARE) / 2 ** 20);
  return Math.max(1, mib) * 2 ** 20;
}
