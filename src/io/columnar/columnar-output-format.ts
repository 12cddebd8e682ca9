/**
 * The base of columnar file sinks (Parquet, Arrow). Paths, write modes and the all-or-nothing
 * commit are those of every file sink (io/output-commit.ts): parallelism 1 writes the file
 * `path`, above 1 the directory `path` with files `1`..`p`, staged and moved into place only when
 * the whole job succeeded. A subtask buffers `groupSize` records, turns them into columns checked
 * against the schema (given, from the DataSet's shape, or inferred from the first group) and
 * hands them to the subclass, which encodes a row group / record batch.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { WriteMode } from "../../common/enums.js";
import { InvalidProgramException } from "../../common/errors.js";
import type { GlobalOutputHooks, OutputFormat } from "../../common/formats.js";
import { fsError } from "../io-errors.js";
import { localPath } from "../local-path.js";
import { abortOutput, commitOutput, directFile, prepareOutput, stagedFile } from "../output-commit.js";
import { columnValue, field, inferSchema, resolveSchema, type ColumnarSchema, type ResolvedSchema } from "./columnar-schema.js";

export abstract class ColumnarOutputFormat<T> implements OutputFormat<T>, GlobalOutputHooks {
  protected readonly outputPath: string;
  protected readonly writeMode: WriteMode;
  /** The schema every subtask writes; undefined until a subtask infers its own. */
  protected schema: ResolvedSchema | undefined;
  private staging: string | undefined;
  private buffer: unknown[] = [];
  private written = 0;
  /** The file this subtask writes (set by open). */
  protected file = "";

  constructor(
    path: string,
    schema: ColumnarSchema | ResolvedSchema | undefined,
    writeMode: WriteMode = WriteMode.NO_OVERWRITE,
    /** Records per row group / record batch. */
    protected readonly groupSize = 100_000,
  ) {
    if (typeof path !== "string" || path === "")
      throw new InvalidProgramException(`${new.target.name}: the output path must be a non-empty string, got ${String(path)}`);
    if (writeMode !== WriteMode.NO_OVERWRITE && writeMode !== WriteMode.OVERWRITE) {
      throw new InvalidProgramException(`output '${path}': write mode must be WriteMode.NO_OVERWRITE or WriteMode.OVERWRITE, got ${String(writeMode)}`);
    }
    if (!Number.isInteger(groupSize) || groupSize < 1)
      throw new InvalidProgramException(`output '${path}': the group size must be a positive integer, got ${groupSize}`);
    this.outputPath = localPath(path, new.target.name);
    this.writeMode = writeMode;
    this.schema = schema === undefined || isResolved(schema) ? schema : resolveSchema(schema, `output '${path}'`);
  }

  getOutputPath(): string {
    return this.outputPath;
  }
  getWriteMode(): WriteMode {
    return this.writeMode;
  }

  /** Starts the file (this.file) once the schema is known. */
  protected abstract begin(schema: ResolvedSchema): void;
  /** Encodes one group: `columns[j]` holds column j's values (null for null). */
  protected abstract writeGroup(schema: ResolvedSchema, columns: unknown[][], rows: number): void;
  /** Writes the footer / end of stream. */
  protected abstract end(): void;
  /** Loads the format's library (libraries.ts) before the first record. */
  protected abstract load(): Promise<void>;

  async initializeGlobal(parallelism: number): Promise<void> {
    this.staging = await prepareOutput(this.outputPath, this.writeMode, parallelism);
  }
  async finalizeGlobal(_parallelism: number): Promise<void> {
    const staging = this.staging;
    this.staging = undefined;
    if (staging !== undefined) await commitOutput(staging, this.outputPath, this.writeMode);
  }
  async abortGlobal(_parallelism: number): Promise<void> {
    const staging = this.staging;
    this.staging = undefined;
    if (staging !== undefined) await abortOutput(staging);
  }

  private begun = false;

  async open(taskNumber: number, numTasks: number): Promise<void> {
    await this.load();
    this.file = this.staging !== undefined ? stagedFile(this.staging, taskNumber, numTasks) : directFile(this.outputPath, taskNumber, numTasks);
    if (this.staging === undefined) {
      try {
        mkdirSync(dirname(this.file), { recursive: true });
      } catch (e) {
        throw fsError("create output file", this.file, e);
      }
    }
    this.buffer = [];
    this.written = 0;
    this.begun = false;
  }

  writeRecord(record: T): void {
    this.buffer.push(record);
    if (this.buffer.length >= this.groupSize) this.flush();
  }

  close(): void {
    if (this.file === "") return;
    if (this.buffer.length > 0 || !this.begun) this.flush();
    this.guard(() => this.end());
    this.file = "";
  }

  private flush(): void {
    const records = this.buffer;
    this.buffer = [];
    if (this.schema === undefined) {
      // No records at all: an empty file needs some schema; a lone column says so.
      this.schema = records.length === 0 ? { tuple: true, columns: [{ name: "f0", kind: "string" }] } : inferSchema(records, `output '${this.outputPath}'`);
    }
    const schema = this.schema;
    if (!this.begun) {
      this.guard(() => this.begin(schema));
      this.begun = true;
    }
    if (records.length === 0) return;
    const columns = schema.columns.map(() => new Array<unknown>(records.length));
    const { tuple } = schema;
    for (let j = 0; j < schema.columns.length; j++) {
      const { name, kind } = schema.columns[j]!;
      const out = columns[j]!;
      for (let i = 0; i < records.length; i++) {
        try {
          out[i] = columnValue(field(records[i], tuple, name, j), kind, name);
        } catch (e) {
          throw new TypeError(`Cannot write '${this.outputPath}' (${this.file}): record ${this.written + i + 1} of this subtask: ${(e as Error).message}`);
        }
      }
    }
    this.guard(() => this.writeGroup(schema, columns, records.length));
    this.written += records.length;
  }

  /** Runs an encoder step, turning file system errors into ones naming the file. */
  private guard(step: () => void): void {
    try {
      step();
    } catch (e) {
      if ((e as { code?: unknown }).code !== undefined) throw fsError("write output file", this.file, e);
      throw e;
    }
  }
}

function isResolved(s: ColumnarSchema | ResolvedSchema): s is ResolvedSchema {
  return !Array.isArray(s) && typeof (s as ResolvedSchema).tuple === "boolean" && Array.isArray((s as ResolvedSchema).columns);
}
