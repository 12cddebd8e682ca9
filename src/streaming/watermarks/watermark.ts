/**
 * Event-time progress (Flink's Watermark): "no record with a timestamp <= t is expected any
 * more". Timestamps and watermarks are millisecond numbers; -Infinity stands for Flink's
 * Long.MIN_VALUE (no watermark yet; also a record without timestamp) and +Infinity for the
 * end-of-time watermark a finished source emits.
 */
export class Watermark {
  /** The end of event time: fires every open window. */
  static readonly MAX_WATERMARK = new Watermark(Infinity);
  static readonly UNINITIALIZED = new Watermark(-Infinity);

  constructor(readonly timestamp: number) {}

  getTimestamp(): number {
    return this.timestamp;
  }
  toString(): string {
    return `Watermark @ ${this.timestamp}`;
  }
}

/** Timestamp of a record that has none, and the watermark before any was emitted. @internal */
export const NO_TIMESTAMP = -Infinity;
/** @internal */
export const MIN_WATERMARK = -Infinity;
/** @internal */
export const MAX_WATERMARK = Infinity;

/** Where a WatermarkGenerator emits (Flink's WatermarkOutput). */
export interface WatermarkOutput {
  /** Emits a watermark; one not above the last emitted is ignored. */
  emitWatermark(watermark: Watermark | number): void;
  /** Marks this output idle: it stops holding back downstream watermarks. */
  markIdle(): void;
  /** Marks it active again (emitting a watermark does that too). */
  markActive(): void;
}

/** Generates watermarks from events and/or periodically (Flink's WatermarkGenerator). */
export interface WatermarkGenerator<T> {
  onEvent(event: T, eventTimestamp: number, output: WatermarkOutput): void;
  /** Called every auto-watermark interval (and once when the input ends). */
  onPeriodicEmit(output: WatermarkOutput): void;
}

/** Milliseconds of a watermark given as object or number. @internal */
export function watermarkMillis(w: Watermark | number): number {
  return typeof w === "number" ? w : w.getTimestamp();
}
