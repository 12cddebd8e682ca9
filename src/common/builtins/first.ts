/** first(n) as a combinable group reduce (Flink's FirstReducer). */
import type { Collector } from "../collector.js";

export function firstReducer<T>(n: number): (values: Iterable<T>, out: Collector<T>) => void {
  return (values, out) => {
    if (n <= 0) return;
    let i = 0;
    for (const v of values) {
      out.collect(v);
      if (++i >= n) break;
    }
  };
}
