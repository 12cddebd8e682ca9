/**
 * Columnar file sources of ExecutionEnvironment (readParquet, readArrow): format sources read in
 * parallel like the other file sources (Parquet by row group, Arrow by file).
 */
import { ArrowInputFormat } from "../io/columnar/arrow-input-format.js";
import { ParquetInputFormat, type ColumnarReadOptions } from "../io/columnar/parquet-input-format.js";
import type { DataSet } from "./data-set.js";
import type { ExecutionEnvironment } from "./execution-environment.js";

export function readParquet<T>(env: ExecutionEnvironment, path: string, options: ColumnarReadOptions | undefined): DataSet<T> {
  return env.createInput(new ParquetInputFormat<T>(path, options), `DataSource (readParquet ${path})`);
}
export function readArrow<T>(env: ExecutionEnvironment, path: string, options: ColumnarReadOptions | undefined): DataSet<T> {
  return env.createInput(new ArrowInputFormat<T>(path, options), `DataSource (readArrow ${path})`);
}
