/**
 * Range partitioning as Flink does it: sample the keys of all producers, sort the sample, take
 * q-1 evenly spaced boundaries, then route each record by binary search over the boundaries,
 * so partition i holds keys <= boundary i and the partitions are globally ordered.
 */
import { Order } from "../../common/enums.js";
import { compareKeys } from "../../common/keys.js";
import type { Channel } from "../../plan/physical.js";
import { subtaskKey } from "../../common/subtask-key.js";

/** Keys sampled per target partition (Flink samples a fixed number per parallel instance). */
const SAMPLES_PER_PARTITION = 200;

/** One producer's held records for sampling. */
export interface HeldRecords {
  readonly length: number;
  records(): Iterable<any>;
}

export class RangeBoundaries {
  private constructor(
    private readonly bounds: unknown[],
    private readonly extract: (r: any) => unknown,
    private readonly compare: (a: unknown, b: unknown) => number,
  ) {}

  /** `held`: each producer's records (read once, in order: they may come from disk) and their count. */
  static fromSample(held: readonly HeldRecords[], channel: Channel, consumers: number, operator: string): RangeBoundaries {
    const key = subtaskKey(channel.shipKey!, operator);
    const orders = channel.shipOrders ?? [];
    const compare = (a: unknown, b: unknown): number => {
      if (Array.isArray(a) && Array.isArray(b) && orders.length > 0) {
        for (let i = 0; i < a.length; i++) {
          const c = compareKeys(a[i], b[i]);
          if (c !== 0) return orders[i] === Order.DESCENDING ? -c : c;
        }
        return 0;
      }
      const c = compareKeys(a, b);
      return orders[0] === Order.DESCENDING ? -c : c;
    };
    const total = held.reduce((n, h) => n + h.length, 0);
    const want = SAMPLES_PER_PARTITION * consumers;
    const sample: unknown[] = [];
    // A deterministic systematic sample: every step-th record of each producer.
    const step = Math.max(1, Math.floor(total / want));
    // hashable() rejects null keys; extract() gives the comparable key value.
    const keyOf = (r: any): unknown => { key.hashable(r); return key.extract(r); };
    for (const h of held) {
      let i = 0;
      for (const r of h.records()) if (i++ % step === 0) sample.push(keyOf(r));
    }
    sample.sort(compare);
    const bounds: unknown[] = [];
    for (let i = 1; i < consumers && sample.length > 0; i++) {
      bounds.push(sample[Math.min(sample.length - 1, Math.floor((i * sample.length) / consumers))]);
    }
    return new RangeBoundaries(bounds, keyOf, compare);
  }

  /** The first partition whose boundary is >= the record's key. */
  partitionOf(record: any): number {
    const k = this.extract(record);
    let lo = 0;
    let hi = this.bounds.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.bounds[mid], k) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
