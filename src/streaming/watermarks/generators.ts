/**
 * The built-in watermark generators (Flink's BoundedOutOfOrdernessWatermarks,
 * AscendingTimestampsWatermarks = bound 0, WatermarksWithIdleness, NoWatermarksGenerator).
 */
import type { WatermarkGenerator, WatermarkOutput } from "./watermark.js";

/** Watermark = max timestamp seen - bound - 1, emitted periodically. */
export class BoundedOutOfOrdernessWatermarks<T> implements WatermarkGenerator<T> {
  private maxTimestamp = -Infinity;

  constructor(private readonly outOfOrdernessMillis: number) {}

  onEvent(_event: T, eventTimestamp: number, _output?: WatermarkOutput): void {
    if (eventTimestamp > this.maxTimestamp) this.maxTimestamp = eventTimestamp;
  }
  onPeriodicEmit(output: WatermarkOutput): void {
    output.emitWatermark(this.maxTimestamp - this.outOfOrdernessMillis - 1);
  }
}

/** Emits no watermarks (only the end-of-time watermark passes through). */
export class NoWatermarksGenerator<T> implements WatermarkGenerator<T> {
  onEvent(): void {}
  onPeriodicEmit(): void {}
}

/** A relative clock in milliseconds (processing time). */
export type Clock = () => number;

/**
 * Marks the output idle when no event arrived for longer than the timeout, as Flink's
 * WatermarksWithIdleness: idleness is checked only at periodic emission; the countdown starts at
 * the first emission that saw no event since the previous one.
 */
export class WatermarksWithIdleness<T> implements WatermarkGenerator<T> {
  private counter = 0;
  private lastCounter = 0;
  private startOfInactivity: number | undefined;
  private isIdleNow = false;

  constructor(
    private readonly inner: WatermarkGenerator<T>,
    private readonly idleTimeoutMillis: number,
    private readonly clock: Clock,
  ) {}

  onEvent(event: T, eventTimestamp: number, output: WatermarkOutput): void {
    this.inner.onEvent(event, eventTimestamp, output);
    this.counter++;
    this.isIdleNow = false;
  }

  onPeriodicEmit(output: WatermarkOutput): void {
    if (this.checkIfIdle()) {
      if (!this.isIdleNow) {
        output.markIdle();
        this.isIdleNow = true;
      }
    } else {
      this.inner.onPeriodicEmit(output);
    }
  }

  private checkIfIdle(): boolean {
    if (this.counter !== this.lastCounter) {
      this.lastCounter = this.counter;
      this.startOfInactivity = undefined;
      return false;
    }
    if (this.startOfInactivity === undefined) {
      this.startOfInactivity = this.clock();
      return false;
    }
    return this.clock() - this.startOfInactivity > this.idleTimeoutMillis;
  }
}
