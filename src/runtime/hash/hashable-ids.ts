/**
 * Dense ids (0, 1, 2, ... in first-seen order) for keys already in their hashable form
 * (common/keys.ts `CompiledKey.hashable`), for tables that hold the hashable rather than the
 * record: an int32 hashable goes to an open-addressing IntTable (no boxing, no Map hashing), a
 * string to a StringTable (string-table.ts), any other to a Map. Equal hashables always get the
 * same id (each kind of hashable has one table).
 *
 * @example
 * const ids = new HashableIds();
 * ids.idOf(7);          // -1
 * ids.add(7);           // 0
 * ids.add("a|b");       // 1
 * ids.idOf(7);          // 0
 */
import type { HashKey } from "../../common/keys.js";
import { IntTable } from "./int-table.js";
import { StringTable } from "./string-table.js";

export class HashableIds {
  private readonly ints = new IntTable();
  private readonly strings = new StringTable();
  private readonly others = new Map<HashKey, number>();
  private next = 0;
  /** The int32 whose `idOf` just missed: the IntTable's probe ended where it goes. */
  private missed: number | undefined;
  /** The string whose `idOf` just missed: the StringTable's probe ended where it goes. */
  private missedString: string | undefined;

  /** Number of ids given. */
  get size(): number {
    return this.next;
  }

  /** The id of `h`, or -1. */
  idOf(h: HashKey): number {
    if (typeof h === "number" && (h | 0) === h) {
      const id = this.ints.find(h);
      this.missed = id < 0 ? h : undefined;
      return id;
    }
    if (typeof h === "string") {
      const id = this.strings.find(h);
      this.missedString = id < 0 ? h : undefined;
      return id;
    }
    const id = this.others.get(h);
    return id === undefined ? -1 : id;
  }

  /** Gives `h` (which has no id yet) the next id, and returns it. */
  add(h: HashKey): number {
    const id = this.next++;
    if (typeof h === "number" && (h | 0) === h) {
      // find leaves the slot where h goes; an idOf(h) that just missed already did.
      if (this.missed !== h) this.ints.find(h);
      this.missed = undefined;
      this.ints.insert(h, id);
    } else if (typeof h === "string") {
      if (this.missedString !== h) this.strings.find(h);
      this.missedString = undefined;
      this.strings.insert(h, id);
    } else {
      this.others.set(h, id);
    }
    return id;
  }

  /** The id of `h`, given the next one if it had none. */
  intern(h: HashKey): number {
    const id = this.idOf(h);
    return id >= 0 ? id : this.add(h);
  }
}
