/**
 * Columnar file sinks of DataSet (writeAsParquet, writeAsArrow, writeAsArrowStream): the format
 * sink to add, with the path rules, write modes and staged commit of every file sink. The schema
 * is the one given, else the DataSet's known shape (`returns(...)`, collections), else inferred by
 * each subtask from its first records (io/columnar/columnar-schema.ts).
 */
import { WriteMode } from "../common/enums.js";
import type { OutputFormat } from "../common/formats.js";
import type { Shape } from "../common/shape.js";
import type { SinkDescriptor } from "../plan/descriptors.js";

/** A format sink descriptor. */
export type FormatSink = Extract<SinkDescriptor, { kind: "format" }>;
import { ArrowOutputFormat, type ArrowIpcFormat } from "../io/columnar/arrow-output-format.js";
import { resolveSchema, schemaFromShape, type ColumnarSchema, type ResolvedSchema } from "../io/columnar/columnar-schema.js";
import { ParquetOutputFormat } from "../io/columnar/parquet-output-format.js";

export function parquetSink(path: string, shape: Shape | undefined, a: ColumnarSchema | WriteMode | undefined, b: WriteMode | undefined): FormatSink {
  const [schema, mode] = schemaAndMode(shape, path, a, b, "writeAsParquet");
  return descriptor(new ParquetOutputFormat(path, schema, mode), `ParquetOutputFormat (${path})`);
}
export function arrowSink(
  path: string, shape: Shape | undefined, a: ColumnarSchema | WriteMode | undefined, b: WriteMode | undefined, ipc: ArrowIpcFormat,
): FormatSink {
  const [schema, mode] = schemaAndMode(shape, path, a, b, ipc === "file" ? "writeAsArrow" : "writeAsArrowStream");
  return descriptor(new ArrowOutputFormat(path, schema, mode, ipc), `ArrowOutputFormat (${ipc}, ${path})`);
}

function schemaAndMode(
  shape: Shape | undefined, path: string, a: ColumnarSchema | WriteMode | undefined, b: WriteMode | undefined, method: string,
): [ResolvedSchema | undefined, WriteMode] {
  const modeFirst = a === WriteMode.NO_OVERWRITE || a === WriteMode.OVERWRITE;
  const given = modeFirst || a === undefined ? undefined : resolveSchema(a as ColumnarSchema, `${method}('${path}')`);
  const mode = modeFirst ? (a as WriteMode) : (b ?? WriteMode.NO_OVERWRITE);
  return [given ?? schemaFromShape(shape === "any" ? undefined : shape), mode];
}

function descriptor(format: OutputFormat<unknown>, description: string): FormatSink {
  return { kind: "format", format, description };
}
