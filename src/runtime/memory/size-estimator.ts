/**
 * Cheap record-size estimates: the serialized size of a sample of the records (the first few,
 * then one in SAMPLE_EVERY), turned into heap bytes. A small JS record takes about four times its
 * serialized size on the heap (measured: [number, string] and 3-field objects ~104 bytes for 24-48
 * serialized), so the estimate is 2 x serialized + 64, on the safe side for small records.
 */
import { serialize } from "node:v8";

const SAMPLE_EVERY = 128;
const FIRST = 16;
/** What an unserializable record (a function inside) is assumed to take. */
const UNKNOWN_SIZE = 256;

export class RecordSizeEstimator {
  /** Records counted since the last reset: what `bytes` covers. */
  private seen = 0;
  /** Records counted ever: what sampling follows, so a reset per small group does not sample every record. */
  private counted = 0;
  private samples = 0;
  private sampledBytes = 0;
  private perRecord = 0;

  /** Counts one record; returns the estimated heap bytes of all records counted since the last reset. */
  add(record: unknown): number {
    const n = this.counted++;
    this.seen++;
    if (n < FIRST || n % SAMPLE_EVERY === 0) {
      this.sampledBytes += heapSizeOf(record);
      this.perRecord = this.sampledBytes / ++this.samples;
    }
    return this.seen * this.perRecord;
  }

  /** Estimated bytes of `count` records like those sampled so far. */
  bytesOf(count: number): number {
    return count * this.perRecord;
  }

  get bytes(): number {
    return this.seen * this.perRecord;
  }

  /** Starts counting anew (after a spill), keeping what the samples taught. */
  reset(): void {
    this.seen = 0;
  }
}

/** One record's estimated heap size. */
export function heapSizeOf(record: unknown): number {
  try {
    return 2 * serialize(record).length + 64;
  } catch {
    return UNKNOWN_SIZE;
  }
}
