/**
 * ParquetInputFormat: reads Apache Parquet files (hyparquet, pure JS; Snappy, Gzip, Zstd, Brotli
 * and LZ4 through hyparquet-compressors). Splits are row groups: createInputSplits reads each
 * file's footer and makes one split per row group, so p subtasks read p row groups at a time,
 * as Flink's ParquetInputFormat does. A directory reads its files (names starting with `.` or
 * `_` skipped). Values: INT32/FLOAT/DOUBLE → number, INT64 → bigint, strings, booleans,
 * timestamps and dates → Date (millisecond precision), null → null. Records are objects
 * (column → value), or tuples in column order with `{ as: "tuples" }`.
 * @example
 * const rows = env.createInput(new ParquetInputFormat<{ id: bigint; name: string }>("/data/people.parquet"));
 */
import { open, type FileHandle } from "node:fs/promises";
import type { AsyncBuffer, FileMetaData } from "hyparquet";
import { loadCompressors, loadHyparquet } from "./libraries.js";
import { InvalidProgramException } from "../../common/errors.js";
import type { InputFormat } from "../../common/formats.js";
import type { FileInputSplit } from "../file-input-format.js";
import { listInputFiles } from "../input-files.js";
import { FileSystemError, fsError } from "../io-errors.js";
import { localPath } from "../local-path.js";

/** How records come out of a columnar source. */
export interface ColumnarReadOptions {
  /** Only these columns, in this order (default: all, in file order). */
  readonly columns?: readonly string[];
  /** `"objects"` (default): `{ column: value }`; `"tuples"`: arrays in column order. */
  readonly as?: "objects" | "tuples";
}

/** One row group of one Parquet file. */
export interface ParquetRowGroupSplit extends FileInputSplit {
  readonly rowGroup: number;
  readonly rowStart: number;
  readonly rowEnd: number;
}

export class ParquetInputFormat<T = Record<string, unknown>> implements InputFormat<T, ParquetRowGroupSplit> {
  private readonly columns: string[] | undefined;
  private readonly tuples: boolean;
  private handle: FileHandle | undefined;
  private rows: T[] = [];
  private next = 0;

  private readonly filePath: string;

  constructor(filePath: string, options: ColumnarReadOptions = {}) {
    ({ filePath: this.filePath, columns: this.columns, tuples: this.tuples } = resolveColumnarSource(filePath, options, "ParquetInputFormat", "readParquet"));
  }

  getFilePath(): string {
    return this.filePath;
  }

  async createInputSplits(_minNumSplits: number): Promise<ParquetRowGroupSplit[]> {
    const splits: ParquetRowGroupSplit[] = [];
    for (const f of await listInputFiles(this.filePath, false)) {
      const handle = await openFile(f.path);
      try {
        const metadata = await readMetadata(f.path, handle, f.size);
        this.checkColumns(metadata, f.path);
        let rowStart = 0;
        metadata.row_groups.forEach((g, rowGroup) => {
          const rows = Number(g.num_rows);
          const start = Math.min(...g.columns.map((c) => Number(c.meta_data?.dictionary_page_offset ?? c.meta_data?.data_page_offset ?? 0)));
          const length = g.columns.reduce((s, c) => s + Number(c.meta_data?.total_compressed_size ?? 0), 0);
          splits.push({ splitNumber: splits.length, path: f.path, start, length, rowGroup, rowStart, rowEnd: rowStart + rows });
          rowStart += rows;
        });
      } finally {
        await handle.close();
      }
    }
    return splits;
  }

  async open(split: ParquetRowGroupSplit): Promise<void> {
    this.handle = await openFile(split.path);
    const size = (await this.handle.stat()).size;
    const file = bufferOf(this.handle, size);
    const metadata = await readMetadata(split.path, this.handle, size);
    const [{ parquetRead }, { compressors }] = await Promise.all([loadHyparquet(), loadCompressors()]);
    try {
      await parquetRead({
        file,
        metadata,
        compressors,
        rowStart: split.rowStart,
        rowEnd: split.rowEnd,
        ...(this.columns ? { columns: this.columns } : {}),
        ...(this.tuples ? { rowFormat: "array" as const } : { rowFormat: "object" as const }),
        onComplete: (rows: unknown[]) => {
          this.rows = rows as T[];
        },
      });
    } catch (e) {
      throw new FileSystemError(
        `Cannot read Parquet file '${split.path}' (row group ${split.rowGroup}): ${e instanceof Error ? e.message : String(e)}`,
        split.path,
        { cause: e },
      );
    }
    this.next = 0;
  }

  reachedEnd(): boolean {
    return this.next >= this.rows.length;
  }
  nextRecord(): T | undefined {
    return this.rows[this.next++];
  }
  nextBatch(maxRecords: number): T[] {
    const batch = this.rows.slice(this.next, this.next + maxRecords);
    this.next += batch.length;
    return batch;
  }
  async close(): Promise<void> {
    this.rows = [];
    const h = this.handle;
    this.handle = undefined;
    await h?.close();
  }

  private checkColumns(metadata: FileMetaData, path: string): void {
    if (!this.columns) return;
    const have = new Set(metadata.schema.slice(1).map((e) => e.name));
    const missing = this.columns.filter((c) => !have.has(c));
    if (missing.length > 0)
      throw new FileSystemError(`Parquet file '${path}' has no column ${missing.map((m) => `'${m}'`).join(", ")} (it has ${[...have].join(", ")})`, path);
  }
}

async function openFile(path: string): Promise<FileHandle> {
  try {
    return await open(path, "r");
  } catch (e) {
    throw fsError("read input", path, e);
  }
}

async function readMetadata(path: string, handle: FileHandle, size: number): Promise<FileMetaData> {
  const { parquetMetadataAsync } = await loadHyparquet();
  try {
    return await parquetMetadataAsync(bufferOf(handle, size));
  } catch (e) {
    throw new FileSystemError(`Cannot read Parquet file '${path}': ${e instanceof Error ? e.message : String(e)}`, path, { cause: e });
  }
}

/** hyparquet's AsyncBuffer over an open file: each slice is one positioned read. */
function bufferOf(handle: FileHandle, size: number): AsyncBuffer {
  return {
    byteLength: size,
    async slice(start: number, end?: number): Promise<ArrayBuffer> {
      const to = Math.min(end ?? size, size);
      const buf = new Uint8Array(Math.max(0, to - start));
      let off = 0;
      while (off < buf.length) {
        const { bytesRead } = await handle.read(buf, off, buf.length - off, start + off);
        if (bytesRead === 0) break;
        off += bytesRead;
      }
      return buf.buffer;
    },
  };
}

/** Checks a columnar source's path and options once for both formats (messages name the format and its reader). */
export function resolveColumnarSource(
  filePath: string,
  options: ColumnarReadOptions,
  format: string,
  reader: string,
): { filePath: string; columns: string[] | undefined; tuples: boolean } {
  if (typeof filePath !== "string" || filePath === "")
    throw new InvalidProgramException(`${format}: the file path must be a non-empty string, got ${String(filePath)}`);
  if (options.as !== undefined && options.as !== "objects" && options.as !== "tuples")
    throw new InvalidProgramException(`${reader}('${filePath}'): 'as' must be "objects" or "tuples", got ${String(options.as)}`);
  return { filePath: localPath(filePath, format), columns: options.columns ? [...options.columns] : undefined, tuples: options.as === "tuples" };
}
