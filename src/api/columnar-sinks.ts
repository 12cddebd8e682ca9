/**
 * Columnar file sinks of DataSet (writeAsParquet, writeAsArrow, writeAsArrowStream): format
 * sinks with the path rules, write modes and staged commit of every file sink. The schema is the
 * one given, else the DataSet's known shape (`returns(...)`, collections), else inferred by each
 * subtask from its first records (io/columnar/columnar-schema.ts).
 */
import { WriteMode } from "../common/enums.js";
import type { OutputFormat } from "../common/formats.js";
import { ArrowOutputFormat, type ArrowIpcFormat } from "../io/columnar/arrow-output-format.js";
import { resolveSchema, schemaFromShape, type ColumnarSchema, type ResolvedSchema } from "../io/columnar/columnar-schema.js";
import { ParquetOutputFormat } from "../io/columnar/parquet-output-format.js";
import type { DataSet } from "./data-set.js";
import type { DataSink } from "./data-sink.js";

export function writeAsParquet<T>(ds: DataSet<T>, path: string, a: ColumnarSchema | WriteMode | undefined, b: WriteMode | undefined): DataSink<T> {
  const [schema, mode] = schemaAndMode(ds, path, a, b, "writeAsParquet");
  return addSink(ds, new ParquetOutputFormat<T>(path, schema, mode), `ParquetOutputFormat (${path})`);
}
export function writeAsArrow<T>(ds: DataSet<T>, path: string, a: ColumnarSchema | WriteMode | undefined, b: WriteMode | undefined, ipc: ArrowIpcFormat): DataSink<T> {
  const [schema, mode] = schemaAndMode(ds, path, a, b, ipc === "file" ? "writeAsArrow" : "writeAsArrowStream");
  return addSink(ds, new ArrowOutputFormat<T>(path, schema, mode, ipc), `ArrowOutputFormat (${ipc}, ${path})`);
}

function schemaAndMode<T>(ds: DataSet<T>, path: string, a: ColumnarSchema | WriteMode | undefined, b: WriteMode | undefined, method: string): [ResolvedSchema | undefined, WriteMode] {
  const modeFirst = a === WriteMode.NO_OVERWRITE || a === WriteMode.OVERWRITE;
  const given = modeFirst || a === undefined ? undefined : resolveSchema(a as ColumnarSchema, `${method}('${path}')`);
  const mode = modeFirst ? (a as WriteMode) : (b ?? WriteMode.NO_OVERWRITE);
  const shape = ds.node.shape;
  return [given ?? schemaFromShape(shape === "any" ? undefined : shape), mode];
}

function addSink<T>(ds: DataSet<T>, format: OutputFormat<T>, description: string): DataSink<T> {
  return ds.env.addSink(ds, { kind: "format", format: format as OutputFormat<unknown>, description }, `DataSink (${description})`);
}
