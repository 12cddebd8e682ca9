/**
 * The solution set of a delta iteration: one keyed index per subtask, held across supersteps
 * (Flink's JoinHashMap for an unmanaged solution set). Records are hash-partitioned on the
 * solution-set key exactly as a PARTITION_HASH channel on that key would (hashKey(hashable) % p),
 * so a probe side shipped that way finds its matches in its own subtask's index.
 * Updates replace the record with the same key, unknown keys are inserted, and duplicate keys in
 * the initial solution set collapse to the last one.
 * Records are held by key id (HashableIds: an int32 key in a typed IntTable, others in a Map), in
 * the order their keys first came.
 */
import { InvalidProgramException } from "../../common/errors.js";
import { compileKey, type CompiledKey, type HashKey, type KeyDefinition } from "../../common/keys.js";
import { HashableIds } from "../hash/hashable-ids.js";

export class SolutionSetIndex {
  private readonly ids = new HashableIds();
  /** By key id. */
  private readonly records: unknown[] = [];
  private readonly key: CompiledKey;
  /** The JS type of the keys' hashable form, to tell a delta whose key type does not match. */
  private keyType: string | undefined;

  constructor(key: KeyDefinition, private readonly iterationName: string) {
    this.key = compileKey(key, `${iterationName} (solution set)`);
  }

  get size(): number {
    return this.records.length;
  }

  /** Inserts or replaces the record with the same key. */
  upsert(record: unknown): void {
    const h = this.key.hashable(record);
    if (typeof h !== this.keyType) this.checkKeyType(typeof h);
    this.records[this.ids.intern(h)] = record;
  }

  /** The record whose key's hashable form is `hashable`, if any. */
  get(hashable: HashKey): unknown {
    const id = this.ids.idOf(hashable);
    return id < 0 ? undefined : this.records[id];
  }

  values(): IterableIterator<unknown> {
    return this.records.values();
  }

  // Keys of one solution set share a type; a delta keyed differently would never match.
  private checkKeyType(type: string): void {
    if (this.keyType === undefined) {
      this.keyType = type;
      return;
    }
    throw new InvalidProgramException(
      `${this.iterationName}: a solution set delta record has a key of type ${type}, but the solution set's keys are of type ${this.keyType}; the delta must have the solution set's type`,
    );
  }
}
