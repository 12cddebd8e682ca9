/**
 * assignTimestampsAndWatermarks (Flink's TimestampsAndWatermarksOperator): sets each record's
 * timestamp from the assigner, feeds the watermark generator per event and every
 * auto-watermark interval, and emits only increasing watermarks. Watermarks from upstream are
 * ignored except the end-of-time one, which passes through. At end of input the generator
 * emits once more.
 */
import { InvalidProgramException } from "../../../common/errors.js";
import { instantiateUdf } from "../../../common/udf.js";
import { MAX_WATERMARK, watermarkMillis, type Watermark, type WatermarkGenerator, type WatermarkOutput } from "../../watermarks/watermark.js";
import type { WatermarkStrategy } from "../../watermarks/watermark-strategy.js";
import { type Output, UdfStreamOperator } from "../operator.js";

/** Emits a generator's watermarks and idleness downstream (Flink's WatermarkEmitter). */
export class WatermarkEmitter implements WatermarkOutput {
  private current = -Infinity;
  private idle = false;

  constructor(private readonly output: Output) {}

  emitWatermark(watermark: Watermark | number): void {
    const ts = watermarkMillis(watermark);
    if (!(ts > this.current)) return;
    this.current = ts;
    this.markActive();
    this.output.emitWatermark(ts);
  }
  markIdle(): void {
    if (this.idle) return;
    this.idle = true;
    this.output.emitWatermarkStatus(true);
  }
  markActive(): void {
    if (!this.idle) return;
    this.idle = false;
    this.output.emitWatermarkStatus(false);
  }
}

export class TimestampsAndWatermarksOperator extends UdfStreamOperator {
  override readonly wantsPeriodic = true;
  private assign: ((event: unknown, previous: number) => unknown) | undefined;
  private generator!: WatermarkGenerator<unknown>;
  private emitter!: WatermarkEmitter;

  constructor(private readonly strategy: WatermarkStrategy<unknown>) {
    super();
  }

  override open(): void {
    const spec = this.strategy.timestampAssigner;
    this.assign = spec === undefined ? undefined : instantiateUdf(spec).call;
    this.generator = this.strategy.createWatermarkGenerator(this.ctx.clock);
    this.emitter = new WatermarkEmitter(this.output);
  }

  processElement(value: unknown, timestamp: number): void {
    let ts = timestamp;
    if (this.assign !== undefined) {
      const t = this.assign(value, timestamp);
      ts = typeof t === "bigint" ? Number(t) : (t as number);
      if (typeof ts !== "number" || Number.isNaN(ts)) {
        throw new InvalidProgramException(`${this.ctx.name}: the timestamp assigner returned ${String(t)}; timestamps are numbers of milliseconds`);
      }
    }
    this.output.collect(value, ts);
    this.generator.onEvent(value, ts, this.emitter);
  }

  override onPeriodic(): void {
    this.generator.onPeriodicEmit(this.emitter);
  }

  override processWatermark(watermark: number): void {
    if (watermark === MAX_WATERMARK) this.emitter.emitWatermark(MAX_WATERMARK);
  }
  override processWatermarkStatus(): void {
    // This operator generates its own watermark status.
  }
  override finish(): void {
    this.generator.onPeriodicEmit(this.emitter);
  }
}
