/**
 * The table behind the string interners (io/string-interner.ts for CSV fields decoded from bytes,
 * runtime/executors/decoded-strings.ts for strings of decoded batches): equal texts give one string
 * object. Open addressing over INTERN_PROBES slots from the text's hash, so a column of ~1,000 values
 * keeps them all (direct-mapped, 1,024 slots kept ~60% of 1,000 values: two values in one slot
 * evicted each other on every line that alternated them); a full neighbourhood keeps what it has,
 * so the values that came first stay found. A column whose texts rarely repeat turns the table off
 * after its first lookups. Each interner probes with its own comparison (bytes against a string, or
 * string against string) and reports the outcome through `hit` and `miss`.
 *
 * @example
 * class Words extends InternTable {
 *   intern(s: string, h: number): string {
 *     let free = -1;
 *     for (let k = 0, at = h & (INTERN_SLOTS - 1); k < INTERN_PROBES; k++, at = (at + 1) & (INTERN_SLOTS - 1)) {
 *       const known = this.table[at];
 *       if (known === undefined) { free = at; break; }
 *       if (this.hashes[at] === h && known === s) return this.hit(known);
 *     }
 *     return this.miss(s, h, free);
 *   }
 * }
 */

/** Slots of the table (a power of two). */
export const INTERN_SLOTS = 4096;
/** Slots a lookup probes from its hash. */
export const INTERN_PROBES = 4;
/** Lookups after which the hit rate is judged, and the share of hits that keeps the table on. */
const TRIAL = 4096;
const MIN_HIT_SHARE = 0.25;

export class InternTable {
  readonly table: (string | undefined)[] = new Array<string | undefined>(INTERN_SLOTS).fill(undefined);
  /** Each slot's text hash, to skip comparing another text's slot. */
  readonly hashes = new Int32Array(INTERN_SLOTS);
  /** Whether lookups still go through the table. */
  on = true;
  /** Hits over the table's life. */
  found = 0;
  private lookups = 0;
  private hits = 0;

  /** A lookup found `known`: counted, and returned. */
  protected hit(known: string): string {
    this.hits++;
    this.found++;
    this.count();
    return known;
  }

  /** A lookup of `s` (hash `h`) found nothing: `s` is kept in slot `free` (none when -1), counted, and returned. */
  protected miss(s: string, h: number, free: number): string {
    if (free >= 0) {
      this.table[free] = s;
      this.hashes[free] = h;
    }
    this.count();
    return s;
  }

  private count(): void {
    if (++this.lookups < TRIAL) return;
    if (this.hits < this.lookups * MIN_HIT_SHARE) {
      this.on = false;
      this.table.fill(undefined);
    }
    this.lookups = 0;
    this.hits = 0;
  }
}
