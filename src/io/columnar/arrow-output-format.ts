/**
 * ArrowOutputFormat: writes records as Apache Arrow IPC, the file format (Feather v2) by
 * default or the stream format, uncompressed (flechette, pure JS). Kinds map to Arrow types:
 * int → Int32, double → Float64, bigint → Int64, string → Utf8, boolean → Bool,
 * timestamp → Timestamp(ms); every field nullable. A subtask's records are written as one
 * table when it closes (its columns are held until then). Paths, write modes and the staged
 * commit are those of every file sink (ColumnarOutputFormat).
 * @example
 * ds.output(new ArrowOutputFormat("/tmp/out.arrow", { id: "bigint" }, WriteMode.OVERWRITE, "stream"));
 */
import { writeFileSync } from "node:fs";
import type { Column, DataType } from "@uwdata/flechette";
import { flechetteLib, loadFlechetteLib } from "./libraries.js";
import { WriteMode } from "../../common/enums.js";
import { InvalidProgramException } from "../../common/errors.js";
import type { CanonicalKind, ColumnarSchema, ResolvedSchema } from "./columnar-schema.js";
import { ColumnarOutputFormat } from "./columnar-output-format.js";

/** The IPC layout: `"file"` (random access, footer) or `"stream"` (sequential). */
export type ArrowIpcFormat = "file" | "stream";

const ARROW_TYPE: Record<CanonicalKind, () => DataType> = {
  int: () => flechetteLib().int32(),
  double: () => flechetteLib().float64(),
  bigint: () => flechetteLib().int64(),
  string: () => flechetteLib().utf8(),
  boolean: () => flechetteLib().bool(),
  timestamp: () => flechetteLib().timestamp(),
};

export class ArrowOutputFormat<T> extends ColumnarOutputFormat<T> {
  private chunks: unknown[][] = [];

  constructor(
    path: string,
    schema?: ColumnarSchema | ResolvedSchema,
    writeMode: WriteMode = WriteMode.NO_OVERWRITE,
    private readonly ipcFormat: ArrowIpcFormat = "file",
  ) {
    super(path, schema, writeMode);
    if (ipcFormat !== "file" && ipcFormat !== "stream")
      throw new InvalidProgramException(`output '${path}': the Arrow IPC format is "file" or "stream", got ${String(ipcFormat)}`);
  }

  protected load(): Promise<void> {
    return loadFlechetteLib();
  }

  protected begin(schema: ResolvedSchema): void {
    this.chunks = schema.columns.map(() => []);
  }

  protected writeGroup(_schema: ResolvedSchema, columns: unknown[][]): void {
    columns.forEach((c, j) => {
      const all = this.chunks[j]!;
      for (let i = 0; i < c.length; i++) all.push(c[i]);
    });
  }

  protected end(): void {
    const schema = this.schema!;
    const columns: Record<string, Column<unknown>> = {};
    schema.columns.forEach((c, j) => {
      columns[c.name] = flechetteLib().columnFromArray(this.chunks[j]!, ARROW_TYPE[c.kind]()) as Column<unknown>;
    });
    this.chunks = [];
    const { tableToIPC, tableFromColumns } = flechetteLib();
    const bytes = tableToIPC(tableFromColumns(columns), { format: this.ipcFormat });
    writeFileSync(this.file, bytes ?? new Uint8Array(0));
  }
}
