/** Record comparators for sort orders (sortPartition, sortGroup, range partitioning). */
import { Order } from "../../common/enums.js";
import { compareKeys, compileKey } from "../../common/keys.js";
import { instantiateUdf } from "../../common/udf.js";
import type { Ordering } from "../../plan/logical.js";
import { radixOrder } from "./radix.js";

export type RecordComparator = (a: any, b: any) => number;

/** A comparator over `orderings` (selector keys get this subtask's own selector instance). */
export function makeComparator(orderings: readonly Ordering[], operator: string): RecordComparator {
  const parts = orderings.map((o) => {
    const sel = o.key.kind === "selector" ? instantiateUdf(o.key.selector).call : undefined;
    const key = compileKey(o.key, operator, sel);
    return { extract: key.extract, dir: o.order === Order.DESCENDING ? -1 : 1 };
  });
  if (parts.length === 1) {
    const { extract, dir } = parts[0]!;
    return (a, b) => dir * compareKeys(extract(a), extract(b));
  }
  return (a, b) => {
    for (const p of parts) {
      const c = compareKeys(p.extract(a), p.extract(b));
      if (c !== 0) return p.dir * c;
    }
    return 0;
  };
}

/**
 * Sorts records by `orderings`, stable. Keys are extracted once per record (not per comparison).
 * A first key of integers (the common sort key) is read into a typed array and ordered without a
 * JS comparator: by a radix sort of its distance from the smallest key (or the largest, when
 * descending) when the keys span less than 2^32, else packed with the record's index into one
 * double per record and sorted natively in a Float64Array; the comparator only orders ties of
 * that key by the remaining keys. Other first keys sort through compareKeys, a single number or
 * string key on a typed fast path. The one in-memory sort of the engine: sortPartition, sorted
 * groups and the runs of an external sort call it.
 */
export function sortRecords<T>(records: T[], orderings: readonly Ordering[], operator: string): T[] {
  if (records.length === 0) return records;
  const parts = orderings.map((o) => {
    const sel = o.key.kind === "selector" ? instantiateUdf(o.key.selector).call : undefined;
    return { extract: compileKey(o.key, operator, sel).extract, dir: o.order === Order.DESCENDING ? -1 : 1 };
  });
  // One record is not compared, but its key is still checked (it fails at the first record).
  if (records.length === 1) {
    for (const p of parts) p.extract(records[0]);
    return records;
  }
  const n = records.length;
  const first = integerKeys(records, parts[0]!.extract);
  const rest = (): unknown[][] => parts.map((p, i) => (i === 0 ? [] : records.map((r) => p.extract(r))));
  if (!Array.isArray(first)) {
    const order = integerOrder(first, parts[0]!.dir);
    if (order !== undefined) {
      if (parts.length > 1) sortTies(order, rest(), parts);
      const out = new Array<T>(n);
      const idx = order.idx;
      for (let i = 0; i < n; i++) out[i] = records[idx[i]!]!;
      return out;
    }
  }
  const keys = rest();
  keys[0] = Array.isArray(first) ? first : Array.from(first.values);
  const idx = new Array<number>(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  if (parts.length === 1) {
    const k = keys[0]!;
    const dir = parts[0]!.dir;
    // Subtraction orders ordinary numbers as Double.compare does; NaN and -0 need compareKeys.
    const allNumbers = k.every((x) => typeof x === "number" && x === x && (x !== 0 || 1 / x > 0));
    if (allNumbers) {
      const kn = k as number[];
      idx.sort((i, j) => dir * (kn[i]! - kn[j]! || 0) || i - j);
    } else {
      idx.sort((i, j) => dir * compareKeys(k[i], k[j]) || i - j);
    }
  } else {
    idx.sort((i, j) => {
      for (let p = 0; p < parts.length; p++) {
        const c = compareKeys(keys[p]![i], keys[p]![j]);
        if (c !== 0) return parts[p]!.dir * c;
      }
      return i - j;
    });
  }
  return idx.map((i) => records[i]!);
}

/** A first key whose values are all safe integers (not -0), with their range. */
interface IntegerKeys {
  readonly values: Float64Array;
  readonly min: number;
  readonly max: number;
}

/** The first key's values: typed when they are all safe integers other than -0, else as extracted. */
function integerKeys(records: readonly unknown[], extract: (r: any) => unknown): IntegerKeys | unknown[] {
  const n = records.length;
  const values = new Float64Array(n);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = extract(records[i]);
    if (typeof x !== "number" || !Number.isSafeInteger(x) || (x === 0 && 1 / x < 0)) {
      const keys = new Array<unknown>(n);
      for (let j = 0; j < i; j++) keys[j] = values[j];
      keys[i] = x;
      for (let j = i + 1; j < n; j++) keys[j] = extract(records[j]);
      return keys;
    }
    values[i] = x;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return { values, min, max };
}

/** Record indexes in key order, and each one's rank of the first key (equal ranks: a tie). */
interface PackedOrder {
  readonly idx: Uint32Array;
  readonly rank: Float64Array | Uint32Array;
}

/**
 * The order of integer keys by rank (distance from the smallest key, or from the largest when
 * descending): a radix sort when ranks fit 32 bits; else a native sort of `rank * 2^bits + index`
 * when rank and index fit in 53 bits together; undefined otherwise.
 */
function integerOrder(keys: IntegerKeys, dir: number): PackedOrder | undefined {
  const { values, min, max } = keys;
  const n = values.length;
  if (max - min < 2 ** 32) {
    const rank = new Uint32Array(n);
    for (let i = 0; i < n; i++) rank[i] = dir > 0 ? values[i]! - min : max - values[i]!;
    return radixOrder(rank, max - min);
  }
  const bits = Math.max(1, Math.ceil(Math.log2(n)));
  const scale = 2 ** bits;
  if ((max - min + 1) * scale > Number.MAX_SAFE_INTEGER) return undefined;
  const packed = values;
  for (let i = 0; i < n; i++) packed[i] = (dir > 0 ? values[i]! - min : max - values[i]!) * scale + i;
  packed.sort();
  const idx = new Uint32Array(n);
  const rank = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = packed[i]!;
    const r = Math.floor(v / scale);
    rank[i] = r;
    idx[i] = v - r * scale;
  }
  return { idx, rank };
}
/** Orders each run of equal first keys by the remaining keys (stable: ties keep index order). */
function sortTies(order: PackedOrder, keys: readonly unknown[][], parts: readonly { readonly dir: number }[]): void {
  const { idx, rank } = order;
  const n = idx.length;
  const cmp = (i: number, j: number): number => {
    for (let p = 1; p < parts.length; p++) {
      const c = compareKeys(keys[p]![i], keys[p]![j]);
      if (c !== 0) return parts[p]!.dir * c;
    }
    return i - j;
  };
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && rank[end] === rank[start]) end++;
    if (end - start > 1) idx.subarray(start, end).sort(cmp);
    start = end;
  }
}
