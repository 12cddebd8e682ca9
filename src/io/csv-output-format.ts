/**
 * CsvOutputFormat: writes tuples as delimited text (Flink's CsvOutputFormat): each field as its
 * text, unquoted, fields joined by the field delimiter and rows ended by the row delimiter;
 * null/undefined fields are empty. Nested tuples print as Flink prints them, `(a,b)`.
 * `setQuoteStrings(true)` (Flink's option) wraps string fields in double quotes, doubling quotes
 * inside (RFC 4180), so `readCsvFile(...).parseQuotedStrings('"')` reads them back.
 * @example
 * ds.output(new CsvOutputFormat("/tmp/out.csv", "\n", "|", WriteMode.OVERWRITE));
 */
import { WriteMode } from "../common/enums.js";
import { InvalidProgramException } from "../common/errors.js";
import { formatRecord } from "../common/printing.js";
import { FileOutputFormat } from "./file-output-format.js";

export class CsvOutputFormat<T> extends FileOutputFormat<T> {
  private readonly rowDelimiter: string;
  private readonly fieldDelimiter: string;
  private quoteStrings = false;

  constructor(path: string, rowDelimiter = "\n", fieldDelimiter = ",", writeMode: WriteMode = WriteMode.NO_OVERWRITE) {
    super(path, writeMode);
    for (const [what, d] of [["row", rowDelimiter], ["field", fieldDelimiter]] as const) {
      if (typeof d !== "string" || d === "")
        throw new InvalidProgramException(`writeAsCsv('${path}'): the ${what} delimiter must be a non-empty string, got ${JSON.stringify(d)}`);
    }
    this.rowDelimiter = rowDelimiter;
    this.fieldDelimiter = fieldDelimiter;
  }

  /** Whether string fields are written quoted (default false, as Flink). */
  setQuoteStrings(quote: boolean): this {
    this.quoteStrings = quote;
    return this;
  }

  protected recordText(record: T): string {
    if (!Array.isArray(record)) {
      throw new InvalidProgramException(
        `writeAsCsv('${this.outputPath}') writes tuples (arrays) only, got ${formatRecord(record)}; map the records to tuples first`,
      );
    }
    let s = "";
    for (let i = 0; i < record.length; i++) {
      if (i > 0) s += this.fieldDelimiter;
      const v: unknown = record[i];
      if (typeof v === "string") s += this.quoteStrings ? quoted(v) : v;
      else if (v !== null && v !== undefined) s += formatRecord(v);
    }
    return s + this.rowDelimiter;
  }
}

function quoted(v: string): string {
  return v.includes('"') ? `"${v.replaceAll('"', '""')}"` : `"${v}"`;
}
