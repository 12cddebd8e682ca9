/**
 * The build side of a hash join kept across supersteps (the cached static path: the optimizer's
 * `cached_input`, iteration/hooks.ts `staticHolder`), frozen once it is complete: the records of
 * each key in one contiguous array (`rows[start[id]] .. rows[start[id + 1] - 1]`, keys and their
 * records in the order the JoinHashTable held them, so the pairs come out as before), int32 keys
 * in a typed IntTable, other keys in a Map, and whether every record is flat decided once (a
 * read-only function then gets the records as they are in every superstep, without a per-use
 * check). A probe is a key, one table lookup and a loop over a slice; copies follow the same
 * SharingPolicy as the JoinHashTable probe (drivers/join/pair-function.ts `emitAgainst`).
 */
import { copyRecord, isFlatRecord } from "../../common/copy.js";
import type { HashKey } from "../../common/keys.js";
import { HashableIds } from "../hash/hashable-ids.js";
import { Bucket, type JoinHashTable } from "../hash/join-hash-table.js";
import type { PairEmitter, SharingPolicy } from "../drivers/join/pair-function.js";

export class KeptBuildTable {
  private readonly ids = new HashableIds();
  private readonly rows: unknown[] = [];
  /** Per key id, where its records start in `rows`; one more entry marks the end. */
  private readonly start: Int32Array;
  /** Every kept record is flat (copy.ts isFlatRecord). */
  readonly allFlat: boolean;

  /** Freezes a complete table that tracks no matches (the caller may clear it afterwards). */
  constructor(table: JoinHashTable<unknown>) {
    const start = new Int32Array(table.entries.size + 1);
    const rows = this.rows;
    let flat = true;
    let id = 0;
    for (const [key, e] of table.entries) {
      this.ids.add(key);
      start[id++] = rows.length;
      if (e instanceof Bucket) for (const r of e.rows) rows.push(r);
      else rows.push(e);
    }
    start[id] = rows.length;
    for (let i = 0; i < rows.length && flat; i++) flat = isFlatRecord(rows[i]);
    this.start = start;
    this.allFlat = flat;
  }

  /**
   * The probe of one streamed record: `emit(held, streamed)` for each record of its key (with
   * `probeOuter`, `emit(null, streamed)` when there is none), copying as `policy` says: a held
   * record for every use unless the function only reads and the records are flat, the streamed
   * one for every use but its last (if it is owned) unless the function only reads it and it is flat.
   */
  prober(hashable: (record: any) => HashKey, emit: PairEmitter, policy: SharingPolicy, probeOuter: boolean): (record: any) => void {
    const { rows, start, ids } = this;
    const copy = policy.copy;
    const heldAsIs = !copy || (policy.readsOnly && this.allFlat);
    const readsOnly = policy.readsOnly;
    const streamedOwned = policy.streamedOwned;
    return (record) => {
      const id = ids.idOf(hashable(record));
      if (id < 0) {
        if (probeOuter) emit(null, record);
        return;
      }
      const from = start[id]!;
      const to = start[id + 1]!;
      if (!copy) {
        for (let i = from; i < to; i++) emit(rows[i], record);
        return;
      }
      const last = streamedOwned ? to - 1 : to;
      // Decided once per streamed record, and only when it is handed out more than once.
      const streamedAsIs = last > from && readsOnly && isFlatRecord(record);
      for (let i = from; i < to; i++) {
        const held = heldAsIs ? rows[i] : readsOnly && isFlatRecord(rows[i]) ? rows[i] : copyRecord(rows[i]);
        emit(held, i < last && !streamedAsIs ? copyRecord(record) : record);
      }
    };
  }
}
