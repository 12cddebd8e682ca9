/** What a finished job reports (Flink's JobExecutionResult), plus its channel metrics. */
import type { ChannelMetric, IterationStats } from "./job-metrics.js";

export class JobExecutionResult {
  /** @internal */
  constructor(
    private readonly jobName: string,
    private readonly netRuntimeMs: number,
    private readonly accumulators: ReadonlyMap<string, unknown>,
    private readonly channels: readonly ChannelMetric[],
    private readonly iterations: readonly IterationStats[] = [],
  ) {}

  getJobName(): string {
    return this.jobName;
  }
  /** Milliseconds the job ran (Flink's getNetRuntime()). */
  getNetRuntime(): number {
    return this.netRuntimeMs;
  }
  getAccumulatorResult<V = unknown>(name: string): V | undefined {
    return this.accumulators.get(name) as V | undefined;
  }
  getAllAccumulatorResults(): Record<string, unknown> {
    return Object.fromEntries(this.accumulators);
  }
  /** Records moved through each channel (source operator -> target operator, ship strategy). */
  getChannelMetrics(): readonly ChannelMetric[] {
    return this.channels;
  }
  /** Per iteration: supersteps run, why it stopped, records processed per superstep. */
  getIterationStats(): readonly IterationStats[] {
    return this.iterations;
  }
}
