/**
 * ArrowInputFormat: reads Apache Arrow IPC data, both the file format (Feather v2, `.arrow`) and
 * the stream format (`.arrows`), told apart by the file's magic bytes (flechette, pure JS).
 * Splits are files: each file is read by one subtask (an IPC file is decoded as a whole), so a
 * directory of files reads in parallel. Values: integers up to 32 bits and floats → number,
 * 64-bit integers → bigint, strings (also views), booleans, timestamps and dates → Date,
 * null → null. Records are objects, or tuples in column order with `{ as: "tuples" }`.
 * Compressed (LZ4/Zstd) IPC buffers are not supported: write them uncompressed.
 * @example
 * const rows = env.createInput(new ArrowInputFormat<{ id: bigint }>("/data/events.arrow"));
 */
import { readFile } from "node:fs/promises";
import type { Table } from "@uwdata/flechette";
import { loadFlechette } from "./libraries.js";
import type { InputFormat } from "../../common/formats.js";
import type { FileInputSplit } from "../file-input-format.js";
import { listInputFiles } from "../input-files.js";
import { FileSystemError, fsError } from "../io-errors.js";
import { resolveColumnarSource, type ColumnarReadOptions } from "./parquet-input-format.js";

export class ArrowInputFormat<T = Record<string, unknown>> implements InputFormat<T, FileInputSplit> {
  private readonly columns: string[] | undefined;
  private readonly tuples: boolean;
  private rows: T[] = [];
  private next = 0;

  private readonly filePath: string;

  constructor(filePath: string, options: ColumnarReadOptions = {}) {
    ({ filePath: this.filePath, columns: this.columns, tuples: this.tuples } = resolveColumnarSource(filePath, options, "ArrowInputFormat", "readArrow"));
  }

  getFilePath(): string {
    return this.filePath;
  }

  async createInputSplits(_minNumSplits: number): Promise<FileInputSplit[]> {
    const files = await listInputFiles(this.filePath, false);
    return files.map((f, i) => ({ splitNumber: i, path: f.path, start: 0, length: f.size }));
  }

  async open(split: FileInputSplit): Promise<void> {
    let bytes: Buffer;
    try {
      bytes = await readFile(split.path);
    } catch (e) {
      throw fsError("read input", split.path, e);
    }
    const { tableFromIPC } = await loadFlechette();
    let table: Table;
    try {
      table = tableFromIPC(bytes, { useDate: true, useBigInt: true });
    } catch (e) {
      throw new FileSystemError(`Cannot read Arrow IPC file '${split.path}': ${e instanceof Error ? e.message : String(e)}`, split.path, { cause: e });
    }
    const names = table.schema.fields.map((f) => f.name);
    if (this.columns) {
      const missing = this.columns.filter((c) => !names.includes(c));
      if (missing.length > 0)
        throw new FileSystemError(
          `Arrow file '${split.path}' has no column ${missing.map((m) => `'${m}'`).join(", ")} (it has ${names.join(", ")})`,
          split.path,
        );
      table = table.select(this.columns);
    }
    this.rows = (this.tuples ? tuplesOf(table) : table.toArray()) as T[];
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
  close(): void {
    this.rows = [];
  }
}

function tuplesOf(table: Table): unknown[][] {
  const cols = table.children.map((c) => c.toArray() as ArrayLike<unknown>);
  const out: unknown[][] = new Array(table.numRows);
  for (let i = 0; i < table.numRows; i++) {
    const row = new Array<unknown>(cols.length);
    for (let j = 0; j < cols.length; j++) row[j] = cols[j]![i];
    out[i] = row;
  }
  return out;
}
