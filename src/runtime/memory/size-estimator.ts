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
  // v8.serialize builds a serializer per call: 25-50 us on the shared machine, so a sample of 1 in
  // 128 records cost ~0.25 s per million (7% of a 1M x 1M coGroup). Flat records are measured in JS.
  const flat = 2 + serializedSize(record, 0);
  if (flat > 0) return 2 * flat + 64;
  try {
    return 2 * serialize(record).length + 64;
  } catch {
    return UNKNOWN_SIZE;
  }
}

/**
 * The length `v8.serialize` gives a value of primitives, dense arrays and plain objects (two
 * levels deep), without its header; -Infinity for anything else (the serializer measures those).
 */
function serializedSize(v: unknown, depth: number): number {
  switch (typeof v) {
    case "number":
      return (v | 0) === v && !Object.is(v, -0) && v >= -(2 ** 30) && v < 2 ** 30 ? 1 + varintSize(((v << 1) ^ (v >> 31)) >>> 0) : 9;
    case "string": {
      let oneByte = true;
      for (let i = 0; i < v.length; i++) {
        if (v.charCodeAt(i) > 0xff) {
          oneByte = false;
          break;
        }
      }
      const bytes = oneByte ? v.length : 2 * v.length;
      return 1 + varintSize(bytes) + bytes + (oneByte ? 0 : 1);
    }
    case "boolean":
    case "undefined":
      return 1;
    case "object": {
      if (v === null) return 1;
      if (depth >= 2) return -Infinity;
      const proto = Object.getPrototypeOf(v) as unknown;
      if (proto === Array.prototype) {
        const a = v as unknown[];
        let n = 1 + 2 * varintSize(a.length) + 2;
        for (let i = 0; i < a.length; i++) {
          if (!(i in a)) return -Infinity;
          n += serializedSize(a[i], depth + 1);
        }
        return n;
      }
      if (proto === Object.prototype) {
        let n = 2;
        let count = 0;
        for (const k in v as Record<string, unknown>) {
          n += serializedSize(k, depth + 1) + serializedSize((v as Record<string, unknown>)[k], depth + 1);
          count++;
        }
        return n + varintSize(count);
      }
      return -Infinity;
    }
    default:
      return -Infinity;
  }
}

function varintSize(n: number): number {
  let size = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 128);
    size++;
  }
  return size;
}
