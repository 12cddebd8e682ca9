/**
 * The join of one spilled partition of the hybrid hash join (hybrid-hash-join.ts) whose build file
 * holds typed entries only (int32 keys, records plain arrays of one width of numbers: the tuples a
 * CSV source gives), done on the numbers: the build file's keys go to an IntTable, its fields to
 * one Float64Array, and a counting sort by key id lists each key's rows together; probe entries
 * stream from their file, typed frames as numbers too. A record exists only where the function
 * gets one: each pair gets a build record built from the fields (a fresh array, so no copy rule
 * applies to it) and the probe record (built once, rebuilt for every pair but its last when
 * copies are on). The general path read every spilled entry back as arrays, held the build side
 * as a JoinHashTable of them and paid the garbage collector for both (join profile at 10M x 10M:
 * GC 27%, decoding 4%, table inserts 7%).
 *
 * Outer sides as in the hybrid join: an unmatched probe record is emitted with null at once, the
 * build rows of keys no probe found with null at the end.
 */
import { copyRecord } from "../../../common/copy.js";
import { IntTable, MAX_LOAD } from "../../hash/int-table.js";
import { readKeyedFrames } from "../../spill/keyed-entry-file.js";
import type { PairEmitter, SharingPolicy } from "./pair-function.js";

/** Slots of an IntTable that takes `keys` keys without doubling (a power of two). */
function slotsFor(keys: number): number {
  let cap = 1024;
  while (cap * MAX_LOAD < keys) cap *= 2;
  return cap;
}

/**
 * Bytes the typed join of a build file of `records` entries of `width` fields takes at most (every
 * key distinct): fields, key ids, row order, starts and match flags per key, the table's slots.
 */
export function typedBuildBytes(records: number, width: number): number {
  return records * (8 * width + 13) + 8 * slotsFor(records);
}

/** A record of `w` numbers from `src` at `at` (literals for the common widths: packed, no growth). */
function numbersAt(src: Float64Array, at: number, w: number): number[] {
  switch (w) {
    case 1: return [src[at]!];
    case 2: return [src[at]!, src[at + 1]!];
    case 3: return [src[at]!, src[at + 1]!, src[at + 2]!];
    case 4: return [src[at]!, src[at + 1]!, src[at + 2]!, src[at + 3]!];
  }
  const r: number[] = [];
  for (let f = 0; f < w; f++) r.push(src[at + f]!);
  return r;
}

export interface TypedPartitionSides {
  readonly buildOuter: boolean;
  readonly probeOuter: boolean;
  /** `emit(build, probe)`. */
  readonly emit: PairEmitter;
  readonly policy: SharingPolicy;
}

/**
 * Joins the partition: `buildPath` holds `records` typed entries of `width` fields; `probePath`
 * (if any) any entries.
 */
export function joinTypedPartition(buildPath: string, records: number, width: number, probePath: string | undefined, sides: TypedPartitionSides): void {
  const w = width;
  const fields = new Float64Array(records * w);
  const keyIds = new Int32Array(records);
  const table = new IntTable(slotsFor(records));
  let keys = 0;
  let n = 0;
  for (const f of readKeyedFrames(buildPath)) {
    if (!f.typed || f.width !== w) throw new Error(`spill file ${buildPath}: an entry that is not ${w} numbers in a typed partition`);
    const numbers = f.numbers;
    for (let i = 0, at = 0; i < f.count; i++, n++) {
      const key = numbers[at++]!;
      let id = table.find(key);
      if (id < 0) table.insert(key, (id = keys++));
      keyIds[n] = id;
      // Field by field: a subarray per row costs an object each.
      for (let f = 0, to = n * w; f < w; f++) fields[to + f] = numbers[at++]!;
    }
  }
  // Each key's rows together, in the order they came (JoinHashTable.freeze's counting sort).
  const start = new Int32Array(keys + 1);
  for (let i = 0; i < n; i++) start[keyIds[i]! + 1]!++;
  for (let k = 0; k < keys; k++) start[k + 1]! += start[k]!;
  const rows = new Int32Array(n);
  const next = start.slice(0, keys);
  for (let i = 0; i < n; i++) rows[next[keyIds[i]!]!++] = i;

  const { emit, probeOuter, buildOuter, policy } = sides;
  const matched = buildOuter ? new Uint8Array(keys) : undefined;
  const copies = policy.copy;
  if (probePath !== undefined) {
    for (const f of readKeyedFrames(probePath)) {
      if (f.typed) {
        const { numbers, width: pw, count } = f;
        for (let i = 0, at = 0; i < count; i++, at += 1 + pw) {
          const id = table.find(numbers[at]!);
          if (id < 0) {
            if (probeOuter) emit(null, numbersAt(numbers, at + 1, pw));
            continue;
          }
          if (matched !== undefined) matched[id] = 1;
          const to = start[id + 1]!;
          const from = start[id]!;
          let probe = numbersAt(numbers, at + 1, pw);
          for (let j = from; j < to; j++) {
            // A probe record of its own for every pair when copies are on.
            if (copies && j > from) probe = numbersAt(numbers, at + 1, pw);
            emit(numbersAt(fields, rows[j]! * w, w), probe);
          }
        }
        continue;
      }
      for (const [key, record] of f.entries) {
        const id = typeof key === "number" && (key | 0) === key ? table.find(key) : -1;
        if (id < 0) {
          if (probeOuter) emit(null, record);
          continue;
        }
        if (matched !== undefined) matched[id] = 1;
        const to = start[id + 1]!;
        // The decoded record is this join's own: copied for every pair but its last.
        for (let j = start[id]!; j < to; j++) emit(numbersAt(fields, rows[j]! * w, w), copies && j < to - 1 ? copyRecord(record) : record);
      }
    }
  }
  if (matched !== undefined) {
    for (let id = 0; id < keys; id++) {
      if (matched[id] === 1) continue;
      for (let j = start[id]!; j < start[id + 1]!; j++) emit(numbersAt(fields, rows[j]! * w, w), null);
    }
  }
}
