/**
 * ParquetOutputFormat: writes records as Apache Parquet (hyparquet-writer, pure JS), one row
 * group per `groupSize` records, Snappy-compressed, every column OPTIONAL (nullable). Kinds map
 * to Parquet types: int → INT32, double → DOUBLE, bigint → INT64, string → BYTE_ARRAY (UTF8),
 * boolean → BOOLEAN, timestamp → INT64 TIMESTAMP_MILLIS. Paths, write modes and the staged
 * commit are those of every file sink (ColumnarOutputFormat).
 * @example
 * ds.output(new ParquetOutputFormat("/tmp/out.parquet", { id: "bigint", name: "string" }, WriteMode.OVERWRITE));
 */
import type { BasicType, ParquetWriter } from "hyparquet-writer";
import { loadParquetWriterLib, parquetWriterLib } from "./libraries.js";
import { WriteMode } from "../../common/enums.js";
import type { CanonicalKind, ColumnarSchema, ResolvedSchema } from "./columnar-schema.js";
import { ColumnarOutputFormat } from "./columnar-output-format.js";

const PARQUET_TYPE: Record<CanonicalKind, BasicType> = {
  int: "INT32",
  double: "DOUBLE",
  bigint: "INT64",
  string: "STRING",
  boolean: "BOOLEAN",
  timestamp: "TIMESTAMP",
};

export class ParquetOutputFormat<T> extends ColumnarOutputFormat<T> {
  private writer: ParquetWriter | undefined;

  constructor(path: string, schema?: ColumnarSchema | ResolvedSchema, writeMode: WriteMode = WriteMode.NO_OVERWRITE, rowGroupSize = 100_000) {
    super(path, schema, writeMode, rowGroupSize);
  }

  protected load(): Promise<void> {
    return loadParquetWriterLib();
  }

  protected begin(schema: ResolvedSchema): void {
    const { ParquetWriter, fileWriter, schemaFromColumnData } = parquetWriterLib();
    const columnData = schema.columns.map((c) => ({ name: c.name, data: [], type: PARQUET_TYPE[c.kind], nullable: true }));
    this.writer = new ParquetWriter({ writer: fileWriter(this.file), schema: schemaFromColumnData({ columnData }), createdBy: "sluice (hyparquet-writer)" });
  }

  protected writeGroup(schema: ResolvedSchema, columns: unknown[][], rows: number): void {
    const columnData = schema.columns.map((c, j) => ({ name: c.name, data: columns[j]!, type: PARQUET_TYPE[c.kind], nullable: true }));
    // ParquetWriter.write is synchronous with a synchronous file writer.
    void this.writer!.write({ columnData, rowGroupSize: rows });
  }

  protected end(): void {
    void this.writer?.finish();
    this.writer = undefined;
  }
}
