/**
 * TextOutputFormat: one line per record (Flink's TextOutputFormat). A record is written as Flink
 * prints it (`formatRecord`: tuples as `(a,b)`, strings as themselves), or through a TextFormatter
 * (writeAsFormattedText).
 * @example
 * ds.output(new TextOutputFormat("/tmp/out.txt", WriteMode.OVERWRITE));
 */
import { WriteMode } from "../common/enums.js";
import { InvalidProgramException } from "../common/errors.js";
import type { TextFormatter } from "../common/functions.js";
import { formatRecord } from "../common/printing.js";
import { FileOutputFormat } from "./file-output-format.js";

export class TextOutputFormat<T> extends FileOutputFormat<T> {
  private formatter: TextFormatter<T> | undefined;

  constructor(path: string, writeMode: WriteMode = WriteMode.NO_OVERWRITE, formatter?: TextFormatter<T>) {
    super(path, writeMode);
    if (formatter !== undefined) this.setFormatter(formatter);
  }

  /** Formats each record with `formatter` instead of Flink's record text. */
  setFormatter(formatter: TextFormatter<T>): this {
    if (typeof formatter !== "function" && (formatter === null || typeof formatter !== "object" || typeof formatter.format !== "function")) {
      throw new InvalidProgramException(
        `writeAsFormattedText('${this.outputPath}'): expected a TextFormatter (a function or an object with 'format'), got ${formatter === null ? "null" : typeof formatter}`,
      );
    }
    this.formatter = formatter;
    return this;
  }

  protected recordText(record: T): string {
    const f = this.formatter;
    if (f === undefined) return formatRecord(record) + "\n";
    const text = typeof f === "function" ? f(record) : f.format(record);
    return String(text) + "\n";
  }
}
