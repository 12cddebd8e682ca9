/**
 * Accumulators (Flink's org.apache.flink.api.common.accumulators): each subtask adds locally,
 * the job merges the subtasks' accumulators by name into the JobExecutionResult.
 */
export interface Accumulator<V, R = V> {
  add(value: V): void;
  getLocalValue(): R;
  resetLocal(): void;
  merge(other: Accumulator<V, R>): void;
  clone(): Accumulator<V, R>;
}

abstract class NumberCounter implements Accumulator<number> {
  protected value = 0;
  constructor(initial = 0) {
    this.value = initial;
  }
  add(v = 1): void {
    this.value += v;
  }
  getLocalValue(): number {
    return this.value;
  }
  resetLocal(): void {
    this.value = 0;
  }
  merge(other: Accumulator<number>): void {
    this.value += other.getLocalValue();
  }
  abstract clone(): Accumulator<number>;
}

/** Counts with integer steps (Flink's IntCounter). */
export class IntCounter extends NumberCounter {
  override add(v = 1): void {
    this.value += Math.trunc(v);
  }
  clone(): IntCounter {
    return new IntCounter(this.value);
  }
}

/** Counts with integer steps (Flink's LongCounter). */
export class LongCounter extends IntCounter {
  override clone(): LongCounter {
    return new LongCounter(this.value);
  }
}

/** Sums doubles (Flink's DoubleCounter). */
export class DoubleCounter extends NumberCounter {
  clone(): DoubleCounter {
    return new DoubleCounter(this.value);
  }
}

/** Counts occurrences of integer values (Flink's Histogram): result maps value -> count. */
export class Histogram implements Accumulator<number, Map<number, number>> {
  private counts = new Map<number, number>();
  add(v: number): void {
    this.counts.set(v, (this.counts.get(v) ?? 0) + 1);
  }
  getLocalValue(): Map<number, number> {
    return new Map([...this.counts].sort((a, b) => a[0] - b[0]));
  }
  resetLocal(): void {
    this.counts = new Map();
  }
  merge(other: Accumulator<number, Map<number, number>>): void {
    for (const [k, c] of other.getLocalValue()) this.counts.set(k, (this.counts.get(k) ?? 0) + c);
  }
  clone(): Histogram {
    const h = new Histogram();
    h.merge(this);
    return h;
  }
}

/** Collects every added value (Flink's ListAccumulator). */
export class ListAccumulator<T> implements Accumulator<T, T[]> {
  private items: T[] = [];
  add(v: T): void {
    this.items.push(v);
  }
  getLocalValue(): T[] {
    return this.items;
  }
  resetLocal(): void {
    this.items = [];
  }
  merge(other: Accumulator<T, T[]>): void {
    this.items.push(...other.getLocalValue());
  }
  clone(): ListAccumulator<T> {
    const l = new ListAccumulator<T>();
    l.items = [...this.items];
    return l;
  }
}
