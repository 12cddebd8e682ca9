/**
 * Live job progress as data (Flink's per-vertex metrics numRecordsIn/Out and the source's bytes
 * read, delivered like Flink's JobListener). The runtime's subtasks increment plain counters per
 * batch (never per record); a collector samples them at most every few hundred milliseconds and
 * turns them into snapshots for listeners and the terminal display. An executor that runs
 * subtasks elsewhere (threads, processes) relays copies of the counters with `report`.
 * @example
 * env.registerJobListener({
 *   onProgress: (s) => console.error(s.operators.map((o) => `${o.name}: ${o.recordsIn}`).join("; ")),
 *   onJobExecuted: (result) => console.error(`done in ${result?.getNetRuntime()} ms`),
 * });
 */
import type { JobExecutionResult } from "./job-execution-result.js";

/** What one subtask counted so far: plain numbers, so a copy can cross threads or processes. */
export interface SubtaskCounts {
  /** Records that entered the subtask's chain (for a source: records read). */
  recordsIn: number;
  /** Records the chain's tail sent into exchanges (0 for sinks). */
  recordsOut: number;
  /** Bytes of input splits read (file sources). */
  bytesRead: number;
  /** 0 not started, 1 running, 2 finished. */
  state: 0 | 1 | 2;
}

/** Where a job's subtasks report. The job runner makes one per job. */
export interface ProgressCollector {
  /** The counters subtask `subtask` of the job graph's task `task` increments (marks it running). */
  subtask(task: number, subtask: number): SubtaskCounts;
  /** Replaces a subtask's counters with a copy relayed from where it ran (another thread or process). */
  report(task: number, subtask: number, counts: Readonly<SubtaskCounts>): void;
  /** Called after each batch: emits a snapshot when the sampling interval has passed (costs a clock read). */
  tick(): void;
}

/** One task of the job graph (an operator chain, as Flink's job vertex) in a snapshot. */
export interface OperatorProgress {
  /** The chain's operator names joined with " -> ". */
  readonly name: string;
  readonly parallelism: number;
  readonly recordsIn: number;
  readonly recordsOut: number;
  /** File sources: bytes of splits read and the total of the splits (else 0 and undefined). */
  readonly bytesRead: number;
  readonly bytesTotal: number | undefined;
  readonly subtasksRunning: number;
  readonly subtasksFinished: number;
  readonly state: "waiting" | "running" | "finished";
}

/** The whole job at one moment. */
export interface ProgressSnapshot {
  readonly jobName: string;
  readonly elapsedMs: number;
  readonly operators: readonly OperatorProgress[];
  /** Names of the operators running now (the busy ones). */
  readonly busy: readonly string[];
  /** True for the last snapshot of a job (sent once, when it ended). */
  readonly final: boolean;
}

/** Flink's JobListener, plus live progress. Every method is optional; errors in them are ignored. */
export interface JobListener {
  onJobSubmitted?(job: { readonly jobName: string }): void;
  onProgress?(snapshot: ProgressSnapshot): void;
  /** After the job: its result, or undefined and the error it failed with. */
  onJobExecuted?(result: JobExecutionResult | undefined, error?: unknown): void;
}
