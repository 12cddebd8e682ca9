/**
 * An event-time window [start, end) (Flink's TimeWindow): `maxTimestamp()` is `end - 1`, the
 * last timestamp inside it and the timestamp its results carry.
 */
export class TimeWindow {
  constructor(
    readonly start: number,
    readonly end: number,
  ) {}

  getStart(): number {
    return this.start;
  }
  getEnd(): number {
    return this.end;
  }
  maxTimestamp(): number {
    return this.end - 1;
  }
  /** Whether the windows overlap or touch (Flink merges touching session windows). */
  intersects(other: TimeWindow): boolean {
    return this.start <= other.end && this.end >= other.start;
  }
  /** The smallest window covering both. */
  cover(other: TimeWindow): TimeWindow {
    return new TimeWindow(Math.min(this.start, other.start), Math.max(this.end, other.end));
  }
  equals(other: unknown): boolean {
    return other instanceof TimeWindow && other.start === this.start && other.end === this.end;
  }
  toString(): string {
    return `TimeWindow{start=${this.start}, end=${this.end}}`;
  }

  /** Start of the window of `size` (shifted by `offset`) that holds `timestamp`. */
  static getWindowStartWithOffset(timestamp: number, offset: number, size: number): number {
    const remainder = (timestamp - offset) % size;
    return remainder < 0 ? timestamp - (remainder + size) : timestamp - remainder;
  }
}
