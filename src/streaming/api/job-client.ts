/**
 * The JobClient of a DataStream job: the common JobClient (common/job-client.ts, shared with
 * DataSet's executeAsync) driving a StreamJob.
 * @example
 * const client = await env.executeAsync("feed");
 * // ... later
 * await client.cancel();
 */
import { JobClient } from "../../common/job-client.js";
import type { StreamJob } from "../runtime/stream-job.js";
import { StreamJobExecutionResult } from "./stream-job-result.js";

export { JobClient };

/** A client for `job`: cancel() stops the sources and closes every operator (open windows do not fire). @internal */
export function streamJobClient(job: StreamJob, jobName: string): JobClient<StreamJobExecutionResult> {
  return new JobClient(
    {
      getStatus: () => job.getStatus(),
      cancel: () => job.cancel(),
      result: () => job.done.then((outcome) => new StreamJobExecutionResult(jobName, outcome)),
    },
    jobName,
  );
}
