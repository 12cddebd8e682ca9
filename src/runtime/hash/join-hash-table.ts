/**
 * The build side of a hash join: records by their key's hashable value, equal keys together in
 * arrival order. While the build side arrives, each record and its key's dense id (HashableIds:
 * int32 keys in an open-addressing IntTable, others in a Map) are appended; `freeze` then places
 * each key's records next to each other (a counting sort by id), so a probe is one id lookup and
 * a slice `rows[start[id]] .. rows[start[id + 1] - 1]`: no Map entry, bucket array or wrapper per
 * key (a Map of buckets cost a JavaScript Map insert per record and an array per repeated key).
 * With match tracking, the table remembers which keys a probe found, so an outer join can emit
 * the build records nobody matched (Flink's MutableHashTable "probed" flags, kept per key: in an
 * equality join every record of a key matches the same probe records).
 *
 * @example
 * const table = new JoinHashTable<{ k: number }>(false);
 * table.insert(1, { k: 1 });
 * table.insert(1, { k: 1 });
 * const id = table.probe(1);                                  // freezes the table
 * table.rows.slice(table.start[id], table.start[id + 1]);    // both records
 */
import type { HashKey } from "../../common/keys.js";
import { DenseIntIds } from "./dense-int-ids.js";
import { HashableIds } from "./hashable-ids.js";

export class JoinHashTable<R> {
  private readonly trackMatches: boolean;
  private ids = new HashableIds();
  /** Once frozen, when the keys are int32s in a dense range: their ids by subtraction (dense-int-ids.ts). */
  private dense: DenseIntIds | undefined;
  /** The hashable of each id (first-seen order). */
  private keys: HashKey[] = [];
  /** Arrival order while building: records[i] has key id keyIds[i]. */
  private records: R[] = [];
  private keyIds = new Int32Array(1024);
  private frozen = false;
  /** Once frozen: the records of id `i` are rows[start[i]] .. rows[start[i + 1] - 1]. */
  rows: R[] = [];
  start = new Int32Array(1);
  /** Once frozen, with match tracking: 1 for each id a probe found. */
  matched: Uint8Array | undefined;

  constructor(trackMatches: boolean) {
    this.trackMatches = trackMatches;
  }

  /** Whether probes mark keys matched (an outer build side). */
  get tracksMatches(): boolean {
    return this.trackMatches;
  }

  get size(): number {
    return this.frozen ? this.rows.length : this.records.length;
  }

  /** The key ids, for a probe loop that looks them up itself (`idOf`), once frozen. */
  get keyIndex(): { idOf(h: HashKey): number } {
    return this.dense ?? this.ids;
  }

  insert(key: HashKey, record: R): void {
    if (this.frozen) this.thaw();
    const n = this.records.length;
    if (n === this.keyIds.length) {
      const grown = new Int32Array(n * 2);
      grown.set(this.keyIds);
      this.keyIds = grown;
    }
    let id = this.ids.idOf(key);
    if (id < 0) {
      id = this.ids.add(key);
      this.keys.push(key);
    }
    this.keyIds[n] = id;
    this.records.push(record);
  }

  /** Places each key's records together (keys in first-seen order, records in arrival order). */
  freeze(): void {
    if (this.frozen) return;
    const keys = this.keys.length;
    const records = this.records;
    const n = records.length;
    const keyIds = this.keyIds;
    const start = new Int32Array(keys + 1);
    for (let i = 0; i < n; i++) start[keyIds[i]! + 1]!++;
    for (let k = 0; k < keys; k++) start[k + 1]! += start[k]!;
    const next = start.slice(0, keys);
    const rows = new Array<R>(n);
    for (let i = 0; i < n; i++) rows[next[keyIds[i]!]!++] = records[i]!;
    this.rows = rows;
    this.start = start;
    this.records = [];
    this.matched = this.trackMatches ? new Uint8Array(keys) : undefined;
    this.dense = DenseIntIds.over(this.keys);
    this.frozen = true;
  }

  /** Back to arrival-order appends (records in key order), for an insert after a freeze. */
  private thaw(): void {
    const { rows, start } = this;
    const keyIds = new Int32Array(Math.max(1024, rows.length * 2));
    for (let id = 0; id + 1 < start.length; id++) keyIds.fill(id, start[id]!, start[id + 1]!);
    this.records = rows;
    this.keyIds = keyIds;
    this.rows = [];
    this.start = new Int32Array(1);
    this.dense = undefined;
    this.frozen = false;
  }

  /** The id of this key's records in `rows`, or -1 (freezes the table); marks the key matched when tracking. */
  probe(key: HashKey): number {
    if (!this.frozen) this.freeze();
    const id = (this.dense ?? this.ids).idOf(key);
    if (id >= 0 && this.matched !== undefined) this.matched[id] = 1;
    return id;
  }

  /** Build records whose key no probe found (needs match tracking). */
  *unmatched(): Iterable<R> {
    this.freeze();
    const { rows, start, matched } = this;
    for (let id = 0; id + 1 < start.length; id++) {
      if (matched !== undefined && matched[id] === 1) continue;
      for (let i = start[id]!; i < start[id + 1]!; i++) yield rows[i]!;
    }
  }

  /** Every (key, record), keys in first-seen order, a key's records in arrival order. */
  *keyedRecords(): Iterable<[HashKey, R]> {
    this.freeze();
    const { rows, start, keys } = this;
    for (let id = 0; id < keys.length; id++) {
      for (let i = start[id]!; i < start[id + 1]!; i++) yield [keys[id]!, rows[i]!];
    }
  }

  /** `keyedRecords` as calls, without an entry array each. */
  forEachKeyed(fn: (key: HashKey, record: R) => void): void {
    this.freeze();
    const { rows, start, keys } = this;
    for (let id = 0; id < keys.length; id++) {
      const key = keys[id]!;
      for (let i = start[id]!; i < start[id + 1]!; i++) fn(key, rows[i]!);
    }
  }

  clear(): void {
    this.ids = new HashableIds();
    this.keys = [];
    this.records = [];
    this.keyIds = new Int32Array(1024);
    this.rows = [];
    this.start = new Int32Array(1);
    this.matched = undefined;
    this.dense = undefined;
    this.frozen = false;
  }
}
