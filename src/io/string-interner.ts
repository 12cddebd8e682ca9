/**
 * Short ASCII fields decoded from a read buffer, deduplicated per column: equal bytes give the
 * same string object, as a dictionary-encoded column would. A low-cardinality column (countries,
 * codes, flags) then holds a few hundred strings instead of one per record: less memory, and a
 * key that is such a field finds its string (and its cached hash) in cache instead of a miss per
 * record (csv-job: the grouping key's string leaf). Strings are values in JS, so which object
 * holds the text is not observable. A column whose fields rarely repeat (names, ids) turns the
 * table off after its first lookups and decodes as before.
 *
 * @example
 * const interner = new StringInterner();
 * const buf = Buffer.from("C031,C031");
 * const [a, b] = [interner.decode(buf, 0, 4), interner.decode(buf, 5, 9)]; // "C031" twice, one string in the heap
 */
import { latin1Text, utf8Text } from "./buffer-text.js";

/**
 * Slots of the table (a power of two): open addressing over PROBES slots from a field's hash, so
 * a column of ~1,000 values keeps them all (direct-mapped, 1,024 slots kept ~60% of 1,000 values:
 * two values in one slot evicted each other on every line that alternated them).
 */
const SLOTS = 4096;
const PROBES = 4;
/** Longest field looked up, in bytes; longer ones are decoded as they are. */
const MAX_BYTES = 32;
/** Lookups after which the hit rate is judged, and the share of hits that keeps the table on. */
const TRIAL = 4096;
const MIN_HIT_SHARE = 0.25;

export class StringInterner {
  private readonly table: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);
  /** Each slot's field hash, to skip the byte comparison of another field's slot. */
  private readonly hashes = new Int32Array(SLOTS);
  private lookups = 0;
  private hits = 0;
  private on = true;

  /** The text of `buf[start, end)` (UTF-8), the same string as an earlier equal field where the table still has it. */
  decode(buf: Buffer, start: number, end: number): string {
    const n = end - start;
    if (!this.on || n > MAX_BYTES || n === 0) return utf8Text(buf, start, end);
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) {
      const b = buf[i]!;
      if (b >= 0x80) return utf8Text(buf, start, end);
      h = Math.imul(h ^ b, 0x01000193);
    }
    h ^= h >>> 15;
    const table = this.table;
    const hashes = this.hashes;
    let free = -1;
    for (let k = 0, at = h & (SLOTS - 1); k < PROBES; k++, at = (at + 1) & (SLOTS - 1)) {
      const known = table[at];
      if (known === undefined) {
        free = at;
        break;
      }
      if (hashes[at] === h && known.length === n && sameAscii(known, buf, start)) {
        this.hits++;
        this.count();
        return known;
      }
    }
    const s = latin1Text(buf, start, end); // ASCII: latin1 is the same text, decoded faster
    // A full neighbourhood keeps what it has: the values that came first stay found.
    if (free >= 0) {
      table[free] = s;
      hashes[free] = h;
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

/** Whether the ASCII string `s` is the bytes at `buf[start, start + s.length)`. */
function sameAscii(s: string, buf: Buffer, start: number): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) !== buf[start + i]) return false;
  return true;
}
