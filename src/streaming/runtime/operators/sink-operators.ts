/**
 * Sinks: print (Flink's PrintSinkFunction: `k> ` prefix at parallelism above 1), user sink
 * functions (`invoke(value, context)`), and the collecting sink behind executeAndCollect.
 */
import { formatRecord } from "../../../common/printing.js";
import type { UdfSpec } from "../../../common/udf.js";
import { StreamOperator, UdfStreamOperator } from "../operator.js";

export class PrintSinkOperator extends StreamOperator {
  private prefix = "";
  constructor(private readonly toStderr: boolean, private readonly sinkIdentifier: string | undefined) {
    super();
  }
  override open(): void {
    const id = this.sinkIdentifier;
    const p = this.ctx.parallelism;
    if (id !== undefined) this.prefix = p > 1 ? `${id}:${this.ctx.subtask + 1}> ` : `${id}> `;
    else this.prefix = p > 1 ? `${this.ctx.subtask + 1}> ` : "";
  }
  processElement(value: unknown): void {
    (this.toStderr ? this.ctx.stderr : this.ctx.stdout).writeLine(this.prefix + formatRecord(value));
  }
  override processWatermark(): void {}
  override processWatermarkStatus(): void {}
}

/** What a sink function's `invoke` gets besides the value. */
export interface SinkContext {
  /** The record's event timestamp, or undefined when it has none. */
  timestamp(): number | undefined;
  currentWatermark(): number;
}

export class SinkFunctionOperator extends UdfStreamOperator {
  private invoke!: (value: unknown, context: SinkContext) => void;
  private ts = -Infinity;
  private watermark = -Infinity;
  private readonly context: SinkContext = {
    timestamp: () => (this.ts === -Infinity ? undefined : this.ts),
    currentWatermark: () => this.watermark,
  };
  constructor(private readonly spec: UdfSpec) {
    super();
  }
  override open(): void {
    this.invoke = this.openUdf(this.spec).call;
  }
  processElement(value: unknown, timestamp: number): void {
    this.ts = timestamp;
    this.invoke(value, this.context);
  }
  override processWatermark(watermark: number): void {
    this.watermark = watermark;
  }
  override processWatermarkStatus(): void {}
}

/** Appends to a shared list (records arrive owned: the channel copied them). */
export class CollectSinkOperator extends StreamOperator {
  constructor(private readonly target: unknown[], private readonly limit: number) {
    super();
  }
  processElement(value: unknown): void {
    if (this.target.length < this.limit) this.target.push(value);
  }
  override processWatermark(): void {}
  override processWatermarkStatus(): void {}
}
