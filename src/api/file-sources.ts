/**
 * File sources of ExecutionEnvironment (readTextFile, readCsvFile, readJsonLines): each is a
 * format source (io/) read in parallel, one byte-range split per subtask read at a time.
 */
import { JsonLinesInputFormat } from "../io/json-lines-input-format.js";
import { TextInputFormat } from "../io/text-input-format.js";
import { CsvReader } from "./csv-reader.js";
import type { DataSet } from "./data-set.js";
import type { ExecutionEnvironment } from "./execution-environment.js";

export type CsvReaderType = CsvReader;

export function readTextFile(env: ExecutionEnvironment, path: string, charset: BufferEncoding): DataSet<string> {
  const format = new TextInputFormat(path).setCharset(charset);
  return env.createInput(format, `DataSource (readTextFile ${path})`);
}
export function readCsvFile(env: ExecutionEnvironment, path: string): CsvReaderType {
  return new CsvReader(env, path);
}
export function readJsonLines<T>(env: ExecutionEnvironment, path: string): DataSet<T> {
  return env.createInput(new JsonLinesInputFormat<T>(path), `DataSource (readJsonLines ${path})`);
}
