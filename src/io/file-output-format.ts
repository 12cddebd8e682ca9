/**
 * FileOutputFormat: the base of file sinks (Flink's FileOutputFormat). Paths follow Flink: a sink
 * of parallelism 1 writes the file `path`; above 1 it writes the directory `path` holding files
 * `1`..`p`. Output is atomic through the job hooks (io/output-commit.ts): the path is checked
 * before any user function runs, subtasks write into a hidden staging directory, and the output
 * moves into place only when the whole job succeeded. Subclasses say how a record becomes text.
 * @example
 * class TabbedPairs extends FileOutputFormat<[string, number]> {
 *   protected recordText([k, v]: [string, number]) { return `${k}\t${v}\n`; }
 * }
 * ds.output(new TabbedPairs("/tmp/out.tsv", WriteMode.OVERWRITE));
 */
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { WriteMode } from "../common/enums.js";
import { InvalidProgramException } from "../common/errors.js";
import type { GlobalOutputHooks, OutputFormat } from "../common/formats.js";
import { fsError } from "./io-errors.js";
import { localPath } from "./local-path.js";
import { abortOutput, commitOutput, directFile, prepareOutput, stagedFile } from "./output-commit.js";

/**
 * Characters buffered before they are appended to the file. The file is not held open between
 * appends, so a subtask that fails (and is never closed) leaks no file descriptor, in any thread.
 */
const FLUSH_AT = 1 << 16;

export abstract class FileOutputFormat<T> implements OutputFormat<T>, GlobalOutputHooks {
  protected outputPath: string;
  protected writeMode: WriteMode;
  protected charset: BufferEncoding = "utf8";
  /** Set by initializeGlobal; each subtask's copy of the format inherits it. */
  private staging: string | undefined;
  private opened = false;
  private pending: string[] = [];
  private pendingChars = 0;
  private file = "";

  constructor(path: string, writeMode: WriteMode = WriteMode.NO_OVERWRITE) {
    if (typeof path !== "string" || path === "")
      throw new InvalidProgramException(`${new.target.name}: the output path must be a non-empty string, got ${String(path)}`);
    this.outputPath = localPath(path, new.target.name);
    this.writeMode = checkMode(writeMode, path);
  }

  getOutputPath(): string {
    return this.outputPath;
  }
  setWriteMode(mode: WriteMode): this {
    this.writeMode = checkMode(mode, this.outputPath);
    return this;
  }
  getWriteMode(): WriteMode {
    return this.writeMode;
  }
  setCharset(charset: BufferEncoding): this {
    if (!Buffer.isEncoding(charset))
      throw new InvalidProgramException(`${this.constructor.name} for '${this.outputPath}': unknown charset '${String(charset)}'`);
    this.charset = charset;
    return this;
  }

  /** The text written for one record, its line or row delimiter included. */
  protected abstract recordText(record: T): string;

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

  open(taskNumber: number, numTasks: number): void {
    this.file = this.staging !== undefined ? stagedFile(this.staging, taskNumber, numTasks) : directFile(this.outputPath, taskNumber, numTasks);
    try {
      if (this.staging === undefined) mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(this.file, "");
    } catch (e) {
      throw fsError("create output file", this.file, e);
    }
    this.opened = true;
    this.pending = [];
    this.pendingChars = 0;
  }

  writeRecord(record: T): void {
    const text = this.recordText(record);
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= FLUSH_AT) this.flush();
  }

  close(): void {
    if (!this.opened) return;
    this.flush();
    this.opened = false;
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const text = this.pending.join("");
    this.pending = [];
    this.pendingChars = 0;
    try {
      appendFileSync(this.file, text, this.charset);
    } catch (e) {
      throw fsError("write output file", this.file, e);
    }
  }
}

function checkMode(mode: WriteMode, path: string): WriteMode {
  if (mode !== WriteMode.NO_OVERWRITE && mode !== WriteMode.OVERWRITE) {
    throw new InvalidProgramException(`output '${path}': write mode must be WriteMode.NO_OVERWRITE or WriteMode.OVERWRITE, got ${String(mode)}`);
  }
  return mode;
}
