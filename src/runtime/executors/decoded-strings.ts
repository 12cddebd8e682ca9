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
import { stringHash } from "../hash/string-table.js";

const SLOTS = 4096;
const PROBES = 4;
/** Longest string looked up; longer ones stay as they are. */
const MAX_LENGTH = 32;
/** Fields (tuple positions) with a table; later positions stay as they are. */
const MAX_FIELDS = 16;
/** Lookups after which a field's hit rate is judged, and the share of hits that keeps its table. */
const TRIAL = 4096;
const MIN_HIT_SHARE = 0.25;

/** One field's table: open addressing over PROBES slots from the string's hash. */
class FieldStrings {
  readonly table: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);
  readonly hashes = new Int32Array(SLOTS);
  lookups = 0;
  hits = 0;
  /** Hits over the table's life. */
  found = 0;
  on = true;

  /** The string kept for `s`'s text, or `s` (kept, when its neighbourhood has room). */
  intern(s: string): string {
    const h = stringHash(s);
    const { table, hashes } = this;
    let free = -1;
    for (let k = 0, at = h & (SLOTS - 1); k < PROBES; k++, at = (at + 1) & (SLOTS - 1)) {
      const known = table[at];
      if (known === undefined) {
        free = at;
        break;
      }
      if (hashes[at] === h && known === s) {
        this.hits++;
        this.found++;
        this.count();
        return known;
      }
    }
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
