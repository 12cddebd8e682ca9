/**
 * A list of records within a memory share (Flink's SpillingBuffer / the spilling resettable
 * iterators): records are kept in memory until they reach the share, then everything held goes
 * to the list's spill file. Iterating reads the file as a stream, then the records still in
 * memory, in the order they were added; it can be iterated again (the file is read anew).
 */
import type { HolderMemory } from "../memory/job-memory.js";
import { RecordSizeEstimator } from "../memory/size-estimator.js";
import { deleteSpillFile, SpillWriter, spilledRecords } from "./spill-file.js";

export class SpillableList<T> implements Iterable<T> {
  private held: T[] = [];
  private writer: SpillWriter | undefined;
  private onDisk = 0;
  private readonly size = new RecordSizeEstimator();

  constructor(private readonly memory: HolderMemory, private readonly kind: string) {}

  add(record: T): void {
    this.held.push(record);
    if (this.size.add(record) >= this.memory.limit && this.held.length > 1) this.spillHeld();
  }

  get length(): number {
    return this.onDisk + this.held.length;
  }

  get spilled(): boolean {
    return this.writer !== undefined;
  }

  /** The records as an array when nothing spilled (no copy), else this list (read from disk). */
  contents(): T[] | Iterable<T> {
    return this.writer === undefined ? this.held : this;
  }

  *[Symbol.iterator](): Iterator<T> {
    if (this.writer !== undefined) {
      this.writer.flush();
      yield* spilledRecords(this.writer.path) as Iterable<T>;
    }
    yield* this.held;
  }

  /** Empties the list and deletes its file. */
  dispose(): void {
    this.held = [];
    this.onDisk = 0;
    if (this.writer !== undefined) {
      this.writer.close();
      deleteSpillFile(this.writer.path);
      this.writer = undefined;
    }
  }

  private spillHeld(): void {
    this.writer ??= new SpillWriter(this.memory.spill.newFile(this.kind));
    for (const r of this.held) this.writer.add(r);
    this.onDisk += this.held.length;
    this.held = [];
    this.size.reset();
  }
}
