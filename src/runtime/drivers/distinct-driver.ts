/**
 * distinct() on a set of keys (HASH_DISTINCT, and HASHED_PARTIAL_DISTINCT before a shuffle): a
 * record goes on downstream the moment its key is first seen, as a hand-written loop over a Set
 * does, and later records of that key are dropped. Flink runs distinct as a combinable reduce that
 * keeps the first record of each key (what HASH_REDUCE did here): an accumulator per key, a copy of
 * every first record, all held until the input ends. This driver keeps keys only (KeyIndex, sized
 * once for the optimizer's expectedKeys), never a record on the way, so it copies nothing: a
 * record passes on as it came (DriverSpec output "input": owned exactly when its input is, and a
 * consumer that keeps or mutates a record that is not owned copies it, passes/ownership.ts).
 *
 * Memory: the key set gets half of the driver's share: its typed tables (int32 keys and pairs of
 * them, KeyIndex.tableBytes) count as what they take, 8-12 bytes a slot, and a key held on the heap
 * (a string, a composite hashable) as its record's size (a key never takes more than its record).
 * Counting an int key as its record (~90 bytes for [int, int]) filled the set at 790k keys of a
 * 140 MB share whose table holds 3.3M in 67 MB, and sent the rest through spilled runs. A combiner whose set is full (or holds
 * COMBINER_MAX_KEYS keys) forgets its keys and starts anew: the final distinct after the shuffle
 * drops what passes twice. A final distinct whose set is full keeps it: from then on it drops the
 * records of the keys in it, and the other keys go to an overflow table in the other half, which
 * works as HASH_REDUCE keeping first records did: the first record of each key (copied when not
 * owned), spilled as a run sorted by hashable key (KeyedSpill) when the table holds its half, so
 * a key's later records are dropped while it is in the table and a hot key costs one record per
 * run. When the input ends the table's records go on as they are if it never spilled, else the
 * runs and the table come back merged by key and the first record of each key goes on. Those
 * keys were never in the set, so no key passes twice, and memory stays within the share however
 * many keys come. A combiner that finds few duplicates in its first records stops looking (SKIP_RATIO).
 */
import { keptRecord } from "../../common/copy.js";
import type { CompiledKey, HashKey } from "../../common/keys.js";
import { subtaskKey } from "../../common/subtask-key.js";
import type { ReduceNode } from "../../plan/logical.js";
import { KeyIndex } from "../hash/keyed-map.js";
import { DenseIntSet } from "../hash/dense-int-set.js";
import type { HolderMemory } from "../memory/job-memory.js";
import { RecordSizeEstimator } from "../memory/size-estimator.js";
import { compareHashKeys, KeyedSpill } from "../spill/keyed-spill.js";
import { BaseOperator, holderOf, type Operator, type OperatorContext } from "./operator.js";
import { COMBINER_MAX_KEYS, entriesOf } from "./reduce-drivers.js";

/**
 * A combiner that passed on more than SKIP_RATIO of its first SKIP_PROBE_RECORDS records stops
 * looking keys up and passes every record on (DataFusion's skip_partial_aggregation_probe_rows and
 * _ratio_threshold): its set, reset at COMBINER_MAX_KEYS, drops too little to pay for a lookup per
 * record. Out-of-core distinct of 10M rows / 3.3M keys at p=2: the combiners dropped nothing.
 */
export const SKIP_PROBE_RECORDS = 100_000;
export const SKIP_RATIO = 0.8;

/** Bytes a presized table may spend per expected key (int-pair slots and ids, a power of two past three quarters load). */
const TABLE_BYTES_PER_KEY = 32;

export class HashDistinctOperator extends BaseOperator<any, any, ReduceNode> {
  private keys: KeyIndex;
  /**
   * A one-field key's int32 keys while they are dense (dense-int-set.ts); other keys, and int keys
   * outside its range once it stops growing, go to `keys`. Undefined for a pair key, and once a key
   * that is not an int32 came while it was empty.
   */
  private dense: DenseIntSet | undefined;
  private readonly key: CompiledKey;
  private readonly memory: HolderMemory;
  /** Estimated bytes of the set's heap keys (as their records' sizes). */
  private readonly size = new RecordSizeEstimator();
  /** Bytes of the set's typed tables (KeyIndex.tableBytes, read again only when they grow). */
  private tableBytes: number;
  private readonly setLimit: number;
  private readonly maxKeys: number;
  /** Keys the set is sized for: the optimizer's estimate, within the set's bounds. */
  private readonly expected: number;
  private readonly copyIn: boolean;
  /** A final distinct whose set is full: the first records of the keys not in the set. */
  private overflow: OverflowTable | undefined;
  /** Records a combiner still looks at before it decides whether dropping duplicates pays (0: decided, or a final distinct). */
  private probeLeft: number;
  /** Records passed on so far. */
  private passed = 0;
  /** A combiner that dropped too few duplicates: every record passes on unlooked (the final distinct drops them). */
  private passThrough = false;

  constructor(ctx: OperatorContext<ReduceNode>, out: Operator, private readonly partial: boolean) {
    super(ctx, out);
    this.key = subtaskKey(ctx.node.logical.key!, ctx.node.name);
    this.memory = holderOf(ctx);
    this.setLimit = this.memory.limit / 2;
    this.maxKeys = partial ? COMBINER_MAX_KEYS : Infinity;
    this.expected = Math.min(ctx.node.expectedKeys ?? 0, this.maxKeys, Math.floor(this.setLimit / TABLE_BYTES_PER_KEY));
    this.keys = new KeyIndex(this.key, { expectedKeys: this.expected, keyOf: false });
    this.dense = this.key.pair === undefined ? new DenseIntSet() : undefined;
    this.tableBytes = this.keys.tableBytes;
    this.copyIn = !ctx.inputOwned;
    this.probeLeft = partial ? SKIP_PROBE_RECORDS : 0;
  }

  collect(record: any): void {
    if (this.passThrough) return this.out.collect(record);
    let id: number;
    let bit = -1;
    let intKey = 0;
    try {
      if (this.dense !== undefined) {
        const h = this.key.hashable(record);
        if (typeof h === "number" && (h | 0) === h) {
          intKey = h;
          bit = this.dense.test(h);
          if (bit < 0 && this.overflow === undefined && this.dense.cover(h, this.setLimit - this.tableBytes - this.size.bytes)) {
            this.tableBytes = this.keys.tableBytes + this.dense.bytes;
            bit = 0;
          }
        } else if (this.dense.size === 0) this.dense = undefined;
      }
      id = bit >= 0 ? bit - 1 : this.keys.find(record);
    } catch (e) {
      throw this.fail(e);
    }
    if (this.probeLeft > 0 && --this.probeLeft === 0) this.passThrough = this.passed + (id < 0 ? 1 : 0) > SKIP_RATIO * SKIP_PROBE_RECORDS;
    if (id >= 0) return;
    if (this.overflow !== undefined) return this.spill(record);
    if (bit === 0) {
      this.dense!.add(intKey);
      this.passed++;
      this.out.collect(record);
      if (this.keys.size + this.dense!.size >= this.maxKeys) this.setFull();
      return;
    }
    let growth = this.keys.addGrowth;
    if (growth > 0 && this.tableBytes + growth + this.size.bytes > this.setLimit) {
      // Adding this key would double a table past the set's half: the set is full before it.
      this.setFull();
      if (this.overflow !== undefined) return this.spill(record);
      this.keys.find(record);
      growth = this.keys.addGrowth;
    }
    this.keys.add();
    if (growth > 0) this.tableBytes = this.keys.tableBytes + (this.dense?.bytes ?? 0);
    this.passed++;
    this.out.collect(record);
    if (this.keys.lastAddOnHeap) this.size.add(record);
    if (this.tableBytes + this.size.bytes >= this.setLimit || this.keys.size + (this.dense?.size ?? 0) >= this.maxKeys) this.setFull();
  }

  collectBatch(_input: 0 | 1, records: readonly any[], from: number, to: number): void {
    for (let i = from; i < to; i++) this.collect(records[i]);
  }

  /** The set holds its half: a combiner starts a new one, a final distinct keeps it and sends other keys to the overflow table. */
  private setFull(): void {
    if (this.partial) {
      this.keys = new KeyIndex(this.key, { expectedKeys: this.expected, keyOf: false });
      if (this.dense !== undefined) this.dense = new DenseIntSet();
      this.tableBytes = this.keys.tableBytes;
      this.size.reset();
      return;
    }
    this.overflow = new OverflowTable(this.key, { ...this.memory, limit: this.memory.limit / 2 });
  }

  /** A record whose key is not in the full set, to the overflow table. */
  private spill(record: any): void {
    try {
      this.overflow!.add(record, this.copyIn);
    } catch (e) {
      throw this.fail(e);
    }
  }

  override finish(): Promise<void> | void {
    const overflow = this.overflow;
    this.keys = new KeyIndex(this.key, { keyOf: false });
    this.dense = undefined;
    if (overflow === undefined) return this.out.finish();
    this.overflow = undefined;
    try {
      overflow.emit(this.out);
    } catch (e) {
      throw this.fail(e);
    } finally {
      overflow.dispose();
    }
    return this.out.finish();
  }
}

/**
 * The first record of each key since its last spill (KeyIndex ids into `records`), spilled as a
 * run sorted by hashable key when it holds its share.
 */
class OverflowTable {
  private index: KeyIndex;
  private records: any[] = [];
  private readonly spill: KeyedSpill<any>;

  constructor(private readonly key: CompiledKey, memory: HolderMemory) {
    this.index = new KeyIndex(key);
    this.spill = new KeyedSpill(memory);
  }

  /** Keeps `record` (a copy when `copy`) if its key is not in the table. */
  add(record: any, copy: boolean): void {
    if (this.index.find(record) >= 0) return;
    this.records[this.index.add()] = keptRecord(record, copy);
    if (this.spill.full(record)) {
      this.spill.spill(entriesOf(this.index, this.records));
      this.index = new KeyIndex(this.key);
      this.records = [];
    }
  }

  /** Hands on the first record of each key: the table's own, or the runs' and the table's merged by key. */
  emit(out: Operator): void {
    if (!this.spill.spilled) {
      for (const r of this.records) out.collect(r);
      return;
    }
    // Equal keys come together, in the order they were spilled: the first is the key's first record.
    let last: HashKey | undefined;
    let first = true;
    for (const [k, r] of this.spill.merged(entriesOf(this.index, this.records))) {
      if (!first && compareHashKeys(k, last!) === 0) continue;
      first = false;
      last = k;
      out.collect(r);
    }
  }

  dispose(): void {
    this.records = [];
    this.spill.dispose();
  }
}
