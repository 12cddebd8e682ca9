/**
 * A handle on a job started with `executeAsync()` (Flink's JobClient).
 * @example
 * const client = await env.executeAsync("feed");
 * // ... later
 * await client.cancel();
 */
import { randomUUID } from "node:crypto";
import type { JobStatus, StreamJob } from "../runtime/stream-job.js";
import { StreamJobExecutionResult } from "./stream-job-result.js";

export class JobClient {
  private readonly id = randomUUID().replaceAll("-", "");

  /** @internal */
  constructor(private readonly job: StreamJob, private readonly jobName: string) {}

  getJobID(): string {
    return this.id;
  }
  getJobStatus(): Promise<JobStatus> {
    return Promise.resolve(this.job.getStatus());
  }
  /** Stops the sources and closes every operator; resolves once the job has stopped. Open windows do not fire. */
  cancel(): Promise<void> {
    return this.job.cancel();
  }
  /** Resolves when the job finished; rejects if it failed or was cancelled. */
  getJobExecutionResult(): Promise<StreamJobExecutionResult> {
    return this.job.done.then((outcome) => new StreamJobExecutionResult(this.jobName, outcome));
  }
}
