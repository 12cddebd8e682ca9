/**
 * The byte-level CSV path (issue 15): fields found in the read buffer and numbers parsed from
 * their bytes, so a line is never decoded to a string and only the string columns read are.
 * It handles the plain case only (a one-byte ASCII field delimiter, UTF-8, no field opening with
 * the quote character, decimal numbers of at most 15 digits); anything else it hands back to the
 * string path (csv-line-parser.ts, csv-field-parsers.ts), which stays the definition of what a
 * line means and words every error with file, line and field.
 */

/** Returned when the line (or a field) needs the string path. */
export const SLOW = -1;

/**
 * Fills `starts`/`ends` with the byte ranges of up to `maxFields` fields of `buf[start, end)`
 * split at byte `delim`; returns how many it found, or SLOW when a field opens with `quote`
 * (-1: none).
 */
export function splitCsvBytes(
  buf: Buffer, start: number, end: number, delim: number, quote: number, maxFields: number, starts: Int32Array, ends: Int32Array,
): number {
  let count = 0;
  let fieldStart = start;
  if (maxFields === 0) return 0;
  if (quote >= 0 && start < end && buf[start] === quote) return SLOW;
  for (let i = start; i < end; i++) {
    if (buf[i] !== delim) continue;
    starts[count] = fieldStart;
    ends[count] = i;
    if (++count === maxFields) return count;
    fieldStart = i + 1;
    if (quote >= 0 && fieldStart < end && buf[fieldStart] === quote) return SLOW;
  }
  starts[count] = fieldStart;
  ends[count] = end;
  return count + 1;
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * `-?digits(.digits)?` with at most 15 digits in all, as a number (the correctly rounded value:
 * the digits are exact, so is 10^k, and one division rounds once), or undefined for anything
 * else (the string parser decides).
 */
export function parseDecimalBytes(buf: Buffer, s: number, e: number): number | undefined {
  let i = s;
  const negative = i < e && buf[i] === 45;
  if (negative) i++;
  if (i >= e) return undefined;
  let m = 0;
  let digits = 0;
  let fraction = -1;
  for (; i < e; i++) {
    const c = buf[i]!;
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits++;
      if (fraction >= 0) fraction++;
    } else if (c === 46 && fraction < 0 && digits > 0) {
      fraction = 0;
    } else return undefined;
  }
  if (digits > 15 || fraction === 0) return undefined;
  const v = fraction > 0 ? m / POW10[fraction]! : m;
  return negative ? -v : v;
}
