/**
 * What a finished streaming job reports: Flink's JobExecutionResult (net runtime, accumulators,
 * channel metrics) plus per-operator metrics, among them the late records windows dropped
 * (Flink's numLateRecordsDropped, also readable as getAccumulatorResult("numLateRecordsDropped")).
 */
import { JobExecutionResult } from "../../common/job-execution-result.js";
import type { OperatorMetricsSummary } from "../runtime/operator.js";
import type { StreamJobOutcome } from "../runtime/stream-job.js";

export class StreamJobExecutionResult extends JobExecutionResult {
  private readonly operators: readonly OperatorMetricsSummary[];

  /** @internal */
  constructor(jobName: string, outcome: StreamJobOutcome) {
    super(jobName, outcome.netRuntimeMs, outcome.accumulators, outcome.channels);
    this.operators = outcome.operators;
  }

  /**
   * Records that arrived too late for every window they belong to and were dropped.
   * @example
   * const result = await senv.execute("clicks");
   * result.getNumLateRecordsDropped();
   */
  getNumLateRecordsDropped(): number {
    return this.operators.reduce((n, o) => n + o.lateRecordsDropped, 0);
  }
  /**
   * Records in/out, late records dropped, and live/peak window state entries per operator.
   * @example
   * const result = await senv.execute("clicks");
   * for (const m of result.getOperatorMetrics()) console.error(m);
   */
  getOperatorMetrics(): readonly OperatorMetricsSummary[] {
    return this.operators;
  }
  override getAccumulatorResult<V = unknown>(name: string): V | undefined {
    const v = super.getAccumulatorResult<V>(name);
    if (v === undefined && name === "numLateRecordsDropped") return this.getNumLateRecordsDropped() as V;
    return v;
  }
  /**
   * The accumulators, plus numLateRecordsDropped when windows dropped late records.
   * @example
   * const result = await senv.execute("clicks");
   * result.getAllAccumulatorResults();
   */
  override getAllAccumulatorResults(): Record<string, unknown> {
    const all = super.getAllAccumulatorResults();
    const late = this.getNumLateRecordsDropped();
    return late > 0 && !("numLateRecordsDropped" in all) ? { ...all, numLateRecordsDropped: late } : all;
  }
}
