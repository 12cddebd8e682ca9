/**
 * A length of time (java.time.Duration as Flink's APIs take it), held in milliseconds.
 * @example WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5))
 */
import { InvalidProgramException } from "../../common/errors.js";

export class Duration {
  static readonly ZERO = new Duration(0);

  private constructor(private readonly millis: number) {}

  static ofMillis(ms: number): Duration {
    return Duration.of(ms, 1, "ofMillis");
  }
  static ofSeconds(s: number): Duration {
    return Duration.of(s, 1000, "ofSeconds");
  }
  static ofMinutes(m: number): Duration {
    return Duration.of(m, 60_000, "ofMinutes");
  }
  static ofHours(h: number): Duration {
    return Duration.of(h, 3_600_000, "ofHours");
  }
  static ofDays(d: number): Duration {
    return Duration.of(d, 86_400_000, "ofDays");
  }

  private static of(amount: number, unitMs: number, method: string): Duration {
    if (typeof amount !== "number" || !Number.isFinite(amount)) {
      throw new InvalidProgramException(`Duration.${method}: expected a finite number, got ${String(amount)}`);
    }
    return new Duration(Math.trunc(amount * unitMs));
  }

  toMillis(): number {
    return this.millis;
  }
  getSeconds(): number {
    return Math.floor(this.millis / 1000);
  }
  isZero(): boolean {
    return this.millis === 0;
  }
  isNegative(): boolean {
    return this.millis < 0;
  }
  toString(): string {
    return `PT${this.millis / 1000}S`;
  }
}

/** Milliseconds of a Duration (or a plain number of milliseconds). @internal */
export function toMillis(d: Duration | number, what: string): number {
  if (typeof d === "number" && Number.isFinite(d)) return Math.trunc(d);
  if (d instanceof Duration) return d.toMillis();
  throw new InvalidProgramException(`${what}: expected a Duration (e.g. Duration.ofSeconds(5)), got ${String(d)}`);
}
