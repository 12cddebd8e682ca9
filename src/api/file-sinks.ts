/** File sinks of DataSet (writeAsText, writeAsFormattedText, writeAsCsv, writeAsJsonLines). */
import type { WriteMode } from "../common/enums.js";
import { InvalidProgramException } from "../common/errors.js";
import type { TextFormatter } from "../common/functions.js";
import type { DataSet } from "./data-set.js";
import type { DataSink } from "./data-sink.js";

function pending(what: string): never {
  throw new InvalidProgramException(`${what} is not available yet`);
}
export function writeAsText<T>(_ds: DataSet<T>, _path: string, _mode: WriteMode): DataSink<T> {
  return pending("writeAsText");
}
export function writeAsFormattedText<T>(_ds: DataSet<T>, _path: string, _mode: WriteMode, _f: TextFormatter<T>): DataSink<T> {
  return pending("writeAsFormattedText");
}
export function writeAsCsv<T>(_ds: DataSet<T>, _path: string, _row: string, _field: string, _mode: WriteMode): DataSink<T> {
  return pending("writeAsCsv");
}
export function writeAsJsonLines<T>(_ds: DataSet<T>, _path: string, _mode: WriteMode): DataSink<T> {
  return pending("writeAsJsonLines");
}
