/**
 * TextInputFormat: one string per line (Flink's TextInputFormat), in the given charset; with the
 * default "\n" delimiter a trailing "\r" is dropped, so Windows files read the same.
 * @example
 * env.createInput(new TextInputFormat("/data/book.txt").setCharset("latin1"));
 */
import { DelimitedInputFormat } from "./delimited-input-format.js";

export class TextInputFormat extends DelimitedInputFormat<string> {
  readonly shape = "string";

  protected readRecord(line: string): string {
    return line;
  }
}
