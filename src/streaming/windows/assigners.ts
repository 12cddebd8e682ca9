/**
 * Event-time window assigners (Flink's TumblingEventTimeWindows, SlidingEventTimeWindows,
 * EventTimeSessionWindows). An assigner maps a record's timestamp to the windows it belongs to;
 * a merging assigner's windows are merged when they touch or overlap (sessions).
 */
import { InvalidProgramException } from "../../common/errors.js";
import { type Duration, toMillis } from "../time/duration.js";
import { TimeWindow } from "../time/time-window.js";

/** Assigns windows to records (event time only). */
export interface WindowAssigner {
  /** The windows of a record; the caller must not modify the returned array. */
  assignWindows(element: unknown, timestamp: number): readonly TimeWindow[];
  isEventTime(): boolean;
  /** Session-style assigners: windows merge when they intersect. */
  isMerging(): boolean;
  toString(): string;
}

/** Fixed-size, non-overlapping windows aligned to the epoch (plus an optional offset). */
export class TumblingEventTimeWindows implements WindowAssigner {
  // The last assignment, reused while timestamps stay in the same window (callers never mutate it).
  private last: TimeWindow[] = [new TimeWindow(0, 0)];

  private constructor(private readonly size: number, private readonly offset: number) {}

  static of(size: Duration, offset?: Duration): TumblingEventTimeWindows {
    const s = toMillis(size, "TumblingEventTimeWindows.of");
    const o = offset === undefined ? 0 : toMillis(offset, "TumblingEventTimeWindows.of");
    if (s <= 0 || Math.abs(o) >= s) {
      throw new InvalidProgramException("TumblingEventTimeWindows parameters must satisfy abs(offset) < size (and size > 0)");
    }
    return new TumblingEventTimeWindows(s, o);
  }
  assignWindows(_element: unknown, timestamp: number): TimeWindow[] {
    const w = this.last[0]!;
    if (timestamp >= w.start && timestamp < w.end) return this.last;
    const start = TimeWindow.getWindowStartWithOffset(timestamp, this.offset, this.size);
    this.last = [new TimeWindow(start, start + this.size)];
    return this.last;
  }
  isEventTime(): boolean {
    return true;
  }
  isMerging(): boolean {
    return false;
  }
  toString(): string {
    return `TumblingEventTimeWindows(${this.size})`;
  }
}

/** Windows of `size` starting every `slide`: a record belongs to size/slide windows. */
export class SlidingEventTimeWindows implements WindowAssigner {
  private constructor(private readonly size: number, private readonly slide: number, private readonly offset: number) {}

  static of(size: Duration, slide: Duration, offset?: Duration): SlidingEventTimeWindows {
    const s = toMillis(size, "SlidingEventTimeWindows.of");
    const sl = toMillis(slide, "SlidingEventTimeWindows.of");
    const o = offset === undefined ? 0 : toMillis(offset, "SlidingEventTimeWindows.of");
    if (s <= 0 || sl <= 0 || Math.abs(o) >= sl) {
      throw new InvalidProgramException("SlidingEventTimeWindows parameters must satisfy abs(offset) < slide and size > 0 and slide > 0");
    }
    return new SlidingEventTimeWindows(s, sl, o);
  }
  assignWindows(_element: unknown, timestamp: number): TimeWindow[] {
    const windows: TimeWindow[] = [];
    const lastStart = TimeWindow.getWindowStartWithOffset(timestamp, this.offset, this.slide);
    for (let start = lastStart; start > timestamp - this.size; start -= this.slide) {
      windows.push(new TimeWindow(start, start + this.size));
    }
    return windows;
  }
  isEventTime(): boolean {
    return true;
  }
  isMerging(): boolean {
    return false;
  }
  toString(): string {
    return `SlidingEventTimeWindows(${this.size}, ${this.slide})`;
  }
}

/** Per-key sessions: a record opens [t, t + gap); windows that touch or overlap merge. */
export class EventTimeSessionWindows implements WindowAssigner {
  private constructor(private readonly gap: number) {}

  static withGap(gap: Duration): EventTimeSessionWindows {
    const g = toMillis(gap, "EventTimeSessionWindows.withGap");
    if (g <= 0) throw new InvalidProgramException("EventTimeSessionWindows parameters must satisfy 0 < size");
    return new EventTimeSessionWindows(g);
  }
  assignWindows(_element: unknown, timestamp: number): TimeWindow[] {
    return [new TimeWindow(timestamp, timestamp + this.gap)];
  }
  isEventTime(): boolean {
    return true;
  }
  isMerging(): boolean {
    return true;
  }
  toString(): string {
    return `EventTimeSessionWindows(${this.gap})`;
  }
}

/** Checks at definition time that `a` is an assigner. @internal */
export function checkAssigner(a: unknown, operator: string): WindowAssigner {
  const ok = a !== null && typeof a === "object" && typeof (a as WindowAssigner).assignWindows === "function"
    && typeof (a as WindowAssigner).isMerging === "function";
  if (!ok)
    throw new InvalidProgramException(`${operator}: expected a window assigner such as TumblingEventTimeWindows.of(Duration.ofSeconds(5)), got ${String(a)}`);
  return a as WindowAssigner;
}
