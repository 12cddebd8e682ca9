/**
 * One parallel instance of an operator: its input gate (channels combined by the watermark
 * valve), the operator, and its output writers. Any error thrown by the operator (user code)
 * leaves here as a TaskFailure naming this operator and subtask.
 */
import { copyRecord } from "../../common/copy.js";
import { TaskFailure } from "../../common/errors.js";
import type { OutputTag } from "../output-tag.js";
import type { OperatorMetrics, Output, StreamOperator } from "./operator.js";
import type { ChannelReceiver, RecordWriter } from "./record-writer.js";
import { StatusWatermarkValve } from "./watermark-valve.js";

/** Fans an operator's output out to the writers of its outgoing edges. */
export class SubtaskOutput implements Output {
  readonly main: RecordWriter[] = [];
  readonly side = new Map<string, RecordWriter[]>();

  constructor(private readonly copy: boolean, private readonly metrics: OperatorMetrics) {}

  collect(value: unknown, timestamp: number): void {
    this.metrics.recordsOut++;
    const ws = this.main;
    // Each receiver owns what it gets (Flink copies across channels unless object reuse is on).
    for (let i = 0; i < ws.length; i++) ws[i]!.emit(this.copy ? copyRecord(value) : value, timestamp);
  }
  collectSide(tag: OutputTag<unknown>, value: unknown, timestamp: number): void {
    const ws = this.side.get(tag.id);
    if (ws === undefined) return;
    for (const w of ws) w.emit(this.copy ? copyRecord(value) : value, timestamp);
  }
  emitWatermark(watermark: number): void {
    for (const w of this.all()) w.broadcastWatermark(watermark);
  }
  emitWatermarkStatus(idle: boolean): void {
    for (const w of this.all()) w.broadcastStatus(idle);
  }
  end(): void {
    for (const w of this.all()) w.end();
  }
  addSide(tag: string, writer: RecordWriter): void {
    const list = this.side.get(tag);
    if (list) list.push(writer);
    else this.side.set(tag, [writer]);
  }
  private *all(): Iterable<RecordWriter> {
    yield* this.main;
    for (const ws of this.side.values()) yield* ws;
  }
}

export class OperatorSubtask implements ChannelReceiver {
  private valve: StatusWatermarkValve | undefined;
  private channels = 0;
  private endedChannels = 0;
  private closed = false;

  constructor(
    readonly name: string,
    readonly index: number,
    readonly parallelism: number,
    readonly operator: StreamOperator,
    readonly output: SubtaskOutput,
    private readonly metrics: OperatorMetrics,
  ) {}

  /** Reserves the next input channel index. */
  addChannel(): number {
    return this.channels++;
  }
  /** After every channel was added. */
  initGate(): void {
    const op = this.operator;
    this.valve = new StatusWatermarkValve(this.channels, {
      emitWatermark: (w) => op.processWatermark(w),
      emitWatermarkStatus: (idle) => op.processWatermarkStatus(idle),
    });
  }

  processElement(_channel: number, value: unknown, timestamp: number): void {
    this.metrics.recordsIn++;
    try {
      this.operator.processElement(value, timestamp);
    } catch (e) {
      throw this.failure(e);
    }
  }
  processWatermark(channel: number, watermark: number): void {
    try {
      this.valve!.inputWatermark(watermark, channel);
    } catch (e) {
      throw this.failure(e);
    }
  }
  processWatermarkStatus(channel: number, idle: boolean): void {
    try {
      this.valve!.inputWatermarkStatus(idle, channel);
    } catch (e) {
      throw this.failure(e);
    }
  }
  endOfChannel(_channel: number): void {
    if (++this.endedChannels < this.channels) return;
    try {
      this.operator.finish();
      this.close();
    } catch (e) {
      throw this.failure(e);
    }
    this.output.end();
  }

  /** Runs the operator's periodic callback (watermark generators). */
  periodic(): void {
    if (this.closed) return;
    try {
      this.operator.onPeriodic();
    } catch (e) {
      throw this.failure(e);
    }
  }

  open(): void {
    try {
      this.operator.open();
    } catch (e) {
      throw this.failure(e);
    }
  }
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.operator.close();
  }
  get isClosed(): boolean {
    return this.closed;
  }

  failure(e: unknown): TaskFailure {
    return e instanceof TaskFailure ? e : new TaskFailure(this.name, this.index, this.parallelism, e);
  }
}
