/**
 * A hash join over rows of numbers (common/number-rows.ts: a CSV source of number columns): the
 * build side held as numbers in a NumberTupleTable while its rows come that way, probe rows
 * looked up on their key field where they lie, and a record built only for the function: fresh
 * arrays, or, for a function proven to only read its arguments (node.readsOnly), one reused array
 * per side, so such a join of two typed sides allocates nothing per pair. Keys are the engine's
 * hashable values (common/keys.ts): an int32 other than -0 is the number itself, which is all a
 * NumberTupleTable holds; a row with any other key goes through the record path.
 */
import { copyRecord, isFlatRecord } from "../../../common/copy.js";
import { isRowKey, numbersAt, numbersInto, type NumberRows } from "../../../common/number-rows.js";
import type { NumberTupleTable } from "../../hash/number-tuple-table.js";
import { lastUse, type PairEmitter, type SharingPolicy } from "./pair-function.js";

/** Rows that met a join as numbers, built and probed (counted per batch: for tests that the typed path ran). */
export const NUMBER_ROWS_JOIN_STATS = { built: 0, probed: 0 };

/**
 * Pairs a probe record with the rows of key id `id` of a frozen typed build table: build records
 * are built for the call (fresh, or the table's reused array for a read-only function), the probe
 * record follows the streamed-record rules (pair-function.ts): copied for every pair but its last
 * when the policy copies and the function may change it.
 */
export function emitTypedMatches(typed: NumberTupleTable, id: number, record: any, emit: PairEmitter, policy: SharingPolicy): void {
  const from = typed.unique ? id : typed.start[id]!;
  const to = typed.unique ? id + 1 : typed.start[id + 1]!;
  const shared = policy.readsOnly;
  if (to - from === 1) {
    emit(shared ? typed.sharedRecord(from) : typed.record(from), lastUse(record, policy));
    return;
  }
  const copies = policy.copy && !(shared && isFlatRecord(record));
  const last = policy.streamedOwned ? to - 1 : to;
  for (let j = from; j < to; j++) emit(shared ? typed.sharedRecord(j) : typed.record(j), copies && j < last ? copyRecord(record) : record);
}

/** How probe rows meet a typed build side. */
export interface TypedProbe {
  /** `emit(build, probe)`. */
  readonly emit: PairEmitter;
  readonly policy: SharingPolicy;
  readonly probeOuter: boolean;
  /** The probe rows' key field. */
  readonly keyField: number;
  /** A row whose key is not a row key (isRowKey), as a fresh record, through the record path. */
  readonly other: (record: number[]) => void;
}

/**
 * Probes every row of `rows` against the frozen typed build table `typed`. The probe record is a
 * fresh array (its own for every pair when copies are on), or one reused array when the function
 * only reads its arguments; unmatched rows of an outer probe side are emitted with null.
 */
export function probeRowsAgainst(typed: NumberTupleTable, rows: NumberRows, probe: TypedProbe, reused: number[]): void {
  const { data, width, count } = rows;
  const { emit, policy, probeOuter, keyField } = probe;
  // A record built here is this join's own: emitTypedMatches copies it for every pair but its last.
  const owned = policy.streamedOwned ? policy : { ...policy, streamedOwned: true };
  const shared = policy.readsOnly;
  for (let i = 0, at = 0; i < count; i++, at += width) {
    const k = data[at + keyField]!;
    if (!isRowKey(k)) {
      probe.other(numbersAt(data, at, width));
      continue;
    }
    const id = typed.find(k);
    if (id < 0 && !probeOuter) continue;
    const record = shared ? numbersInto(data, at, width, reused) : numbersAt(data, at, width);
    if (id < 0) emit(null, record);
    else emitTypedMatches(typed, id, record, emit, owned);
  }
}
