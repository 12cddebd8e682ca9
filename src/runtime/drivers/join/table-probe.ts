/**
 * The probe of a hash join against its finished record table (hash-join-driver.ts): key ids and
 * record slices read directly and the copy decisions that depend on the build side taken once
 * (the driver's general probe makes them per record), so a probe is a key, an id lookup and the
 * function. Same pairs and copies as the general probe.
 */
import { copyRecord, isFlatRecord } from "../../../common/copy.js";
import type { HashKey } from "../../../common/keys.js";
import type { JoinHashTable } from "../../hash/join-hash-table.js";
import { emitAgainst, emitOnce, lastUse, type PairEmitter, type SharingPolicy } from "./pair-function.js";

/** A probe of one record, and (when staged) of a batch. */
export interface TableProber {
  readonly one: (record: any) => void;
  readonly batch?: (records: readonly any[], from: number, to: number) => void;
}

/** What a staged batch's touch of the build records counted (kept, so the loads are not dropped as unused). */
const touch = { objects: 0 };

/**
 * Probes into `table` (frozen here) with `hashable` the probe key. `staged`: the probe key is
 * fields (engine code, no user function to interleave with the join function), so a batch goes in
 * stages: first every record's key id, then (unique keys) a touch of each matched build record,
 * then the pairs. The loads of one stage do not depend on each other, so their cache misses
 * overlap; record by record, each waits for the one before (csv-job's probes into 100k users).
 * Pairs and their order are the same.
 */
export function tableProber(
  table: JoinHashTable<any>,
  hashable: (record: any) => HashKey,
  emit: PairEmitter,
  policy: SharingPolicy,
  probeOuter: boolean,
  allFlat: boolean,
  staged: boolean,
): TableProber {
  table.freeze();
  const ids = table.keyIndex;
  const { rows, start, matched } = table;
  // The single held match as it is: no copies at all, or a read-only function over flat build records.
  const heldAsIs = !policy.copy || (policy.readsOnly && allFlat);
  // The streamed record as it is: its last use, and it is owned (or nothing is copied); else a
  // read-only function gets it as it is when it is flat.
  const streamedAsIs = !policy.copy || policy.streamedOwned;
  const streamedIfFlat = policy.readsOnly;
  // A probe record against its key's one build record.
  const withHeld = (held: any, record: any): void => {
    if (heldAsIs && streamedAsIs) emit(held, record);
    else if (heldAsIs && streamedIfFlat) emit(held, isFlatRecord(record) ? record : copyRecord(record));
    else emitOnce(emit, held, record, policy, allFlat);
  };
  const withId = (record: any, id: number): void => {
    if (id < 0) {
      if (probeOuter) emit(null, lastUse(record, policy));
      return;
    }
    if (matched !== undefined) matched[id] = 1;
    const from = start[id]!;
    const to = start[id + 1]!;
    if (to - from > 1) emitAgainst(emit, rows, from, to, record, policy, allFlat);
    else withHeld(rows[from], record);
  };
  // Every key once (a dimension table's build side): key id i's record is rows[i], no slice to read.
  const unique = rows.length === start.length - 1;
  const withUniqueId = (record: any, id: number): void => {
    if (id < 0) {
      if (probeOuter) emit(null, lastUse(record, policy));
      return;
    }
    if (matched !== undefined) matched[id] = 1;
    withHeld(rows[id], record);
  };
  const pairUp = unique ? withUniqueId : withId;
  const one = (record: any): void => pairUp(record, ids.idOf(hashable(record)));
  if (!staged) return { one };
  let idsOf = new Int32Array(1024);
  const batch = (records: readonly any[], from: number, to: number): void => {
    const n = to - from;
    if (idsOf.length < n) idsOf = new Int32Array(n);
    const got = idsOf;
    for (let i = 0; i < n; i++) got[i] = ids.idOf(hashable(records[from + i]));
    if (unique) {
      let objects = 0;
      for (let i = 0; i < n; i++) {
        const id = got[i]!;
        if (id < 0) continue;
        // The record, and a tuple's elements (their own object, a miss of their own): the function reads them next.
        const r = rows[id];
        if (Array.isArray(r)) objects += r[0] === undefined ? 0 : 1;
        else if (typeof r === "object") objects++;
      }
      touch.objects = objects;
    }
    for (let i = 0; i < n; i++) pairUp(records[from + i], got[i]!);
  };
  return { one, batch };
}
