/**
 * JsonLinesOutputFormat: one JSON value per line (https://jsonlines.org). Bigints, which JSON
 * has no form for, are written as decimal strings; undefined as null.
 * @example
 * ds.output(new JsonLinesOutputFormat("/tmp/out.jsonl", WriteMode.OVERWRITE));
 */
import { FileOutputFormat } from "./file-output-format.js";

export class JsonLinesOutputFormat<T> extends FileOutputFormat<T> {
  protected recordText(record: T): string {
    let text: string | undefined;
    try {
      text = JSON.stringify(record);
    } catch (e) {
      // Only bigints need the (slower) replacer; other errors (cycles) stay errors.
      if (!(e instanceof TypeError) || !/BigInt/i.test(e.message)) throw e;
      text = JSON.stringify(record, bigintAsString);
    }
    return (text ?? "null") + "\n";
  }
}

function bigintAsString(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? value.toString() : value;
}
