/**
 * The streaming operator contract (Flink's StreamOperator / OneInputStreamOperator): one instance
 * per parallel subtask, fed record by record with the record's timestamp, plus watermarks and
 * watermark statuses after the subtask's input gate has combined its channels. Operators emit
 * through an Output; the runtime routes that to the downstream channels.
 */
import { Configuration } from "../../common/configuration.js";
import type { RuntimeContext } from "../../common/runtime-context.js";
import { instantiateUdf, type UdfInstance, type UdfSpec } from "../../common/udf.js";
import type { OutputTag } from "../output-tag.js";
import type { LineWriter } from "./line-writer.js";

/** Where an operator emits. */
export interface Output {
  collect(value: unknown, timestamp: number): void;
  collectSide(tag: OutputTag<unknown>, value: unknown, timestamp: number): void;
  emitWatermark(watermark: number): void;
  emitWatermarkStatus(idle: boolean): void;
}

/** Counters one operator subtask keeps; summed per operator into the job result. */
export interface OperatorMetrics {
  recordsIn: number;
  recordsOut: number;
  lateRecordsDropped: number;
  /** Live (key, window) state entries of a window operator. */
  windowStateSize: number;
  peakWindowStateSize: number;
}

/** One operator's metrics summed over its subtasks. */
export interface OperatorMetricsSummary extends OperatorMetrics {
  readonly name: string;
  readonly parallelism: number;
}

/** What the runtime hands an operator subtask. */
export interface OperatorContext {
  readonly name: string;
  readonly subtask: number;
  readonly parallelism: number;
  readonly runtimeContext: RuntimeContext;
  readonly objectReuse: boolean;
  readonly metrics: OperatorMetrics;
  readonly stdout: LineWriter;
  readonly stderr: LineWriter;
  /** Processing time in milliseconds (relative; for idleness). */
  readonly clock: () => number;
}

export function newMetrics(): OperatorMetrics {
  return { recordsIn: 0, recordsOut: 0, lateRecordsDropped: 0, windowStateSize: 0, peakWindowStateSize: 0 };
}

export abstract class StreamOperator {
  protected output!: Output;
  protected ctx!: OperatorContext;
  /** Whether the runtime should call `onPeriodic` every auto-watermark interval. */
  readonly wantsPeriodic: boolean = false;

  /** @internal */
  setup(ctx: OperatorContext, output: Output): void {
    this.ctx = ctx;
    this.output = output;
  }
  open(): void {}
  abstract processElement(value: any, timestamp: number): void;
  /** The subtask's combined watermark advanced. */
  processWatermark(watermark: number): void {
    this.output.emitWatermark(watermark);
  }
  /** The subtask's combined input became idle (true) or active again (false). */
  processWatermarkStatus(idle: boolean): void {
    this.output.emitWatermarkStatus(idle);
  }
  onPeriodic(): void {}
  /** Every input has ended (after the end-of-time watermark). */
  finish(): void {}
  close(): void {}
}

/** An operator running user functions: each is instantiated per subtask, opened and closed. */
export abstract class UdfStreamOperator extends StreamOperator {
  private readonly udfs: UdfInstance[] = [];

  protected openUdf(spec: UdfSpec, method?: string): UdfInstance {
    const u = instantiateUdf(spec, method);
    this.udfs.push(u);
    u.open(this.ctx.runtimeContext, new Configuration());
    return u;
  }
  override close(): void {
    const udfs = this.udfs.splice(0);
    for (const u of udfs) u.close();
  }
}
