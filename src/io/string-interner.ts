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
import { INTERN_PROBES, INTERN_SLOTS, InternTable } from "../common/intern-table.js";

/** Longest field looked up, in bytes; longer ones are decoded as they are. */
const MAX_BYTES = 32;

export class StringInterner extends InternTable {
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
    for (let k = 0, at = h & (INTERN_SLOTS - 1); k < INTERN_PROBES; k++, at = (at + 1) & (INTERN_SLOTS - 1)) {
      const known = table[at];
      if (known === undefined) {
        free = at;
        break;
      }
      if (hashes[at] === h && known.length === n && sameAscii(known, buf, start)) return this.hit(known);
    }
    // ASCII: latin1 is the same text, decoded faster.
    return this.miss(latin1Text(buf, start, end), h, free);
  }
}

/** Whether the ASCII string `s` is the bytes at `buf[start, start + s.length)`. */
function sameAscii(s: string, buf: Buffer, start: number): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) !== buf[start + i]) return false;
  return true;
}
