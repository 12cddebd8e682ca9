/**
 * The build side of a hash join: records grouped by their key's hashable value (equal keys ->
 * one bucket, in arrival order). With match tracking, the table remembers which keys a probe
 * record found, so an outer join can emit the build records nobody matched (Flink's
 * MutableHashTable with its "probed" flags, kept here per key: with equality joins every record
 * of a bucket matches the same probe records).
 */
import type { HashKey } from "../../common/keys.js";

export class JoinHashTable<R> {
  private readonly buckets = new Map<HashKey, R[]>();
  private readonly matched: Set<HashKey> | undefined;
  private records = 0;

  constructor(trackMatches: boolean) {
    this.matched = trackMatches ? new Set() : undefined;
  }

  get size(): number {
    return this.records;
  }

  insert(key: HashKey, record: R): void {
    const bucket = this.buckets.get(key);
    if (bucket === undefined) this.buckets.set(key, [record]);
    else bucket.push(record);
    this.records++;
  }

  /** The records with this key, or undefined; marks the key matched when tracking. */
  probe(key: HashKey): R[] | undefined {
    const bucket = this.buckets.get(key);
    if (bucket !== undefined && this.matched !== undefined) this.matched.add(key);
    return bucket;
  }

  /** Build records whose key no probe found (needs match tracking). */
  *unmatched(): Iterable<R> {
    const matched = this.matched;
    for (const [key, bucket] of this.buckets) {
      if (matched === undefined || !matched.has(key)) yield* bucket;
    }
  }

  clear(): void {
    this.buckets.clear();
    this.matched?.clear();
    this.records = 0;
  }
}
