/** File sources of ExecutionEnvironment (readTextFile, readCsvFile, readJsonLines). */
import { InvalidProgramException } from "../common/errors.js";
import type { DataSet } from "./data-set.js";
import type { ExecutionEnvironment } from "./execution-environment.js";

export type CsvReaderType = never;

function pending(what: string): never {
  throw new InvalidProgramException(`${what} is not available yet`);
}
export function readTextFile(_env: ExecutionEnvironment, _path: string, _charset: BufferEncoding): DataSet<string> {
  return pending("readTextFile");
}
export function readCsvFile(_env: ExecutionEnvironment, _path: string): CsvReaderType {
  return pending("readCsvFile");
}
export function readJsonLines<T>(_env: ExecutionEnvironment, _path: string): DataSet<T> {
  return pending("readJsonLines");
}
