/**
 * JsonLinesInputFormat: one JSON value per line (https://jsonlines.org). Blank lines are skipped;
 * a line that is not JSON fails the job naming the file and the line.
 * @example
 * const events = env.createInput(new JsonLinesInputFormat<{ id: number }>("/data/events.jsonl"));
 */
import { DelimitedInputFormat } from "./delimited-input-format.js";
import { RecordError } from "./io-errors.js";

export class JsonLinesInputFormat<T = unknown> extends DelimitedInputFormat<T> {
  protected readRecord(line: string): T | undefined {
    if (isBlank(line)) return undefined;
    try {
      return JSON.parse(line) as T;
    } catch (e) {
      throw new RecordError(`not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}
