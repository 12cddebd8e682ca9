/**
 * The ProgressCollector of one job: a counters object per (task, subtask), sampled into
 * snapshots every `intervalMs` (default 200, or SLUICE_PROGRESS_INTERVAL_MS) on a subtask's batch
 * tick or on a timer while the event loop is free, plus a final snapshot when the job ends. The
 * first comes one interval after the start, so a job shorter than that shows nothing live.
 */
import type { OperatorProgress, ProgressCollector, ProgressSnapshot, SubtaskCounts } from "../common/progress.js";
import type { Task } from "./job-graph.js";

export interface TrackedTask {
  readonly name: string;
  readonly parallelism: number;
  /** Total bytes of the splits a file source reads (undefined otherwise). */
  bytesTotal: number | undefined;
}

function defaultInterval(): number {
  const v = Number(process.env["SLUICE_PROGRESS_INTERVAL_MS"]);
  return Number.isFinite(v) && v >= 10 ? v : 200;
}

export class ProgressTracker implements ProgressCollector {
  private readonly counts: SubtaskCounts[][];
  private readonly start = performance.now();
  private last: number;
  private readonly timer: ReturnType<typeof setInterval>;
  private closed = false;

  constructor(
    private readonly jobName: string,
    readonly tasks: readonly TrackedTask[],
    private readonly emit: (snapshot: ProgressSnapshot) => void,
    private readonly intervalMs = defaultInterval(),
  ) {
    this.last = this.start;
    this.counts = tasks.map((t) => Array.from({ length: t.parallelism }, () => ({ recordsIn: 0, recordsOut: 0, bytesRead: 0, state: 0 as const })));
    this.timer = setInterval(() => this.tick(), intervalMs);
    this.timer.unref();
  }

  /** The tracked tasks of a job graph. */
  static tasksOf(tasks: readonly Task[]): TrackedTask[] {
    return tasks.map((t) => ({ name: t.chain.map((n) => n.name).join(" -> "), parallelism: t.chain[0]!.parallelism, bytesTotal: undefined }));
  }

  subtask(task: number, subtask: number): SubtaskCounts {
    const c = this.counts[task]?.[subtask];
    if (c === undefined) return { recordsIn: 0, recordsOut: 0, bytesRead: 0, state: 1 };
    c.state = 1;
    return c;
  }

  report(task: number, subtask: number, counts: Readonly<SubtaskCounts>): void {
    const c = this.counts[task]?.[subtask];
    if (c !== undefined) Object.assign(c, counts);
  }

  /** Marks every subtask of a task finished (an executor that relays no counters). */
  finishTask(task: number): void {
    for (const c of this.counts[task] ?? []) c.state = 2;
  }

  tick(): void {
    if (this.closed) return;
    const now = performance.now();
    if (now - this.last < this.intervalMs) return;
    this.last = now;
    this.emit(this.snapshot(false));
  }

  /** Stops the timer and emits the final snapshot. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.emit(this.snapshot(true));
  }

  snapshot(final: boolean): ProgressSnapshot {
    const operators: OperatorProgress[] = this.tasks.map((t, i) => {
      let recordsIn = 0;
      let recordsOut = 0;
      let bytesRead = 0;
      let running = 0;
      let finished = 0;
      for (const c of this.counts[i]!) {
        recordsIn += c.recordsIn;
        recordsOut += c.recordsOut;
        bytesRead += c.bytesRead;
        if (c.state === 1) running++;
        else if (c.state === 2) finished++;
      }
      const state = finished === t.parallelism ? "finished" : running + finished > 0 ? "running" : "waiting";
      return {
        name: t.name,
        parallelism: t.parallelism,
        recordsIn,
        recordsOut,
        bytesRead,
        bytesTotal: t.bytesTotal,
        subtasksRunning: running,
        subtasksFinished: finished,
        state,
      };
    });
    return {
      jobName: this.jobName,
      elapsedMs: performance.now() - this.start,
      operators,
      busy: operators.filter((o) => o.state === "running").map((o) => o.name),
      final,
    };
  }
}
