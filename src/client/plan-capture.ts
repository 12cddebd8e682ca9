/**
 * Explain mode for tools (the `sluice explain` CLI): while a capture is installed, every job a
 * program submits is handed to it as an optimized physical plan. In "explain" mode the job does not
 * run (execute() returns an empty result, collect() and print() see no records); in "observe" mode
 * it runs and the capture also gets the job's result, so the plan can be annotated with the
 * records that moved through each channel.
 */
import type { PhysicalPlan } from "../plan/physical.js";
import type { JobExecutionResult } from "../common/job-execution-result.js";

export interface CapturedJob {
  readonly jobName: string;
  readonly plan: PhysicalPlan;
  /** Where the job runs (or ran) and why, as one line (choose-execution.ts, executionText). */
  readonly execution?: string;
  /** Set in "observe" mode once the job finished. */
  result?: JobExecutionResult;
}

export interface PlanCapture {
  readonly mode: "explain" | "observe";
  readonly jobs: CapturedJob[];
}

// On globalThis so that a tool and the program it loads share it even when they load two copies
// of Sluice (src/ through tsx and dist/, or two installs).
const KEY = Symbol.for("sluice.planCapture");
const slot = globalThis as { [KEY]?: PlanCapture };

/**
 * Installs a capture (replacing any other) and returns it; `stopPlanCapture()` removes it.
 *
 * @example
 * const capture = startPlanCapture("explain");
 * await import("./my-script.js"); // its execute() builds plans without running them
 * stopPlanCapture();
 * console.log(capture.jobs.length);
 */
export function startPlanCapture(mode: PlanCapture["mode"]): PlanCapture {
  const capture: PlanCapture = { mode, jobs: [] };
  slot[KEY] = capture;
  return capture;
}

/** Removes the installed capture. */
export function stopPlanCapture(): void {
  delete slot[KEY];
}

/** @internal The installed capture, if any (read by executePlan). */
export function activePlanCapture(): PlanCapture | undefined {
  return slot[KEY];
}
