/**
 * A hash index from records' keys to dense ids (0, 1, 2, ... in the order keys first came), for
 * the grouping drivers, which keep their per-key state in plain arrays indexed by id (one probe
 * per record, no key object or string built per record):
 * - a key whose hashable is an int32 (a one-field key of an integer, or of [k] or { v: k }; -0's
 *   hashable is a string) goes to an open-addressing IntTable;
 * - a two-field (or whole-record pair) key whose leaves are numbers or strings (CompiledKey.pair)
 *   to an IntPairTable: an int32 leaf stands for itself, any other leaf for its number in a Map
 *   of such leaves (SameValueZero is the key order's equality for them: NaN is one key, -0 never
 *   gets here); one table per combination (int32 or not, per leaf), so 5 and the leaf numbered 5
 *   never meet;
 * - a key whose hashable is a string (a one-field string key, a composite key's encoding) to a
 *   StringTable (string-table.ts: hashed in JavaScript, compared by value);
 * - every other key to a Map by its `hashable` (keys.ts).
 * Which table a key lands in depends only on its leaves, so equal keys always meet.
 * `keyOf(id)` gives the key's hashable (a pair's is `hashOfLeaves([a, b])`, what `hashable` gives
 * the same key), by which spilled runs sort and merge (runtime/spill/keyed-spill.ts).
 * Usage: `find(record)` returns the id or -1 and remembers the key; `add()` gives the key of the
 * last `find` (absent) the next id. Options: `expectedKeys` sizes the tables once (the optimizer's
 * estimate, PhysicalNode.expectedKeys), so they do not grow (rehash all keys) on the way;
 * `keyOf: false` for a set of keys (distinct), which never asks for a key back: no key is kept per id.
 * Memory: `tableBytes` is what the typed tables take; `lastAddOnHeap` says whether the key just
 * added also lives on the heap (its size is the caller's to estimate).
 *
 * @example
 * const index = new KeyIndex(compileKey(parseKeyArgs([0, 1], "op"), "op"));
 * const counts: number[] = [];
 * for (const r of [[1, 2], [1, 2], [2, 1]]) {
 *   const id = index.find(r);
 *   if (id < 0) counts[index.add()] = 1;
 *   else counts[id]!++;
 * }
 * // counts: [2, 1]; index.keyOf(1) === hashOfLeaves([2, 1])
 */
import type { CompiledKey, HashKey, PairSlot } from "../../common/keys.js";
import { hashOfLeaves } from "../../common/key-values.js";
import { IntPairTable, IntTable, MAX_LOAD } from "./int-table.js";
import { StringTable } from "./string-table.js";

const FLAT = 0;
const INT = 1;
const PAIR = 2;
const STRING = 3;

/** Whether `v` is an int32 (its own code in a pair table). */
function isInt(v: unknown): v is number {
  return typeof v === "number" && (v | 0) === v;
}

/** Slots of a table for `keys` keys (a power of two, at most MAX_LOAD full). */
export function tableCapacity(keys: number): number {
  let c = 1024;
  while (c * MAX_LOAD < keys) c *= 2;
  return c;
}

export interface KeyIndexOptions {
  /** Keys to size the tables for (0: the smallest table, grown as keys come). */
  readonly expectedKeys?: number;
  /** Whether `keyOf` is used (default true); false keeps no key per id. */
  readonly keyOf?: boolean;
}

export class KeyIndex {
  private readonly ints: IntTable;
  private readonly flat = new Map<HashKey, number>();
  private readonly strings = new StringTable();
  /** Pair tables by combination: 2 * (first leaf not an int32) + (second leaf not an int32), made when first used. */
  private readonly pairs: (IntPairTable | undefined)[] = [undefined, undefined, undefined, undefined];
  /** Slots of a new pair table. */
  private readonly pairCapacity: number;
  private readonly keepKeys: boolean;
  private count = 0;
  /** Codes of the pair leaves that are numbers but not int32s, in first-seen order. */
  private readonly leafCodes = new Map<number, number>();
  /** Codes of the string leaves (one count with the numbers': a code names one leaf). */
  private readonly stringCodes = new StringTable();
  private leafCount = 0;
  private readonly slot: PairSlot = { a: 0, b: 0, hash: undefined };
  private readonly pair: ((record: any, slot: PairSlot) => boolean) | undefined;
  private readonly hashable: (record: any) => HashKey;
  /** Per id: the key's hashable, or a pair's first leaf (then `keyB[id]` holds the second; empty for other keys). */
  private readonly keyA: unknown[] = [];
  private readonly keyB: unknown[] = [];
  // The last find's key: which table, and its leaves (or hashable) there; for a pair, the table
  // and the leaves' codes (-1: a leaf without a code yet, so the key is new).
  private kind = FLAT;
  private lastA: unknown = 0;
  private lastB: number | string = 0;
  private table = 0;
  private codeA = 0;
  private codeB = 0;

  constructor(private readonly key: CompiledKey, options: KeyIndexOptions = {}) {
    this.pair = key.pair;
    this.hashable = key.hashable;
    this.keepKeys = options.keyOf ?? true;
    const capacity = tableCapacity(options.expectedKeys ?? 0);
    // A pair key's keys go to the pair tables (the int table only takes its other keys).
    this.ints = new IntTable(key.pair === undefined ? capacity : 1024);
    this.pairCapacity = capacity;
  }

  /** Bytes of the typed-array tables, where int32 keys and pairs of them live (exact, unlike a heap key's estimate). */
  get tableBytes(): number {
    let bytes = this.ints.bytes;
    for (const t of this.pairs) if (t !== undefined) bytes += t.bytes;
    return bytes;
  }

  /**
   * Bytes the tables grow by if the key of the last `find` (absent) is added: a table's doubling
   * (the new slots, less the old ones freed) or a new pair table; 0 when it has room.
   */
  get addGrowth(): number {
    if (this.kind === INT) return this.ints.full ? this.ints.bytes : 0;
    if (this.kind !== PAIR) return 0;
    const t = this.pairs[this.table];
    if (t === undefined) return 3 * 4 * this.pairCapacity;
    return t.full ? t.bytes : 0;
  }

  /**
   * Whether the key of the last `add` is held as a JavaScript value (a Map key or a leaf's code),
   * not only as int32s in a typed table: such a key costs heap bytes that `tableBytes` leaves out.
   */
  get lastAddOnHeap(): boolean {
    return this.kind === FLAT || this.kind === STRING || (this.kind === PAIR && this.table !== 0);
  }

  /** Number of keys (the next id). */
  get size(): number {
    return this.count;
  }

  /** The id of `record`'s key, or -1 (then `add` gives it the next id). */
  find(record: any): number {
    // Two small paths rather than one large function, so V8 can inline the one a key takes into
    // the caller's per-record loop (a one-field key: a word count's lookup per word).
    return this.pair === undefined ? this.findOne(record) : this.findPair(record, this.pair);
  }

  /**
   * `find` for a key that is not a pair: no slot to read. The key is kept for add() only when it is
   * absent: storing a young string into this long-lived index on every record costs a write
   * barrier's slow path each time.
   */
  private findOne(record: any): number {
    const k = this.hashable(record);
    if (isInt(k)) {
      this.kind = INT;
      this.lastA = k;
      return this.ints.find(k);
    }
    if (typeof k === "string") return this.findString(k);
    const id = this.flat.get(k);
    if (id !== undefined) return id;
    this.kind = FLAT;
    this.lastA = k;
    return -1;
  }

  /** `find` of a string hashable (remembered only when absent, as in findOne). */
  private findString(k: string): number {
    const id = this.strings.find(k);
    if (id < 0) {
      this.kind = STRING;
      this.lastA = k;
    }
    return id;
  }

  /** `find` for a pair key. */
  private findPair(record: any, pair: (record: any, slot: PairSlot) => boolean): number {
    const slot = this.slot;
    if (pair(record, slot)) {
      const a = slot.a;
      const b = slot.b;
      this.lastA = a;
      this.lastB = b;
      this.kind = PAIR;
      let table = 0;
      let ca: number;
      let cb: number;
      if (isInt(a)) ca = a;
      else {
        table = 2;
        ca = this.leafCode(a);
      }
      if (isInt(b)) cb = b;
      else {
        table++;
        cb = this.leafCode(b);
      }
      this.table = table;
      this.codeA = ca;
      this.codeB = cb;
      if (((table & 2) !== 0 && ca < 0) || ((table & 1) !== 0 && cb < 0)) return -1;
      const t = this.pairs[table];
      return t === undefined ? -1 : t.find(ca, cb);
    }
    const known = slot.hash;
    if (known !== undefined) slot.hash = undefined;
    const k = known ?? this.key.hashable(record);
    this.lastA = k;
    if (isInt(k)) {
      this.kind = INT;
      return this.ints.find(k);
    }
    if (typeof k === "string") return this.findString(k);
    this.kind = FLAT;
    const id = this.flat.get(k);
    return id === undefined ? -1 : id;
  }

  /** Gives the key of the last `find` (which returned -1) the next id, and returns it. */
  add(): number {
    const id = this.count++;
    const a = this.lastA;
    switch (this.kind) {
      case INT:
        this.ints.insert(a as number, id);
        break;
      case PAIR:
        this.addPair(id);
        break;
      case STRING:
        this.strings.insert(a as string, id);
        break;
      default:
        this.flat.set(a as HashKey, id);
    }
    if (this.keepKeys) {
      this.keyA.push(a);
      // Only a pair has a second leaf: an index of single keys keeps no second array at all
      // (millions of undefined slots, regrown after every spill, pushed the old generation).
      if (this.kind === PAIR) this.keyB[id] = this.lastB;
    }
    return id;
  }

  /** The pair of the last find: codes for leaves without one, then into its table. */
  private addPair(id: number): void {
    const table = this.table;
    const b = this.lastB;
    let { codeA, codeB } = this;
    // The table's last probe was this key's only when both leaves had codes and the table existed.
    let probed = true;
    if ((table & 2) !== 0 && codeA < 0) {
      codeA = this.codeOf(this.lastA as number | string);
      probed = false;
    }
    if ((table & 1) !== 0 && codeB < 0) {
      codeB = this.codeOf(b);
      probed = false;
    }
    let t = this.pairs[table];
    if (t === undefined) {
      t = this.pairs[table] = new IntPairTable(this.pairCapacity);
      probed = false;
    }
    if (!probed) t.find(codeA, codeB);
    t.insert(codeA, codeB, id);
  }

  /** The code of a leaf that is not an int32 (a new one gets the next). */
  private codeOf(leaf: number | string): number {
    const known = this.leafCode(leaf);
    if (known >= 0) return known;
    const code = this.leafCount++;
    if (typeof leaf === "string") this.stringCodes.insert(leaf, code);
    else this.leafCodes.set(leaf, code);
    return code;
  }

  /** The code of a leaf that is not an int32, or -1 (a string's probe then ends where it goes). */
  private leafCode(leaf: number | string): number {
    if (typeof leaf === "string") return this.stringCodes.find(leaf);
    return this.leafCodes.get(leaf) ?? -1;
  }

  /** The hashable of key `id` (what `CompiledKey.hashable` gives that key); not with `keyOf: false`. */
  keyOf(id: number): HashKey {
    const b = this.keyB[id];
    const a = this.keyA[id];
    return b === undefined ? (a as HashKey) : hashOfLeaves([a, b]);
  }
}
