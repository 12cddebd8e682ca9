/**
 * Who watches a job: the registered JobListeners (Flink's JobListener, plus onProgress) and, when
 * stderr is a terminal, the live display. The display is off with
 * `env.getConfig().disableProgress()` or `SLUICE_PROGRESS=0`, and never shown without a terminal.
 * Listeners' errors are reported on stderr and never fail the job.
 */
import { isatty } from "node:tty";
import type { JobExecutionResult } from "../common/job-execution-result.js";
import type { JobListener, ProgressSnapshot } from "../common/progress.js";
import { ProgressDisplay } from "./progress-display.js";

/** What this needs of ExecutionConfig (structural: client does not import api). */
export interface WatchSettings {
  isProgressEnabled(): boolean;
  getJobListeners(): readonly JobListener[];
}

export interface JobWatch {
  /** Undefined when nobody watches (the runtime then counts nothing). */
  readonly onProgress: ((s: ProgressSnapshot) => void) | undefined;
  executed(result: JobExecutionResult | undefined, error?: unknown): void;
}

/**
 * Whether the terminal display is on for this config and process. Asks whether fd 2 is a
 * terminal rather than `process.stderr.isTTY`: the first read of `process.stderr` builds the
 * stream (~10 ms of a cold first job when stderr is a pipe), which a job that prints nothing
 * should not pay.
 */
export function progressDisplayOn(config: WatchSettings): boolean {
  return config.isProgressEnabled() && process.env["SLUICE_PROGRESS"] !== "0" && isatty(2);
}

export function watchJob(jobName: string, config: WatchSettings): JobWatch {
  const listeners = config.getJobListeners();
  const display = progressDisplayOn(config) ? new ProgressDisplay() : undefined;
  for (const l of listeners) guarded(() => l.onJobSubmitted?.({ jobName }));
  const progressListeners = listeners.filter((l) => typeof l.onProgress === "function");
  const onProgress =
    display === undefined && progressListeners.length === 0
      ? undefined
      : (s: ProgressSnapshot) => {
          display?.render(s);
          for (const l of progressListeners) guarded(() => l.onProgress!(s));
        };
  return {
    onProgress,
    executed(result, error) {
      for (const l of listeners) guarded(() => l.onJobExecuted?.(result, error));
    },
  };
}

function guarded(f: () => void): void {
  try {
    f();
  } catch (e) {
    process.stderr.write(`sluice: a JobListener threw: ${e instanceof Error ? e.message : String(e)}\n`);
  }
}
