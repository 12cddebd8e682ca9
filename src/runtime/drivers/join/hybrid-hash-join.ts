/**
 * Hybrid hash join (Flink's MutableHashTable with spilling): what a hash join becomes when its
 * build side outgrows the operator's memory share. Build records are hash-partitioned into
 * PARTITIONS partitions, each with its own table: while its records are tuples of numbers with
 * int32 keys (what a CSV source gives), a NumberTupleTable holding them as numbers (no object for
 * the garbage collector; at 10M x 10M the join went from 23 s to 12 s, GC from 30% to 14%), else a
 * JoinHashTable of the records. Whenever the partitions in memory pass the share, the largest one
 * goes to disk (its build records to a file, later ones straight after). Probe records of a
 * partition still in memory are joined at once; those of a spilled partition are written to the
 * partition's probe file. Files hold (key, record) entries, tuples of numbers with int32 keys as
 * typed frames written at once (spill/keyed-entry-file.ts). At the end, after the outer build
 * records of the partitions in memory, each spilled partition is joined on its own: a build file
 * of typed entries only that fits the share is joined on its numbers (typed-partition-join.ts);
 * any other is read into a new hybrid join one level down, which partitions by another hash (so a
 * partition still too big splits again), then its probe file streams through. Past MAX_LEVEL (a
 * partition that does not split: a few keys with very many records) the partition is joined by
 * sort-merge (sort-fallback.ts), which holds one key's build records at a time.
 *
 * Outer semantics hold per partition: a key lives in exactly one partition at every level, so a
 * probe record finds its key's build records (or none) where its partition is joined, and a build
 * record's key was probed or not when its partition has seen its probe records.
 */
import { hashKey, type HashKey } from "../../../common/keys.js";
import { JoinHashTable } from "../../hash/join-hash-table.js";
import type { HolderMemory } from "../../memory/job-memory.js";
import { RecordSizeEstimator } from "../../memory/size-estimator.js";
import { isTableKey, numberTableBytes, NumberTupleTable, typedRowBytes } from "../../hash/number-tuple-table.js";
import { isRowKey, numbersAt, numbersInto } from "../../../common/number-rows.js";
import { emitTypedMatches } from "./number-rows-join.js";
import type { NumberRows } from "../../../common/number-rows.js";
import { deleteSpillFile } from "../../spill/spill-file.js";
import { KeyedEntryWriter, keyedEntries } from "../../spill/keyed-entry-file.js";
import { isNumberTuple } from "../../spill/tuple-layout.js";
import { HashJoinSortFallback } from "./sort-fallback.js";
import { joinTypedPartition } from "./typed-partition-join.js";
import { emitAgainst, emitOnce, lastUse, type PairEmitter, type SharingPolicy } from "./pair-function.js";

/**
 * Partitions per level (Flink picks 10 to 127 by memory). 128, not 32: a spilled partition of a
 * 10M-row build side is then ~80k rows, whose typed table (1 MB of slots) stays in cache; at 32
 * its 4 MB table missed on every probe (typed partition joins 6.7 s against 2.2 s at 10M x 10M).
 * Files are open only while a chunk is written, so the count costs no descriptors.
 */
export const PARTITIONS = 128;
/** Levels of re-partitioning before a partition is joined by sort-merge (Flink's MAX_RECURSION_DEPTH is 3). */
export const MAX_LEVEL = 3;
/** A staged probe row's partition mark: its partition is on disk (the row went to its file). */
const SPILLED = -1;
/** A staged probe row's partition mark: its key is not a row key (it goes through the record path). */
const OTHER = -2;
/** Write chunk of a partition file: small, as up to 2 x PARTITIONS files gather chunks at once. */
const PARTITION_CHUNK = 128 * 1024;
/**
 * @internal Typed build rows kept in memory past `inPlaceBytes` when the probe side starts go to disk too: probed in
 * place, rows scattered over that much memory cost a cache miss or three each (10M x 10M out of
 * core: 2.7M rows probed in memory took 1.4 s, the 7.3M of the spilled partitions, each joined
 * on its own from its files, 0.8 s). Below it the partitions stay and are probed at once.
 */
export const HYBRID_PROBE = { inPlaceBytes: 16 * 2 ** 20 };

/**
 * @internal What the hybrid joins of this thread did (for tests): the deepest level that spilled,
 * partitions joined by sort-merge, spilled partitions joined on their numbers, typed partitions
 * that turned into records.
 */
export const HYBRID_STATS = { deepest: -1, sortMerged: 0, typedJoined: 0, untyped: 0, movedAtProbe: 0 };

/** How the join treats its sides: whether each keeps unmatched records (keys come with the records, and go with them into the files). */
export interface HybridSides {
  readonly buildOuter: boolean;
  readonly probeOuter: boolean;
  /** `emit(build, probe)`. */
  readonly emit: PairEmitter;
  readonly policy: SharingPolicy;
}

/**
 * One hash partition: in memory as numbers (`typed`, while every record is a number tuple with an
 * int32 key) or as records (`table`, from the first record that is not), or on disk (`build`).
 */
class Partition {
  typed: NumberTupleTable | undefined;
  table: JoinHashTable<any> | undefined;
  /** Records in `table`. */
  records = 0;
  build: KeyedEntryWriter | undefined;
  probe: KeyedEntryWriter | undefined;
}

export class HybridHashJoin {
  private readonly parts: Partition[] = [];
  private readonly size = new RecordSizeEstimator();
  /** Build records held as records in the partitions in memory. */
  private held = 0;
  /** Bytes the typed partitions in memory count. */
  private typedBytes = 0;
  private readonly seed: number;
  /** The sides' policy for probe records built here (this join's own). */
  private readonly ownedPolicy: SharingPolicy;

  constructor(private readonly memory: HolderMemory, private readonly sides: HybridSides, private readonly level = 0) {
    this.ownedPolicy = { ...sides.policy, streamedOwned: true };
    for (let i = 0; i < PARTITIONS; i++) this.parts.push(new Partition());
    this.seed = Math.imul(level + 1, 0x9e3779b9);
  }

  /** Whether any partition went to disk. */
  get spilled(): boolean {
    return this.parts.some((p) => p.build !== undefined);
  }

  addBuild(key: HashKey, record: any): void {
    const part = this.parts[this.partitionOf(key)]!;
    if (part.build !== undefined) {
      part.build.add(key, record, true);
      return;
    }
    if (part.table === undefined) {
      const typed = part.typed;
      if (isTableKey(key) && isNumberTuple(record, typed === undefined ? -1 : typed.width)) {
        const t = (part.typed ??= new NumberTupleTable(record.length, this.sides.buildOuter));
        t.append(key, record, 0);
        this.typedBytes += typedRowBytes(t.width);
        if (this.heldBytes() >= this.memory.limit) this.spillLargest();
        return;
      }
      part.table = new JoinHashTable(this.sides.buildOuter);
      if (typed !== undefined) this.untype(part, typed);
    }
    part.table.insert(key, record);
    part.records++;
    this.held++;
    this.size.add(record);
    if (this.heldBytes() >= this.memory.limit) this.spillLargest();
  }

  /**
   * Build rows from row `from` on, their key at `keyField`: a row key's row as addBuildNumbers
   * takes it, any other key's row to `other` as a fresh record (one loop here, no driver call a row).
   */
  addBuildRows(rows: NumberRows, from: number, keyField: number, other: (record: number[]) => void): void {
    const { data, width, count } = rows;
    for (let i = from, at = from * width; i < count; i++, at += width) {
      const k = data[at + keyField]!;
      if (isRowKey(k)) this.addBuildNumbers(k, data, at, width);
      else other(numbersAt(data, at, width));
    }
  }

  /**
   * A build row of `width` numbers of `src` at `at` whose key `key` is a row key (isRowKey): held
   * as numbers where its partition is, with no record built.
   */
  addBuildNumbers(key: number, src: Float64Array, at: number, width: number): void {
    const part = this.parts[this.partitionOf(key)]!;
    if (part.build !== undefined) {
      part.build.addNumbers(key, src, at, width);
      return;
    }
    if (part.table !== undefined || (part.typed !== undefined && part.typed.width !== width)) {
      this.addBuild(key, numbersAt(src, at, width));
      return;
    }
    (part.typed ??= new NumberTupleTable(width, this.sides.buildOuter)).append(key, src, at);
    this.typedBytes += typedRowBytes(width);
    if (this.heldBytes() >= this.memory.limit) this.spillLargest();
  }

  /**
   * Probe rows (their key at `keyField`), a batch in stages: rows of spilled partitions go to their
   * probe files and the others' key ids are looked up, then the matched build rows are touched,
   * then the pairs are emitted in row order. The loads of a stage do not wait for each other, so
   * their cache misses overlap (the partitions in memory are far larger than the cache); record by
   * record each waited for the one before. A probe record is built for the calls (into `reused`
   * for a function that only reads its arguments, else fresh: this join's own); a row whose key is
   * not a row key (isRowKey) goes to `other` as a fresh record, in its place.
   */
  addProbeRows(rows: NumberRows, keyField: number, reused: number[] | undefined, other: (record: number[]) => void): void {
    if (!this.probing) this.startProbe();
    const { data, width, count } = rows;
    if (this.stagedIds.length < count) {
      this.stagedIds = new Int32Array(count);
      this.stagedParts = new Int32Array(count);
    }
    const ids = this.stagedIds;
    const partOf = this.stagedParts;
    for (let i = 0, at = 0; i < count; i++, at += width) {
      const k = data[at + keyField]!;
      if (!isRowKey(k)) {
        partOf[i] = OTHER;
        continue;
      }
      const pi = this.partitionOfInt(k);
      const part = this.parts[pi]!;
      if (part.build !== undefined) {
        (part.probe ??= this.writer("hybrid-probe")).addNumbers(k, data, at, width);
        partOf[i] = SPILLED;
        continue;
      }
      partOf[i] = pi;
      const typed = part.typed;
      ids[i] = typed !== undefined ? typed.find(k) : part.table !== undefined ? part.table.probe(k) : -1;
    }
    let touched = 0;
    for (let i = 0; i < count; i++) {
      const pi = partOf[i]!;
      if (pi >= 0 && ids[i]! >= 0) touched += this.parts[pi]!.typed?.firstField(ids[i]!) ?? 0;
    }
    this.touched = touched;
    const emit = this.sides.emit;
    const owned = this.ownedPolicy;
    for (let i = 0, at = 0; i < count; i++, at += width) {
      const pi = partOf[i]!;
      if (pi === SPILLED) continue;
      if (pi === OTHER) {
        other(numbersAt(data, at, width));
        continue;
      }
      const record = reused !== undefined ? numbersInto(data, at, width, reused) : numbersAt(data, at, width);
      const id = ids[i]!;
      if (id < 0) {
        if (this.sides.probeOuter) emit(null, record);
        continue;
      }
      const part = this.parts[pi]!;
      if (part.typed !== undefined) {
        emitTypedMatches(part.typed, id, record, emit, owned);
        continue;
      }
      const { rows: held, start } = part.table!;
      if (start[id + 1]! - start[id]! > 1) emitAgainst(emit, held, start[id]!, start[id + 1]!, record, owned);
      else emitOnce(emit, held[start[id]!], record, owned);
    }
  }

  /** Per row of a staged probe batch: its key id, and its partition (or SPILLED, OTHER). */
  private stagedIds = new Int32Array(0);
  private stagedParts = new Int32Array(0);
  /** What a staged batch's touch of the build rows read (kept, so the loads are not dropped as unused). */
  private touched = 0;

  /** Joins a probe record now (its partition in memory) or writes it to its partition's probe file. */
  addProbe(key: HashKey, record: any): void {
    if (!this.probing) this.startProbe();
    const part = this.parts[this.partitionOf(key)]!;
    if (part.build !== undefined) {
      part.probe ??= this.writer("hybrid-probe");
      // A record the driver does not own is copied when it waits for a batch encoded later.
      part.probe.add(key, record, this.sides.policy.streamedOwned);
      return;
    }
    const { emit, policy } = this.sides;
    const typed = part.typed;
    const id = typed !== undefined ? typed.find(key) : part.table !== undefined ? part.table.probe(key) : -1;
    if (id < 0) {
      if (this.sides.probeOuter) emit(null, lastUse(record, policy));
      return;
    }
    // Build records built for the call are fresh (or, for a function that only reads its
    // arguments, one reused array): only the probe record follows the copy rules.
    if (typed !== undefined) return emitTypedMatches(typed, id, record, emit, policy);
    const { rows, start } = part.table!;
    if (start[id + 1]! - start[id]! > 1) emitAgainst(emit, rows, start[id]!, start[id + 1]!, record, policy);
    else emitOnce(emit, rows[start[id]!], record, policy);
  }

  /** Emits the unmatched build records of the partitions in memory, then joins each spilled partition. */
  finish(): void {
    const spilled: Partition[] = [];
    for (const part of this.parts) {
      if (part.build !== undefined) {
        spilled.push(part);
        continue;
      }
      if (this.sides.buildOuter) {
        if (part.typed !== undefined) for (const r of part.typed.unmatched()) this.sides.emit(r, null);
        if (part.table !== undefined) for (const r of part.table.unmatched()) this.sides.emit(r, null);
      }
      part.typed?.clear();
      part.table?.clear();
      part.typed = part.table = undefined;
    }
    this.held = 0;
    this.typedBytes = 0;
    for (const part of spilled) this.joinSpilled(part);
  }

  /** Deletes every partition file (also after a failure). */
  dispose(): void {
    for (const part of this.parts) {
      for (const w of [part.build, part.probe]) {
        if (w === undefined) continue;
        w.close();
        deleteSpillFile(w.path);
      }
      part.build = part.probe = undefined;
      part.table?.clear();
      part.typed?.clear();
    }
  }

  private joinSpilled(part: Partition): void {
    const build = part.build!.close();
    const buildPath = build.path;
    const width = part.build!.typedWidth;
    const probePath = part.probe?.close().path;
    try {
      if (width >= 0 && numberTableBytes(build.records, width) <= this.memory.limit) {
        HYBRID_STATS.typedJoined++;
        joinTypedPartition(buildPath, width, probePath, this.sides);
      } else if (this.level + 1 < MAX_LEVEL) {
        const next = new HybridHashJoin(this.memory, { ...this.sides, policy: { ...this.sides.policy, streamedOwned: true } }, this.level + 1);
        try {
          for (const [k, r] of keyedEntries(buildPath)) next.addBuild(k, r);
          deleteSpillFile(buildPath);
          if (probePath !== undefined) for (const [k, r] of keyedEntries(probePath)) next.addProbe(k, r);
          next.finish();
        } finally {
          next.dispose();
        }
      } else {
        HYBRID_STATS.sortMerged++;
        const merge = new HashJoinSortFallback(this.memory, []);
        try {
          for (const [k, r] of keyedEntries(buildPath)) merge.addBuild(k, r);
          deleteSpillFile(buildPath);
          if (probePath !== undefined) for (const [k, r] of keyedEntries(probePath)) merge.addProbe(k, r);
          merge.run(this.sides.emit, this.sides.buildOuter, this.sides.probeOuter, { ...this.sides.policy, streamedOwned: true });
        } finally {
          merge.dispose();
        }
      }
    } finally {
      deleteSpillFile(buildPath);
      if (probePath !== undefined) deleteSpillFile(probePath);
      part.build = part.probe = undefined;
    }
  }

  /** Bytes the partitions in memory count. */
  private heldBytes(): number {
    return this.typedBytes + this.size.bytesOf(this.held);
  }

  /** A typed partition meets a record that is not a number tuple: its rows become records in its new table. */
  private untype(part: Partition, typed: NumberTupleTable): void {
    HYBRID_STATS.untyped++;
    typed.forEachRow((k, src, at) => {
      const r = numbersAt(src, at, typed.width);
      part.table!.insert(k, r);
      part.records++;
      this.held++;
      this.size.add(r);
    });
    this.typedBytes -= typed.size * typedRowBytes(typed.width);
    typed.clear();
    part.typed = undefined;
  }

  /** Set at the first probe. */
  private probing = false;

  /** The probe side starts: typed partitions past HYBRID_PROBE.inPlaceBytes in all go to disk, to be joined one by one. */
  private startProbe(): void {
    this.probing = true;
    if (!this.spilled || this.typedBytes <= HYBRID_PROBE.inPlaceBytes) return;
    for (const p of this.parts) {
      if (p.build !== undefined || p.typed === undefined) continue;
      this.spillPartition(p);
      HYBRID_STATS.movedAtProbe++;
    }
  }

  /** Moves the largest partition in memory to disk. */
  private spillLargest(): void {
    let largest: Partition | undefined;
    let most = 0;
    for (const p of this.parts) {
      if (p.build !== undefined) continue;
      const bytes = p.typed !== undefined ? p.typed.size * typedRowBytes(p.typed.width) : this.size.bytesOf(p.records);
      if (largest === undefined || bytes > most) {
        largest = p;
        most = bytes;
      }
    }
    if (largest !== undefined) this.spillPartition(largest);
  }

  /** Moves a partition in memory to disk. */
  private spillPartition(largest: Partition): void {
    const w = this.writer("hybrid-build");
    HYBRID_STATS.deepest = Math.max(HYBRID_STATS.deepest, this.level);
    const typed = largest.typed;
    if (typed !== undefined) {
      typed.forEachRow((k, src, at) => w.addNumbers(k, src, at, typed.width));
      this.typedBytes -= typed.size * typedRowBytes(typed.width);
      typed.clear();
    }
    if (largest.table !== undefined) {
      largest.table.forEachKeyed((k, r) => w.add(k, r, true));
      largest.table.clear();
    }
    largest.typed = largest.table = undefined;
    largest.build = w;
    this.held -= largest.records;
    largest.records = 0;
  }

  private writer(kind: string): KeyedEntryWriter {
    return new KeyedEntryWriter(this.memory.spill.newFile(`${kind}-l${this.level}`), PARTITION_CHUNK, true);
  }

  private partitionOf(key: HashKey): number {
    if (typeof key === "number" && (key | 0) === key) return this.partitionOfInt(key);
    let h = (hashKey(key) ^ this.seed) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return ((h ^ (h >>> 16)) >>> 0) % PARTITIONS;
  }

  /** The partition of an int32 key: its bits mixed with the level's seed (murmur3's finalizer). */
  private partitionOfInt(k: number): number {
    let h = k ^ this.seed;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return ((h ^ (h >>> 16)) >>> 0) % PARTITIONS;
  }
}
