/**
 * Stateless record operators (Flink's StreamMap, StreamFlatMap, StreamFilter): results keep the
 * input record's timestamp.
 */
import type { Collector } from "../../../common/collector.js";
import type { UdfSpec } from "../../../common/udf.js";
import { NO_TIMESTAMP } from "../../watermarks/watermark.js";
import { type Output, UdfStreamOperator } from "../operator.js";

/** A Collector that emits with a settable timestamp (Flink's TimestampedCollector). */
export class TimestampedCollector implements Collector<unknown> {
  timestamp = NO_TIMESTAMP;
  constructor(private readonly output: Output) {}
  collect(record: unknown): void {
    this.output.collect(record, this.timestamp);
  }
}

export class MapOperator extends UdfStreamOperator {
  private fn!: (value: unknown) => unknown;
  constructor(private readonly spec: UdfSpec) {
    super();
  }
  override open(): void {
    this.fn = this.openUdf(this.spec).call;
  }
  processElement(value: unknown, timestamp: number): void {
    this.output.collect(this.fn(value), timestamp);
  }
}

export class FlatMapOperator extends UdfStreamOperator {
  private fn!: (value: unknown, out: Collector<unknown>) => void;
  private collector!: TimestampedCollector;
  constructor(private readonly spec: UdfSpec) {
    super();
  }
  override open(): void {
    this.fn = this.openUdf(this.spec).call;
    this.collector = new TimestampedCollector(this.output);
  }
  processElement(value: unknown, timestamp: number): void {
    this.collector.timestamp = timestamp;
    this.fn(value, this.collector);
  }
}

export class FilterOperator extends UdfStreamOperator {
  private fn!: (value: unknown) => boolean;
  constructor(private readonly spec: UdfSpec) {
    super();
  }
  override open(): void {
    this.fn = this.openUdf(this.spec).call;
  }
  processElement(value: unknown, timestamp: number): void {
    if (this.fn(value)) this.output.collect(value, timestamp);
  }
}
