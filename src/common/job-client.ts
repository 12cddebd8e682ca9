/**
 * A handle on a job started with `executeAsync()` (Flink's JobClient), for DataSet and DataStream
 * jobs alike: its id and status, `cancel()` and the result. A DataSet job is cancelled (or timed
 * out, `ExecutionConfig.setJobTimeout`) through an AbortSignal the engine passes down to every
 * subtask: in process the record loops stop at their next batch; executors that run subtasks
 * elsewhere (worker threads) stop or terminate them. Either way the job fails with a
 * JobExecutionException, its output hooks clean up and it leaves no output.
 * @example
 * const client = await env.executeAsync("nightly");
 * setTimeout(() => void client.cancel(), 60_000);
 * const result = await client.getJobExecutionResult(); // rejects: Job 'nightly' was cancelled
 */
import { randomUUID } from "node:crypto";
import { JobExecutionException } from "./errors.js";

export type JobStatus = "CREATED" | "RUNNING" | "FINISHED" | "CANCELED" | "FAILED";

/** What a JobClient drives: a running job of either API. */
export interface ControlledJob<R> {
  getStatus(): JobStatus;
  /** Stops the job; resolves once it has stopped. */
  cancel(): Promise<void>;
  /** Resolves with the result when the job finished; rejects if it failed or was cancelled. */
  result(): Promise<R>;
}

export class JobClient<R = unknown> {
  private readonly id = randomUUID().replaceAll("-", "");

  /** @internal */
  constructor(private readonly job: ControlledJob<R>, readonly jobName: string) {}

  getJobID(): string {
    return this.id;
  }
  getJobStatus(): Promise<JobStatus> {
    return Promise.resolve(this.job.getStatus());
  }
  /** Cancels the job; resolves once it has stopped (a job that already ended stays as it ended). */
  cancel(): Promise<void> {
    return this.job.cancel();
  }
  /** Resolves when the job finished; rejects if it failed, was cancelled or timed out. */
  getJobExecutionResult(): Promise<R> {
    return this.job.result();
  }
}

/**
 * Starts `run` with an AbortSignal that `cancel()` or, after `timeoutMs` (0: none), the timeout
 * aborts with a JobExecutionException saying which. @internal
 */
export function startCancellableJob<R>(jobName: string, timeoutMs: number, run: (signal: AbortSignal) => Promise<R>): ControlledJob<R> {
  const controller = new AbortController();
  let status: JobStatus = "RUNNING";
  const timer =
    timeoutMs > 0 ? setTimeout(() => controller.abort(new JobExecutionException(`Job '${jobName}' timed out after ${timeoutMs} ms`)), timeoutMs) : undefined;
  timer?.unref();
  const done = Promise.resolve()
    .then(() => run(controller.signal))
    .then(
      (r) => {
        status = "FINISHED";
        return r;
      },
      (e: unknown) => {
        status = isCancel(controller.signal) ? "CANCELED" : "FAILED";
        throw e;
      },
    )
    .finally(() => clearTimeout(timer));
  // Nobody may ask for the result: its failure is reported through result() only.
  done.catch(() => undefined);
  return {
    getStatus: () => status,
    async cancel() {
      if (status === "RUNNING") controller.abort(cancelled(jobName));
      await done.catch(() => undefined);
    },
    result: () => done,
  };
}

const CANCELLED = Symbol("cancelled");

function cancelled(jobName: string): JobExecutionException {
  return Object.assign(new JobExecutionException(`Job '${jobName}' was cancelled`), { [CANCELLED]: true });
}

function isCancel(signal: AbortSignal): boolean {
  return signal.aborted && (signal.reason as Record<symbol, unknown> | undefined)?.[CANCELLED] === true;
}
