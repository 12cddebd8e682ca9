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
 * Memory: the key set gets half of the driver's share, its keys counted as their records' size
 * (a key never takes more than its record). A combiner whose set is full (or holds
 * COMBINER_MAX_KEYS keys) forgets its keys and starts anew: the final distinct after the shuffle
 * drops what passes twice. A final distinct whose set is full keeps it: from then on it drops the
 * records of the keys in it and hands every other record (copied when not owned) to a KeyedSpill
 * in the other half (sorted runs by hashable key, on disk past that half); when the input ends the
 * runs come back merged by key and the first record of each key goes on. Those keys were never in
 * the set, so no key passes twice, and memory stays within the share however many keys come.
 */
import { copyRecord } from "../../common/copy.js";
import type { CompiledKey, HashKey } from "../../common/keys.js";
import { subtaskKey } from "../../common/subtask-key.js";
import type { ReduceNode } from "../../plan/logical.js";
import { KeyIndex } from "../hash/keyed-map.js";
import type { HolderMemory } from "../memory/job-memory.js";
import { RecordSizeEstimator } from "../memory/size-estimator.js";
import { compareHashKeys, KeyedSpill } from "../spill/keyed-spill.js";
import { BaseOperator, holderOf, type Operator, type OperatorContext } from "./operator.js";
import { COMBINER_MAX_KEYS } from "./reduce-drivers.js";

/** Bytes a presized table may spend per expected key (int-pair slots and ids, a power of two past three quarters load). */
const TABLE_BYTES_PER_KEY = 32;

export class HashDistinctOperator extends BaseOperator<any, any, ReduceNode> {
  private keys: KeyIndex;
  private readonly key: CompiledKey;
  private readonly memory: HolderMemory;
  /** Estimated bytes of the keys in the set (as their records' sizes). */
  private readonly size = new RecordSizeEstimator();
  private readonly setLimit: number;
  private readonly maxKeys: number;
  /** Keys the set is sized for: the optimizer's estimate, within the set's bounds. */
  private readonly expected: number;
  private readonly copyIn: boolean;
  /** A final distinct whose set is full: the records of keys not in the set, by key. */
  private overflow: KeyedSpill<any> | undefined;

  constructor(ctx: OperatorContext<ReduceNode>, out: Operator, private readonly partial: boolean) {
    super(ctx, out);
    this.key = subtaskKey(ctx.node.logical.key!, ctx.node.name);
    this.memory = holderOf(ctx);
    this.setLimit = this.memory.limit / 2;
    this.maxKeys = partial ? COMBINER_MAX_KEYS : Infinity;
    this.expected = Math.min(ctx.node.expectedKeys ?? 0, this.maxKeys, Math.floor(this.setLimit / TABLE_BYTES_PER_KEY));
    this.keys = new KeyIndex(this.key, { expectedKeys: this.expected, keyOf: false });
    this.copyIn = !ctx.inputOwned;
  }

  collect(record: any): void {
    let id: number;
    try {
      id = this.keys.find(record);
    } catch (e) {
      throw this.fail(e);
    }
    if (id >= 0) return;
    if (this.overflow !== undefined) return this.spill(record);
    this.keys.add();
    this.out.collect(record);
    if (this.size.add(record) >= this.setLimit || this.keys.size >= this.maxKeys) this.setFull();
  }

  collectBatch(_input: 0 | 1, records: readonly any[], from: number, to: number): void {
    for (let i = from; i < to; i++) this.collect(records[i]);
  }

  /** The set holds its half: a combiner starts a new one, a final distinct keeps it and spills other keys' records. */
  private setFull(): void {
    if (this.partial) {
      this.keys = new KeyIndex(this.key, { expectedKeys: this.expected, keyOf: false });
      this.size.reset();
      return;
    }
    this.overflow = new KeyedSpill({ ...this.memory, limit: this.memory.limit / 2 });
  }

  /** A record whose key is not in the full set, to the overflow runs. */
  private spill(record: any): void {
    let h: HashKey;
    try {
      h = this.key.hashable(record);
    } catch (e) {
      throw this.fail(e);
    }
    this.overflow!.add([h, this.copyIn ? copyRecord(record) : record]);
  }

  override finish(): Promise<void> | void {
    const overflow = this.overflow;
    this.keys = new KeyIndex(this.key, { keyOf: false });
    if (overflow === undefined) return this.out.finish();
    this.overflow = undefined;
    try {
      // The first record of each key in the merged runs (equal keys come together, in arrival order).
      let last: HashKey | undefined;
      let first = true;
      for (const [k, r] of overflow.merged()) {
        if (!first && compareHashKeys(k, last!) === 0) continue;
        first = false;
        last = k;
        this.out.collect(r);
      }
    } catch (e) {
      throw this.fail(e);
    } finally {
      overflow.dispose();
    }
    return this.out.finish();
  }
}
