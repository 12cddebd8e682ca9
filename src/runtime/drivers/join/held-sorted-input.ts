/**
 * The held input of the sort-based two-input drivers (merge join, coGroup): it arrives sorted and
 * is read completely first, into a spillable list (runtime/spill/spillable-list.ts: past the
 * driver's memory share it goes to disk); the driver then walks it forward group by group of equal
 * keys while the other input streams, so only the current group is in memory.
 */
import { compareKeys } from "../../../common/keys.js";
import { memoryExhausted, type HolderMemory } from "../../memory/job-memory.js";
import { RecordSizeEstimator } from "../../memory/size-estimator.js";
import { SpillableList } from "../../spill/spillable-list.js";

export class HeldSortedInput {
  private readonly list: SpillableList<any>;
  private readonly size = new RecordSizeEstimator();
  private cursor: Iterator<any> | undefined;
  private peeked = false;
  private nextRecord: any;
  private nextKey: unknown;

  constructor(private readonly memory: HolderMemory, private readonly keyOf: (r: any) => unknown) {
    this.list = new SpillableList(memory, "held");
  }

  /** Holds a record (its key is checked now, so a bad key fails on arrival). */
  add(record: any): void {
    this.keyOf(record);
    this.list.add(record);
  }

  /** Whether a group is left. */
  get hasNext(): boolean {
    return this.peek();
  }

  /** The key of the next group (call only when hasNext). */
  get key(): unknown {
    return this.nextKey;
  }

  /**
   * The next group of equal keys, in arrival order (call only when hasNext). It is held whole: one
   * larger than the job's whole budget fails with memoryExhausted instead of running the heap out.
   */
  takeGroup(): any[] {
    const key = this.nextKey;
    const group: any[] = [];
    this.size.reset();
    while (this.peek() && compareKeys(this.nextKey, key) === 0) {
      group.push(this.nextRecord);
      this.peeked = false;
      if (this.size.add(this.nextRecord) > this.memory.budgetBytes) throw memoryExhausted(this.memory, `the group of key ${String(key)}`, this.size.bytes);
    }
    return group;
  }

  dispose(): void {
    this.list.dispose();
    this.cursor = undefined;
    this.peeked = false;
  }

  private peek(): boolean {
    if (this.peeked) return true;
    this.cursor ??= this.list[Symbol.iterator]();
    const n = this.cursor.next();
    if (n.done) return false;
    this.nextRecord = n.value;
    this.nextKey = this.keyOf(n.value);
    this.peeked = true;
    return true;
  }
}
