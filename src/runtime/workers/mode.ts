/**
 * Where a job runs: in this thread or in the worker pool. A mode the program set on its
 * ExecutionConfig wins; otherwise the environment variable SLUICE_EXECUTION_MODE (in-process |
 * threads | auto) sets it for a whole run (e.g. the test suite in threads); otherwise "auto".
 * "auto" runs in process: worker threads re-run the program file, so records of unregistered
 * classes, errors' identity and state a function shares with the program do not cross them
 * (README, "Worker threads"); until they do, threads are opt-in and auto never picks them.
 */
import { availableParallelism } from "node:os";
import { existsSync } from "node:fs";
import type { ExecutionConfig, ExecutionMode } from "../../api/execution-config.js";
import type { SourceNode } from "../../plan/logical.js";
import type { PhysicalPlan } from "../../plan/physical.js";

export interface ExecutionChoice {
  readonly mode: "in-process" | "threads";
  /** Worker threads to use (threads mode). */
  readonly workers: number;
  /** Why, in a few words (shown in the plan JSON and the log line). */
  readonly reason: string;
}

/** The mode in force: the program's explicit choice, else the environment variable, else auto. */
export function effectiveMode(config: ExecutionConfig): { mode: ExecutionMode; from: string } {
  if (config.isExecutionModeSet()) return { mode: config.getExecutionMode(), from: "config" };
  const forced = process.env.SLUICE_EXECUTION_MODE;
  if (forced === "in-process" || forced === "threads" || forced === "auto") return { mode: forced, from: "SLUICE_EXECUTION_MODE" };
  return { mode: "auto", from: "default" };
}

/** Size of the worker pool: SLUICE_WORKERS, else one per core. */
export function poolSize(): number {
  const n = Number(process.env.SLUICE_WORKERS);
  return Number.isInteger(n) && n > 0 ? n : availableParallelism();
}

export function chooseExecution(plan: PhysicalPlan, config: ExecutionConfig): ExecutionChoice {
  const { mode, from } = effectiveMode(config);
  const inProcess = (reason: string): ExecutionChoice => ({ mode: "in-process", workers: 0, reason });
  if (mode === "in-process") return inProcess(`mode in-process (${from})`);
  const maxP = Math.max(1, ...plan.nodes.map((n) => n.parallelism));
  if (maxP === 1) return inProcess("parallelism 1");
  const program = process.argv[1];
  if (!program || !existsSync(program)) return inProcess("no program file for the workers to load");
  if (mode === "auto") return inProcess(`auto: in process (threads are opt-in; ${knownInputRecords(plan)} known input records)`);
  const workers = Math.min(poolSize(), maxP);
  return { mode: "threads", workers, reason: `mode ${mode} (${from})` };
}

/** Records of the sources whose size is known before running (collections and sequences). */
function knownInputRecords(plan: PhysicalPlan): number {
  let total = 0;
  for (const n of plan.nodes) {
    if (n.driver !== "SOURCE") continue;
    const src = (n.logical as SourceNode).source;
    if (src.kind === "collection") total += src.elements.length;
    else if (src.kind === "sequence") total += src.to - src.from + 1;
  }
  return total;
}
