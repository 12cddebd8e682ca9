/**
 * File sinks of DataSet (writeAsText, writeAsFormattedText, writeAsCsv, writeAsJsonLines): each
 * adds a format sink whose FileOutputFormat checks the path before the job, stages its files and
 * commits them only when the whole job succeeded (io/file-output-format.ts).
 */
import { WriteMode } from "../common/enums.js";
import { InvalidProgramException } from "../common/errors.js";
import type { OutputFormat } from "../common/formats.js";
import type { TextFormatter } from "../common/functions.js";
import { describeShape, isTupleShape } from "../common/shape.js";
import { CsvOutputFormat } from "../io/csv-output-format.js";
import type { FileOutputFormat } from "../io/file-output-format.js";
import { JsonLinesOutputFormat } from "../io/json-lines-output-format.js";
import { TextOutputFormat } from "../io/text-output-format.js";
import type { DataSet } from "./data-set.js";
import type { DataSink } from "./data-sink.js";

export function writeAsText<T>(ds: DataSet<T>, path: string, mode: WriteMode): DataSink<T> {
  return addFileSink(ds, new TextOutputFormat<T>(path, mode), `TextOutputFormat (${path})`);
}
export function writeAsFormattedText<T>(ds: DataSet<T>, path: string, mode: WriteMode, f: TextFormatter<T>): DataSink<T> {
  return addFileSink(ds, new TextOutputFormat<T>(path, mode, f), `TextOutputFormat (${path})`);
}
/** Also accepts Flink's `writeAsCsv(path, writeMode)`. */
export function writeAsCsv<T>(ds: DataSet<T>, path: string, row: string, field: string, mode: WriteMode): DataSink<T> {
  if (isWriteMode(row) && field === ",") [row, mode] = ["\n", row];
  const shape = ds.node.shape;
  if (shape !== undefined && shape !== "any" && !isTupleShape(shape)) {
    throw new InvalidProgramException(
      `writeAsCsv('${path}'): only tuple (array) DataSets can be written as CSV, this one holds ${describeShape(shape)}; map the records to tuples first`,
    );
  }
  return addFileSink(ds, new CsvOutputFormat<T>(path, row, field, mode), `CsvOutputFormat (${path})`);
}
export function writeAsJsonLines<T>(ds: DataSet<T>, path: string, mode: WriteMode): DataSink<T> {
  return addFileSink(ds, new JsonLinesOutputFormat<T>(path, mode), `JsonLinesOutputFormat (${path})`);
}

function addFileSink<T>(ds: DataSet<T>, format: FileOutputFormat<T>, description: string): DataSink<T> {
  return ds.env.addSink(ds, { kind: "format", format: format as OutputFormat<unknown>, description }, `DataSink (${description})`);
}

function isWriteMode(v: unknown): v is WriteMode {
  return v === WriteMode.NO_OVERWRITE || v === WriteMode.OVERWRITE;
}
