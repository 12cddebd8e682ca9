/**
 * Splits one CSV line into fields. Delimiters may have any length. With a quote character
 * (RFC 4180, as API.md's parseQuotedStrings): a field that starts with the quote runs to the
 * closing quote, a doubled quote inside is one quote, delimiters inside are data, and after the
 * closing quote comes a delimiter or the end of the line. A quote inside an unquoted field is data
 * (as Flink). Records are lines, as in Flink's CsvInputFormat, so a quoted field cannot span lines.
 * Only the first `maxFields` fields are split; the rest of the line is ignored (as Flink).
 */
import { RecordError } from "./io-errors.js";

export interface CsvLineSyntax {
  readonly fieldDelimiter: string;
  /** The quote character, or undefined when quoted strings are not parsed. */
  readonly quote: string | undefined;
}

/**
 * Fills `out` with up to `maxFields` fields of `line`; returns how many it found.
 * Throws RecordError (1-based field) for an unterminated quote or text after a closing quote.
 */
export function splitCsvLine(line: string, syntax: CsvLineSyntax, maxFields: number, out: string[]): number {
  const delim = syntax.fieldDelimiter;
  const quote = syntax.quote;
  if (quote === undefined || line.indexOf(quote) < 0) return splitPlain(line, delim, maxFields, out);
  const dl = delim.length;
  const q = quote.charCodeAt(0);
  const n = line.length;
  let i = 0;
  let count = 0;
  while (count < maxFields) {
    if (line.charCodeAt(i) !== q) {
      const d = line.indexOf(delim, i);
      out[count++] = d < 0 ? line.slice(i) : line.slice(i, d);
      if (d < 0) return count;
      i = d + dl;
      continue;
    }
    const field = count + 1;
    let value = "";
    let from = i + 1;
    while (true) {
      const close = line.indexOf(quote, from);
      if (close < 0) throw new RecordError(`unterminated quote: field ${field} opens a quoted string that does not close before the end of the line`, field);
      if (line.charCodeAt(close + 1) === q) {
        value += line.slice(from, close + 1);
        from = close + 2;
        continue;
      }
      value += line.slice(from, close);
      i = close + 1;
      break;
    }
    out[count++] = value;
    if (i === n) return count;
    if (!line.startsWith(delim, i)) {
      throw new RecordError(
        `unexpected text after the closing quote of field ${field}: ${JSON.stringify(line.slice(i, i + 20))} (expected the field delimiter ${JSON.stringify(delim)} or the end of the line)`,
        field,
      );
    }
    i += dl;
  }
  return count;
}

/** The common case: no quotes, so fields are the text between delimiters. */
function splitPlain(line: string, delim: string, maxFields: number, out: string[]): number {
  const dl = delim.length;
  let i = 0;
  let count = 0;
  while (count < maxFields) {
    const d = line.indexOf(delim, i);
    if (d < 0) {
      out[count++] = line.slice(i);
      return count;
    }
    out[count++] = line.slice(i, d);
    i = d + dl;
  }
  return count;
}
