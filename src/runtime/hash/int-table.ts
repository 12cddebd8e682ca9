/**
 * Open-addressing hash tables from 32-bit integer keys (one, or a pair) to dense ids, for
 * runtime/hash/keyed-map.ts: keys and ids live in typed arrays, a probe allocates nothing and
 * compares integers only (a JavaScript Map hashes and boxes more per lookup). Linear probing,
 * the table doubles at three quarters full (MAX_LOAD: a denser table is fewer cache lines, which
 * matters more than the longer probes past half full; both at once are 1.5-2x faster on 173k
 * pair keys, bench distinct). `find` remembers where the probe ended, so `insert` of the key
 * just looked up (absent) needs no second probe.
 */

const EMPTY = 0;

/** Keys per slot a table holds before it doubles. */
export const MAX_LOAD = 0.75;

/** murmur3's finalizer: every input bit moves every output bit. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** A table of int32 keys (the caller checks `(v | 0) === v`). */
export class IntTable {
  private keys: Int32Array;
  /** id + 1 per slot; 0: empty. */
  private ids: Int32Array;
  private mask: number;
  private size = 0;
  private pos = 0;
  /** Keys past which it doubles. */
  private limit: number;

  constructor(capacity = 1024) {
    this.keys = new Int32Array(capacity);
    this.ids = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.limit = capacity * MAX_LOAD;
  }

  /** The id of `a`, or -1 (then `insert` adds `a` where the probe ended). */
  find(a: number): number {
    const { keys, ids, mask } = this;
    let p = mix32(a) & mask;
    for (;;) {
      const id = ids[p]!;
      if (id === EMPTY) {
        this.pos = p;
        return -1;
      }
      if (keys[p] === a) return id - 1;
      p = (p + 1) & mask;
    }
  }

  /** Adds `a` (just looked up by `find`, absent) with `id`. */
  insert(a: number, id: number): void {
    this.keys[this.pos] = a;
    this.ids[this.pos] = id + 1;
    if (++this.size > this.limit) this.grow();
  }

  private grow(): void {
    const { keys, ids } = this;
    const cap = ids.length * 2;
    this.keys = new Int32Array(cap);
    this.ids = new Int32Array(cap);
    this.mask = cap - 1;
    this.limit = cap * MAX_LOAD;
    for (let i = 0; i < ids.length; i++) {
      if (ids[i] === EMPTY) continue;
      this.find(keys[i]!);
      this.keys[this.pos] = keys[i]!;
      this.ids[this.pos] = ids[i]!;
    }
  }
}

/** A table of (int32, int32) keys. */
export class IntPairTable {
  private keys: Int32Array;
  private ids: Int32Array;
  private mask: number;
  private size = 0;
  private pos = 0;
  /** Keys past which it doubles. */
  private limit: number;

  constructor(capacity = 1024) {
    this.keys = new Int32Array(capacity * 2);
    this.ids = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.limit = capacity * MAX_LOAD;
  }

  /** The id of (a, b), or -1 (then `insert` adds it where the probe ended). */
  find(a: number, b: number): number {
    const { keys, ids, mask } = this;
    let p = mix32(Math.imul(a, 0x9e3779b1) ^ b) & mask;
    for (;;) {
      const id = ids[p]!;
      if (id === EMPTY) {
        this.pos = p;
        return -1;
      }
      if (keys[2 * p] === a && keys[2 * p + 1] === b) return id - 1;
      p = (p + 1) & mask;
    }
  }

  /** Adds (a, b) (just looked up by `find`, absent) with `id`. */
  insert(a: number, b: number, id: number): void {
    this.keys[2 * this.pos] = a;
    this.keys[2 * this.pos + 1] = b;
    this.ids[this.pos] = id + 1;
    if (++this.size > this.limit) this.grow();
  }

  private grow(): void {
    const { keys, ids } = this;
    const cap = ids.length * 2;
    this.keys = new Int32Array(cap * 2);
    this.ids = new Int32Array(cap);
    this.mask = cap - 1;
    this.limit = cap * MAX_LOAD;
    for (let i = 0; i < ids.length; i++) {
      if (ids[i] === EMPTY) continue;
      const a = keys[2 * i]!;
      const b = keys[2 * i + 1]!;
      this.find(a, b);
      this.keys[2 * this.pos] = a;
      this.keys[2 * this.pos + 1] = b;
      this.ids[this.pos] = ids[i]!;
    }
  }
}
