/**
 * Columnar file sources of ExecutionEnvironment (readParquet, readArrow): the format and the
 * source's name; the environment adds them as format sources, read in parallel like the other
 * file sources (Parquet by row group, Arrow by file).
 */
import { ArrowInputFormat } from "../io/columnar/arrow-input-format.js";
import { ParquetInputFormat, type ColumnarReadOptions } from "../io/columnar/parquet-input-format.js";

export function parquetSource<T>(path: string, options: ColumnarReadOptions | undefined): [ParquetInputFormat<T>, string] {
  return [new ParquetInputFormat<T>(path, options), `DataSource (readParquet ${path})`];
}
export function arrowSource<T>(path: string, options: ColumnarReadOptions | undefined): [ArrowInputFormat<T>, string] {
  return [new ArrowInputFormat<T>(path, options), `DataSource (readArrow ${path})`];
}
