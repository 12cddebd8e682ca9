/**
 * A hash index from records' keys to dense ids (0, 1, 2, ... in the order keys first came), for
 * the grouping drivers, which keep their per-key state in plain arrays indexed by id (one probe
 * per record, no key object or string built per record):
 * - a key whose hashable is an int32 (a one-field key of an integer, or of [k] or { v: k }; -0's
 *   hashable is a string) goes to an open-addressing IntTable;
 * - a two-field (or whole-record pair) key whose leaves are two int32s to an IntPairTable, and
 *   other pairs of numbers or strings (CompiledKey.pair) to nested tables, first leaf (an int32
 *   in an IntTable, another in a Map) then second (a Map)
 *   (SameValueZero is the key order's equality for such leaves: NaN is one key, -0 never gets
 *   here);
 * - every other key to a Map by its `hashable` (keys.ts).
 * Which table a key lands in depends only on its leaves, so equal keys always meet.
 * `keyOf(id)` gives the key's hashable (a pair's is `hashOfLeaves([a, b])`, what `hashable` gives
 * the same key), by which spilled runs sort and merge (runtime/spill/keyed-spill.ts).
 * Usage: `find(record)` returns the id or -1 and remembers the key; `add()` gives the key of the
 * last `find` (absent) the next id.
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
import { IntPairTable, IntTable } from "./int-table.js";

const FLAT = 0;
const INT = 1;
const INT_PAIR = 2;
const PAIR = 3;

export class KeyIndex {
  private readonly ints = new IntTable();
  private readonly intPairs = new IntPairTable();
  private readonly flat = new Map<HashKey, number>();
  /** Pairs that are not two int32s: the inner Map of an int32 first leaf by outerInts, of another by nested. */
  private readonly outerInts = new IntTable();
  private readonly inners: Map<number | string, number>[] = [];
  private readonly nested = new Map<number | string, Map<number | string, number>>();
  private readonly slot: PairSlot = { a: 0, b: 0, hash: undefined };
  private readonly pair: ((record: any, slot: PairSlot) => boolean) | undefined;
  /** Per id: the key's hashable, or a pair's first leaf (then `keyB` holds the second). */
  private readonly keyA: unknown[] = [];
  private readonly keyB: unknown[] = [];
  // The last find's key: which table, and its leaves (or hashable) there.
  private kind = FLAT;
  private lastA: unknown = 0;
  private lastB: number | string = 0;
  private inner: Map<number | string, number> | undefined;

  constructor(private readonly key: CompiledKey) {
    this.pair = key.pair;
  }

  /** Number of keys (the next id). */
  get size(): number {
    return this.keyA.length;
  }

  /** The id of `record`'s key, or -1 (then `add` gives it the next id). */
  find(record: any): number {
    const pair = this.pair;
    const slot = this.slot;
    if (pair !== undefined && pair(record, slot)) {
      const a = slot.a;
      const b = slot.b;
      this.lastA = a;
      this.lastB = b;
      if (typeof a === "number" && typeof b === "number" && (a | 0) === a && (b | 0) === b) {
        this.kind = INT_PAIR;
        return this.intPairs.find(a, b);
      }
      this.kind = PAIR;
      let inner: Map<number | string, number> | undefined;
      if (typeof a === "number" && (a | 0) === a) {
        const o = this.outerInts.find(a);
        inner = o < 0 ? undefined : this.inners[o];
      } else {
        inner = this.nested.get(a);
      }
      this.inner = inner;
      if (inner === undefined) return -1;
      const id = inner.get(b);
      return id === undefined ? -1 : id;
    }
    const known = slot.hash;
    if (known !== undefined) slot.hash = undefined;
    const k = known ?? this.key.hashable(record);
    this.lastA = k;
    if (typeof k === "number" && (k | 0) === k) {
      this.kind = INT;
      return this.ints.find(k);
    }
    this.kind = FLAT;
    const id = this.flat.get(k);
    return id === undefined ? -1 : id;
  }

  /** Gives the key of the last `find` (which returned -1) the next id, and returns it. */
  add(): number {
    const id = this.keyA.length;
    const a = this.lastA;
    this.keyA.push(a);
    switch (this.kind) {
      case INT:
        this.ints.insert(a as number, id);
        this.keyB.push(undefined);
        break;
      case INT_PAIR:
        this.intPairs.insert(a as number, this.lastB as number, id);
        this.keyB.push(this.lastB);
        break;
      case PAIR: {
        let inner = this.inner;
        if (inner === undefined) {
          inner = new Map();
          // The outer table's last probe was this find's (absent) first leaf.
          if (typeof a === "number" && (a | 0) === a) {
            this.outerInts.insert(a, this.inners.length);
            this.inners.push(inner);
          } else {
            this.nested.set(a as number | string, inner);
          }
          this.inner = inner;
        }
        inner.set(this.lastB, id);
        this.keyB.push(this.lastB);
        break;
      }
      default:
        this.flat.set(a as HashKey, id);
        this.keyB.push(undefined);
    }
    return id;
  }

  /** The hashable of key `id` (what `CompiledKey.hashable` gives that key). */
  keyOf(id: number): HashKey {
    const b = this.keyB[id];
    const a = this.keyA[id];
    return b === undefined ? (a as HashKey) : hashOfLeaves([a, b]);
  }
}
