/**
 * How a stream gets event timestamps and watermarks (Flink's WatermarkStrategy): a timestamp
 * assigner plus a watermark generator, made once per parallel instance of the
 * assignTimestampsAndWatermarks operator.
 * @example
 * WatermarkStrategy.forBoundedOutOfOrderness<[string, number]>(Duration.ofSeconds(2))
 *   .withTimestampAssigner((e) => e[1])
 *   .withIdleness(Duration.ofMinutes(1))
 */
import { InvalidProgramException } from "../../common/errors.js";
import { udfSpec, type UdfSpec } from "../../common/udf.js";
import { type Duration, toMillis } from "../time/duration.js";
import { BoundedOutOfOrdernessWatermarks, NoWatermarksGenerator, WatermarksWithIdleness, type Clock } from "./generators.js";
import type { WatermarkGenerator } from "./watermark.js";

/** Extracts an event's timestamp; `recordTimestamp` is the one it already has (or -Infinity). */
export type TimestampAssigner<T> =
  | ((event: T, recordTimestamp: number) => number)
  | { extractTimestamp(event: T, recordTimestamp: number): number };

/** Makes a generator: a function, or an object with `createWatermarkGenerator()`. */
export type WatermarkGeneratorSupplier<T> = (() => WatermarkGenerator<T>) | { createWatermarkGenerator(): WatermarkGenerator<T> };

export class WatermarkStrategy<T> {
  private constructor(
    private readonly generatorFactory: () => WatermarkGenerator<T>,
    /** @internal */ readonly timestampAssigner: UdfSpec | undefined,
    private readonly idleTimeoutMillis: number | undefined,
  ) {}

  /** Watermarks trail the largest timestamp seen by `maxOutOfOrderness` (and 1 ms). */
  static forBoundedOutOfOrderness<T>(maxOutOfOrderness: Duration): WatermarkStrategy<T> {
    const bound = toMillis(maxOutOfOrderness, "WatermarkStrategy.forBoundedOutOfOrderness");
    if (bound < 0) throw new InvalidProgramException("WatermarkStrategy.forBoundedOutOfOrderness: maxOutOfOrderness must not be negative");
    return new WatermarkStrategy<T>(() => new BoundedOutOfOrdernessWatermarks<T>(bound), undefined, undefined);
  }
  /** For timestamps that never decrease: watermark = largest timestamp - 1. */
  static forMonotonousTimestamps<T>(): WatermarkStrategy<T> {
    return new WatermarkStrategy<T>(() => new BoundedOutOfOrdernessWatermarks<T>(0), undefined, undefined);
  }
  /** No watermarks (event-time windows then fire only at the end of a bounded input). */
  static noWatermarks<T>(): WatermarkStrategy<T> {
    return new WatermarkStrategy<T>(() => new NoWatermarksGenerator<T>(), undefined, undefined);
  }
  /** A custom generator (periodic and/or punctuated), one per parallel instance. */
  static forGenerator<T>(supplier: WatermarkGeneratorSupplier<T>): WatermarkStrategy<T> {
    const make = typeof supplier === "function" ? supplier : () => supplier.createWatermarkGenerator();
    if (typeof supplier !== "function" && typeof supplier?.createWatermarkGenerator !== "function") {
      throw new InvalidProgramException("WatermarkStrategy.forGenerator: expected a function or an object with createWatermarkGenerator()");
    }
    return new WatermarkStrategy<T>(make, undefined, undefined);
  }

  /** Uses `assigner` for the event timestamps (otherwise records keep the one they have). */
  withTimestampAssigner(assigner: TimestampAssigner<T>): WatermarkStrategy<T> {
    const spec = udfSpec(assigner, "extractTimestamp", "WatermarkStrategy.withTimestampAssigner");
    return new WatermarkStrategy<T>(this.generatorFactory, spec, this.idleTimeoutMillis);
  }
  /** An input with no record for `idleTimeout` (processing time) stops holding back watermarks. */
  withIdleness(idleTimeout: Duration): WatermarkStrategy<T> {
    const ms = toMillis(idleTimeout, "WatermarkStrategy.withIdleness");
    if (ms <= 0) throw new InvalidProgramException("WatermarkStrategy.withIdleness: idleTimeout must be greater than zero");
    return new WatermarkStrategy<T>(this.generatorFactory, this.timestampAssigner, ms);
  }

  /** One parallel instance's generator. @internal */
  createWatermarkGenerator(clock: Clock): WatermarkGenerator<T> {
    const g = this.generatorFactory();
    if (typeof g?.onEvent !== "function" || typeof g.onPeriodicEmit !== "function") {
      throw new InvalidProgramException("WatermarkStrategy: the generator must have onEvent(event, timestamp, output) and onPeriodicEmit(output)");
    }
    return this.idleTimeoutMillis === undefined ? g : new WatermarksWithIdleness(g, this.idleTimeoutMillis, clock);
  }
}

