/**
 * The sort-based fallback of the hash operators (Flink falls back from hash to sort when a hash
 * table is full; its combiners flush instead): a full table hands its entries, (hashable key,
 * record), to an external sorter ordered by the hashable key, which writes them as a run and
 * frees the table. At the end the table's last entries join the runs and everything comes back
 * merged by key, equal keys together in the order they were spilled, so the operator finishes
 * group by group. The hashable key identifies a key exactly (keys.ts), so sorting by it groups
 * as the hash table did.
 */
import type { HashKey } from "../../common/keys.js";
import { memoryExhausted, type HolderMemory } from "../memory/job-memory.js";
import { RecordSizeEstimator } from "../memory/size-estimator.js";
import { ExternalSorter } from "../sort/external-sorter.js";
import { KeyedNumberColumns } from "./keyed-columns.js";
import { radixOrder } from "../sort/radix.js";
import { SpillWriter } from "./spill-file.js";
import { groupsOfRuns } from "./keyed-run-groups.js";
import { compareHashKeys } from "./hash-key-order.js";

export { compareHashKeys };

export type KeyedEntry<R> = [HashKey, R];

/** Rows of numbers that went to a keyed spill's typed columns with no record built (for tests that the path ran). */
export const DIRECT_ROW_STATS = { rows: 0 };

export class KeyedSpill<R> {
  private sorter: ExternalSorter<KeyedEntry<R>> | undefined;
  private readonly size = new RecordSizeEstimator();
  /** Bytes the table spends around its records (per-key arrays) since the last reset. */
  private overhead = 0;
  /** addDirect's columns (they allocate on their first record); undefined once a record did not fit them. */
  private direct: KeyedNumberColumns | undefined = new KeyedNumberColumns();

  constructor(private readonly memory: HolderMemory) {}

  /**
   * Counts one record the table now keeps, and `overheadBytes` the table spent to keep it (a
   * group's array); true once the table holds its share.
   */
  full(record: unknown, overheadBytes = 0): boolean {
    this.overhead += overheadBytes;
    return this.size.add(record) + this.overhead >= this.memory.limit;
  }

  /** Starts counting anew (a combiner emitted its table). */
  reset(): void {
    this.size.reset();
    this.overhead = 0;
  }

  get spilled(): boolean {
    return this.sorter !== undefined;
  }

  /**
   * Moves the table's entries to disk as sorted runs (the caller then empties the table). Entries
   * of int32 keys and number tuples go through typed columns (keyed-columns.ts), no entry held;
   * from the first entry of another shape on, the entries go to the sorter as they are.
   */
  spill(entries: Iterable<KeyedEntry<R>>): void {
    const sorter = (this.sorter ??= new ExternalSorter<KeyedEntry<R>>(sortEntries, compareEntries, this.memory));
    let columns: KeyedNumberColumns | undefined = new KeyedNumberColumns();
    for (const e of entries) {
      if (columns !== undefined) {
        if (columns.take(e[0], e[1])) {
          if (columns.full) this.writeColumns(columns);
          continue;
        }
        // The entries taken so far, back as entries and in their order, before this one.
        for (const taken of columns.entries()) sorter.add(taken as KeyedEntry<R>);
        columns = undefined;
      }
      sorter.add(e);
    }
    if (columns !== undefined && columns.size > 0) this.writeColumns(columns);
    sorter.spillNow();
    this.reset();
  }

  private writeColumns(columns: KeyedNumberColumns): void {
    // A folding coGroup's spills start with addDirect: no table spilled before, so maybe no sorter yet.
    const sorter = (this.sorter ??= new ExternalSorter<KeyedEntry<R>>(sortEntries, compareEntries, this.memory));
    const w = new SpillWriter(this.memory.spill.newFile("sort-run"));
    try {
      columns.writeSorted(w);
    } finally {
      sorter.addRun(w.close().path);
    }
  }

  /**
   * Adds one record straight to the sorted runs once the table has gone to disk (a final grouping
   * operator past its share, which gains nothing from grouping in memory any more: every group
   * comes back from the merge). Records of int32 keys and number tuples go to typed columns, 8
   * bytes a field and key, written as a sorted run when they hold the share, so no record stays on
   * the heap; from the first record of another shape on, records go to the sorter as entries (a
   * copy when `copy`). `key` is the record's hashable.
   */
  addDirect(key: HashKey, record: R, copy: (r: R) => R): void {
    const columns = this.direct;
    if (columns !== undefined) {
      if (columns.take(key, record)) {
        if (columns.full || columns.bytes >= this.memory.limit) this.writeColumns(columns);
        return;
      }
      // Another shape: the columns' records go first, as a run (ties in the merge go to earlier runs).
      if (columns.size > 0) this.writeColumns(columns);
      this.direct = undefined;
    }
    this.add([key, copy(record)]);
  }

  /**
   * `addDirect` of a row of `width` numbers of `src` at `at` whose key `key` is an int32 other than
   * -0 (common/number-rows.ts isRowKey), into the typed columns with no record built; false when
   * the columns no longer take records (the caller adds it as a record).
   */
  addDirectRow(key: number, src: Float64Array, at: number, width: number): boolean {
    const columns = this.direct;
    if (columns === undefined || !columns.takeRow(key, src, at, width)) return false;
    DIRECT_ROW_STATS.rows++;
    if (columns.full || columns.bytes >= this.memory.limit) this.writeColumns(columns);
    return true;
  }

  /** Writes what the direct columns hold as a run (before a merge). */
  private flushDirect(): void {
    if (this.direct !== undefined && this.direct.size > 0) this.writeColumns(this.direct);
  }

  /** Adds one entry straight to the sorted runs (after the table went to disk). */
  add(entry: KeyedEntry<R>): void {
    this.sorter ??= new ExternalSorter<KeyedEntry<R>>(sortEntries, compareEntries, this.memory);
    this.sorter.add(entry);
  }

  /** Every entry spilled, then `last`, merged by key (equal keys in the order they came). */
  merged(last: Iterable<KeyedEntry<R>> = []): Iterable<KeyedEntry<R>> {
    return this.withLast(last).sorted();
  }

  /**
   * `groupsOf(this.merged(last), memory)`, merged from the runs' frames when anything spilled (no
   * entry per record: keyed-run-groups.ts).
   */
  mergedGroups(last: Iterable<KeyedEntry<R>> = [], memory?: HolderMemory): Iterable<[HashKey, R[]]> {
    const done = this.withLast(last).finishRuns();
    return Array.isArray(done) ? groupsOf(done, memory) : groupsOfRuns<R>(done.runs, memory);
  }

  /** The sorter with every entry, `last` too, ready to finish. */
  private withLast(last: Iterable<KeyedEntry<R>>): ExternalSorter<KeyedEntry<R>> {
    const sorter = (this.sorter ??= new ExternalSorter<KeyedEntry<R>>(sortEntries, compareEntries, this.memory));
    this.flushDirect();
    // After a spill the last entries become a run too (what sorted() does with its buffer), so they may take the columns.
    if (sorter.spilled) this.spill(last);
    else for (const e of last) sorter.add(e);
    return sorter;
  }

  dispose(): void {
    this.direct = undefined;
    this.sorter?.dispose();
    this.sorter = undefined;
  }
}

/**
 * Consecutive entries with equal keys as one group. A group is held in memory whole: one larger
 * than the job's whole budget fails with memoryExhausted (when `memory` is given) instead of
 * running the heap out.
 */
export function* groupsOf<R>(entries: Iterable<KeyedEntry<R>>, memory?: HolderMemory): Generator<[HashKey, R[]]> {
  let key: HashKey | undefined;
  let group: R[] = [];
  const size = new RecordSizeEstimator();
  for (const [k, r] of entries) {
    if (group.length > 0 && compareHashKeys(k, key!) !== 0) {
      yield [key!, group];
      group = [];
      size.reset();
    }
    key = k;
    group.push(r);
    if (memory !== undefined && size.add(r) > memory.budgetBytes) throw memoryExhausted(memory, `one group (key ${String(key)})`, size.bytes);
  }
  if (group.length > 0) yield [key!, group];
}


function compareEntries<R>(a: KeyedEntry<R>, b: KeyedEntry<R>): number {
  return compareHashKeys(a[0], b[0]);
}


/**
 * Stable, so equal keys keep their order. Entries whose keys are all int32s (the grouping tables'
 * IntTable keys) are radix-sorted by key (runtime/sort/radix.ts, stable: equal keys stay in
 * position order; 2.5x faster than the native sort of key * 2^22 + position floats it replaces);
 * any other keys go through Array.prototype.sort (stable) with compareHashKeys.
 */
export function sortEntries<R>(entries: KeyedEntry<R>[]): KeyedEntry<R>[] {
  const n = entries.length;
  if (n < 2) return entries;
  const keys = new Int32Array(n);
  let min = 2 ** 31;
  let max = -(2 ** 31);
  for (let i = 0; i < n; i++) {
    const k = entries[i]![0];
    if (typeof k !== "number" || (k | 0) !== k) return entries.sort(compareEntries);
    keys[i] = k;
    if (k < min) min = k;
    if (k > max) max = k;
  }
  const rank = new Uint32Array(n);
  for (let i = 0; i < n; i++) rank[i] = keys[i]! - min;
  const order = radixOrder(rank, max - min).idx;
  const out: KeyedEntry<R>[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = entries[order[i]!]!;
  return out;
}
