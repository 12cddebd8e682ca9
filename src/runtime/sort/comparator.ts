/** Record comparators for sort orders (sortPartition, sortGroup, range partitioning). */
import { Order } from "../../common/enums.js";
import { compareKeys, compileKey } from "../../common/keys.js";
import { instantiateUdf } from "../../common/udf.js";
import type { Ordering } from "../../plan/logical.js";

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
 * Sorts records by `orderings`, stable. Keys are extracted once per record (not per comparison);
 * a single number or string key takes a typed fast path.
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
  const keys = parts.map((p) => records.map((r) => p.extract(r)));
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
