/** Receives the records a collector-style user function emits (Flink's Collector). */
export interface Collector<T> {
  collect(record: T): void;
}
