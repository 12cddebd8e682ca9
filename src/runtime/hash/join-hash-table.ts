/**
 * The build side of a hash join: records by their key's hashable value, equal keys together in
 * arrival order. A key with one record maps straight to it (no bucket array: one allocation and
 * one memory hop less per probe, which is what a probe costs); more records share a Bucket.
 * With match tracking, the table remembers which keys a probe found, so an outer join can emit
 * the build records nobody matched (Flink's MutableHashTable "probed" flags, kept per key: in an
 * equality join every record of a key matches the same probe records).
 */
import type { HashKey } from "../../common/keys.js";

/** Several build records with one key. */
export class Bucket<R> {
  constructor(readonly rows: R[]) {}
}

/** What a probe finds: one record, a Bucket, or undefined. */
export type Entry<R> = R | Bucket<R>;

export class JoinHashTable<R> {
  /** Key -> entry; read directly by a probe that does not track matches (hash-join-driver's fast path). */
  readonly entries = new Map<HashKey, Entry<R>>();
  private readonly matched: Set<HashKey> | undefined;
  private records = 0;

  constructor(trackMatches: boolean) {
    this.matched = trackMatches ? new Set() : undefined;
  }

  /** Whether probes mark keys matched (an outer build side). */
  get tracksMatches(): boolean {
    return this.matched !== undefined;
  }

  get size(): number {
    return this.records;
  }

  insert(key: HashKey, record: R): void {
    const e = this.entries.get(key);
    // An undefined record is kept in a Bucket so that `undefined` always means "no entry".
    if (e === undefined) this.entries.set(key, record === undefined ? new Bucket([record]) : record);
    else if (e instanceof Bucket) e.rows.push(record);
    else this.entries.set(key, new Bucket([e, record]));
    this.records++;
  }

  /** The entry of this key, or undefined; marks the key matched when tracking. */
  probe(key: HashKey): Entry<R> | undefined {
    const e = this.entries.get(key);
    if (e !== undefined && this.matched !== undefined) this.matched.add(key);
    return e;
  }

  /** Build records whose key no probe found (needs match tracking). */
  *unmatched(): Iterable<R> {
    const matched = this.matched;
    for (const [key, e] of this.entries) {
      if (matched !== undefined && matched.has(key)) continue;
      if (e instanceof Bucket) yield* e.rows;
      else yield e;
    }
  }

  /** Every (key, record), keys in insertion order, a key's records in arrival order. */
  *keyedRecords(): Iterable<[HashKey, R]> {
    for (const [key, e] of this.entries) {
      if (e instanceof Bucket) for (const r of e.rows) yield [key, r];
      else yield [key, e];
    }
  }

  clear(): void {
    this.entries.clear();
    this.matched?.clear();
    this.records = 0;
  }
}
