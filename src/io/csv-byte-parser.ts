/**
 * The byte-level CSV path (issue 15): fields found in the read buffer and numbers parsed from
 * their bytes in the same pass, so a line is never decoded to a string and only the string
 * columns read are. It handles the plain case (a one-byte ASCII field delimiter that is not part
 * of a number, UTF-8, no field opening with the quote character); a number other than a plain
 * decimal of at most 15 digits goes to the string parser, and a line it cannot read goes back to
 * the string path (csv-line-parser.ts, csv-field-parsers.ts), which stays the definition of what
 * a line means and words every error with file, line and field.
 */
import { INVALID, type FieldParser } from "./csv-field-parsers.js";
import { utf8Text } from "./buffer-text.js";
import type { StringInterner } from "./string-interner.js";

/** How the byte path reads each output field (`CsvBytePlan.kindOf`). */
export const NUMBER = 0;
export const STRING = 1;
/** A kind parsed from its decoded text (bigint, boolean). */
export const PARSED = 2;

/** What `readCsvBytes` reads of a line. */
export interface CsvBytePlan {
  /** The field delimiter byte: not a digit, "-" or "." (numbers are scanned up to it). */
  readonly delim: number;
  /** The quote byte, or -1: a field opening with it goes to the string path. */
  readonly quote: number;
  /** Per column up to the last one read: the output index it fills, or -1 (skipped). */
  readonly slotOf: Int32Array;
  /** Per output index: NUMBER, STRING or PARSED. */
  readonly kindOf: Uint8Array;
  /** Per output index: the string path's parser (for a number the plain scan does not take). */
  readonly parsers: readonly FieldParser[];
  /** Per output index of a STRING: its column's interner (string-interner.ts). */
  readonly strings: readonly (StringInterner | undefined)[];
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** Whether `delim` can delimit the byte path's fields (a number's own bytes cannot). */
export function byteDelimiter(delim: number): boolean {
  return delim >= 0 && delim !== 45 && delim !== 46 && (delim < 48 || delim > 57);
}

/**
 * Reads the fields of `buf[start, end)` into `values` in one pass: fields split at the delimiter,
 * numbers parsed while they are scanned (`-?digits(.digits)?` with at most 15 digits in all, as
 * the correctly rounded value: the digits are exact, so is 10^k, and one division rounds once;
 * any other number text goes to the string parser), strings decoded through their column's
 * interner, the columns not read only scanned.
 * Returns false when the line needs the string path: a field opens with the quote, too few
 * fields, or a field the string parser rejects (the string path then words the error).
 */
export function readCsvBytes(buf: Buffer, start: number, end: number, plan: CsvBytePlan, values: unknown[]): boolean {
  const { delim, quote, slotOf, kindOf } = plan;
  const last = slotOf.length - 1;
  let fs = start;
  for (let c = 0; ; c++) {
    if (quote >= 0 && fs < end && buf[fs] === quote) return false;
    const slot = slotOf[c]!;
    let fe = fs;
    if (slot >= 0 && kindOf[slot] === NUMBER) {
      let negative = false;
      if (fe < end && buf[fe] === 45) {
        negative = true;
        fe++;
      }
      let m = 0;
      let digits = 0;
      let fraction = -1;
      let plain = true;
      for (; fe < end; fe++) {
        const b = buf[fe]!;
        if (b === delim) break;
        if (b >= 48 && b <= 57) {
          m = m * 10 + (b - 48);
          digits++;
          if (fraction >= 0) fraction++;
        } else if (b === 46 && fraction < 0 && digits > 0) fraction = 0;
        else {
          plain = false;
          break;
        }
      }
      if (plain && digits > 0 && digits <= 15 && fraction !== 0) {
        const v = fraction > 0 ? m / POW10[fraction]! : m;
        values[slot] = negative ? -v : v;
      } else {
        while (fe < end && buf[fe] !== delim) fe++;
        const v = plan.parsers[slot]!(utf8Text(buf, fs, fe));
        if (v === INVALID) return false;
        values[slot] = v;
      }
    } else {
      while (fe < end && buf[fe] !== delim) fe++;
      if (slot >= 0) {
        if (kindOf[slot] === STRING) values[slot] = plan.strings[slot]!.decode(buf, fs, fe);
        else {
          const v = plan.parsers[slot]!(utf8Text(buf, fs, fe));
          if (v === INVALID) return false;
          values[slot] = v;
        }
      }
    }
    if (c === last) return true;
    if (fe >= end) return false;
    fs = fe + 1;
  }
}
