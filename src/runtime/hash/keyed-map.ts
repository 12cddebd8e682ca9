/**
 * A hash table from records' keys to values, for the grouping drivers. Keys of one number or
 * string are their own Map keys (CompiledKey.hashable); two-field keys whose leaves are numbers
 * or strings (CompiledKey.pair) go to nested Maps, first leaf then second, so no key string is
 * built per record (what composite keys cost: 73% of a two-field distinct). Every other key is
 * encoded by `hashable`. Which table a key lands in depends only on its leaves, so equal keys
 * always meet. Usage: `find(record)` looks the key up and remembers it; `put(value)` stores at
 * the key of the last `find`.
 * Iteration gives the values of the encoded keys first, then the pair keys grouped by first leaf.
 * Not used by the reduce drivers yet: rebasing onto the spilling drivers (issue 16, KeyedSpill
 * takes [HashKey, record] entries) kept their Map tables; using it there needs an `entries()`
 * whose pair keys are `hashOfLeaves([a, b])` (the hashable the same key would have).
 */
import type { CompiledKey, HashKey, PairSlot } from "../../common/keys.js";

export class KeyedMap<V> {
  private readonly flat = new Map<HashKey, V>();
  private readonly nested = new Map<number | string, Map<number | string, V>>();
  private nestedSize = 0;
  private readonly slot: PairSlot = { a: 0, b: 0, hash: undefined };
  private readonly pair: ((record: any, slot: PairSlot) => boolean) | undefined;
  // The last find's key: in the nested tables (inner, innerKey) or the flat one (flatKey).
  private onPair = false;
  private inner: Map<number | string, V> | undefined;
  private outerKey: number | string = 0;
  private innerKey: number | string = 0;
  private flatKey: HashKey = 0;

  constructor(private readonly key: CompiledKey) {
    this.pair = key.pair;
  }

  get size(): number {
    return this.flat.size + this.nestedSize;
  }

  /** The value at `record`'s key, or undefined; remembers the key for `put`. */
  find(record: any): V | undefined {
    const pair = this.pair;
    if (pair !== undefined && pair(record, this.slot)) {
      this.onPair = true;
      this.outerKey = this.slot.a;
      this.innerKey = this.slot.b;
      const inner = this.nested.get(this.slot.a);
      this.inner = inner;
      return inner === undefined ? undefined : inner.get(this.slot.b);
    }
    this.onPair = false;
    const known = this.slot.hash;
    if (known !== undefined) this.slot.hash = undefined;
    this.flatKey = known ?? this.key.hashable(record);
    return this.flat.get(this.flatKey);
  }

  /** Stores `value` at the key of the last `find`. */
  put(value: V): void {
    if (!this.onPair) {
      this.flat.set(this.flatKey, value);
      return;
    }
    let inner = this.inner;
    if (inner === undefined) {
      inner = new Map();
      this.nested.set(this.outerKey, inner);
      this.inner = inner;
    }
    const before = inner.size;
    inner.set(this.innerKey, value);
    this.nestedSize += inner.size - before;
  }

  forEach(fn: (value: V) => void): void {
    for (const v of this.flat.values()) fn(v);
    for (const inner of this.nested.values()) for (const v of inner.values()) fn(v);
  }
}
