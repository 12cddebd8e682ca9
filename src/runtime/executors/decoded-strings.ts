/**
 * Strings of decoded tuple batches, deduplicated per field: msgpackr gives every decoded string its
 * own object, so a broadcast dimension table's country field arrives as 100,000 strings where the
 * CSV reader's interner (io/string-interner.ts) had a few hundred. A key on such a field then
 * reads a cold string per record (its hash, its characters) instead of one of a few hot ones:
 * csv-job's join and group on 100k decoded users took 1.14-1.26 s against 0.81-0.85 s with their
 * strings deduplicated (the same job on the CSV's own records: 0.80-0.86 s). Strings are values in
 * JavaScript, so which object holds the text is not observable. A field whose strings rarely repeat
 * (names, ids) turns its table off after its first lookups.
 *
 * @example
 * const strings = new DecodedStrings();
 * const batch = [[1, "C031"], [2, "C031"]]; // two "C031" objects, as decoded
 * strings.dedupe(batch); // batch[1][1] is now batch[0][1]
 */
import { INTERN_PROBES, INTERN_SLOTS, InternTable } from "../../common/intern-table.js";
import { stringHash } from "../hash/string-table.js";

/** Longest string looked up; longer ones stay as they are. */
const MAX_LENGTH = 32;
/** Fields (tuple positions) with a table; later positions stay as they are. */
const MAX_FIELDS = 16;

/** One field's table (common/intern-table.ts). */
class FieldStrings extends InternTable {
  /** The string kept for `s`'s text, or `s` (kept, when its neighbourhood has room). */
  intern(s: string): string {
    const h = stringHash(s);
    const { table, hashes } = this;
    let free = -1;
    for (let k = 0, at = h & (INTERN_SLOTS - 1); k < INTERN_PROBES; k++, at = (at + 1) & (INTERN_SLOTS - 1)) {
      const known = table[at];
      if (known === undefined) {
        free = at;
        break;
      }
      if (hashes[at] === h && known === s) return this.hit(known);
    }
    return this.miss(s, h, free);
  }
}

/** Per-field string tables for the batches one reader decodes (one input of a subtask). */
export class DecodedStrings {
  private readonly fields: (FieldStrings | undefined)[] = [];
  /** Strings replaced by an equal one seen before (for tests and traces). */
  get deduped(): number {
    let n = 0;
    for (const t of this.fields) n += t?.found ?? 0;
    return n;
  }

  /** Replaces each short string field of the tuple records in `batch` by the one kept for its text. */
  dedupe(batch: unknown[]): void {
    const fields = this.fields;
    for (let i = 0; i < batch.length; i++) {
      const r = batch[i];
      if (!Array.isArray(r)) continue;
      const n = Math.min(r.length, MAX_FIELDS);
      for (let f = 0; f < n; f++) {
        const v: unknown = r[f];
        if (typeof v !== "string" || v.length > MAX_LENGTH) continue;
        const t = fields[f] ?? (fields[f] = new FieldStrings());
        if (t.on) r[f] = t.intern(v);
      }
    }
  }
}
