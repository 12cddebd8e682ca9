/**
 * DelimitedInputFormat: a file format whose records are delimited lines (Flink's
 * DelimitedInputFormat). Each subtask streams its splits through a SplitLineReader, line-aligned,
 * and turns each line into a record with `readRecord`. Memory is one read buffer plus one batch.
 * Line numbers for error messages are exact and 1-based: a split that does not start the file
 * counts the lines before it only when an error needs the number.
 * @example
 * class UpperCaseLines extends DelimitedInputFormat<string> {
 *   protected readRecord(line: string) { return line.toUpperCase(); }
 * }
 * env.createInput(new UpperCaseLines("/data/in.txt"));
 */
import { open, type FileHandle } from "node:fs/promises";
import { InvalidProgramException } from "../common/errors.js";
import { FileInputFormat, type FileInputSplit } from "./file-input-format.js";
import { latin1Text, utf8Text } from "./buffer-text.js";
import { FileParseError, RecordError, fsError } from "./io-errors.js";
import { countDelimiters, END, LINE, SplitLineReader } from "./split-line-reader.js";
import type { NumberRows } from "../common/number-rows.js";

/** Returned by `readRecordBytes` for a line it leaves to `readRecord` (decoded). */
export const DECODE: unique symbol = Symbol("decode the line");

/**
 * Reads whole "\n"-delimited lines of `buf` from `pos`, each starting at most at `limit`, into
 * `out` (one record a line: an array of records, or a NumberRows) until it holds `max`; returns the
 * offset after the last line read, `pos` itself when it leaves the line there to the per-line path
 * (csv-line-scanner.ts).
 */
export type LineScanner = (buf: Buffer, pos: number, end: number, limit: number, out: any, max: number) => number;

/**
 * Each instance's last read buffer, for its next split: a new 1 MiB buffer per split is a fresh
 * mapping whose pages fault in on the first read and unmap on free, and with subtasks on several
 * threads those unmaps interrupt the other cores (wordcount on two threads: 42k page faults against
 * 17k at p=1, a file read 1.1 ms against 0.09). Kept here, not in a field, so that the copies of an
 * instance (one per subtask) never share one buffer.
 */
const spareBuffers = new WeakMap<object, Buffer>();

export abstract class DelimitedInputFormat<T> extends FileInputFormat<T> {
  protected delimiter = "\n";
  protected charset: BufferEncoding = "utf8";

  private file: FileHandle | undefined;
  private reader: SplitLineReader | undefined;
  private split: FileInputSplit | undefined;
  private ended = true;
  private delimiterBytes = Buffer.alloc(0);
  private stripCarriageReturn = false;
  /** Lines of the current split consumed so far (including skipped ones). */
  protected linesInSplit = 0;

  /** The record delimiter (any length; default "\n", which also drops a trailing "\r"). */
  setDelimiter(delimiter: string): this {
    if (typeof delimiter !== "string" || delimiter === "")
      throw new InvalidProgramException(`${this.constructor.name} for '${this.filePath}': the line delimiter must be a non-empty string`);
    this.delimiter = delimiter;
    return this;
  }
  getDelimiter(): string {
    return this.delimiter;
  }
  setCharset(charset: BufferEncoding): this {
    if (!Buffer.isEncoding(charset)) throw new InvalidProgramException(`${this.constructor.name} for '${this.filePath}': unknown charset '${String(charset)}'`);
    this.charset = charset;
    return this;
  }

  /**
   * A delimiter that overlaps itself ("||", "aba") has no single alignment when read from the
   * middle of a file, so such files are read whole, one split per file.
   */
  override async createInputSplits(minNumSplits: number): Promise<FileInputSplit[]> {
    if (selfOverlapping(Buffer.from(this.delimiter, this.charset))) this.unsplittable = true;
    return super.createInputSplits(minNumSplits);
  }

  /** Turns one line (delimiter removed) into a record; undefined skips the line. */
  protected abstract readRecord(line: string): T | undefined;

  /**
   * A byte-level path, tried first when `bytePath` is set in open(): the line is
   * `buf[start, end)` (delimiter, a trailing "\r" and a byte order mark removed), not decoded.
   * Returns the record, undefined to skip the line, or DECODE to have the line decoded and given
   * to `readRecord` (which reports errors with file, line and field).
   */
  protected readRecordBytes(_buf: Buffer, _start: number, _end: number): T | undefined | typeof DECODE {
    return DECODE;
  }
  /** Whether `readRecordBytes` is tried (set by a subclass in open(), before super.open). */
  protected bytePath = false;
  /**
   * Reads many lines at once where it can, before the per-line path (set by a subclass in open(),
   * before super.open; only for the "\n" delimiter, and never for a split's first line, which
   * may be a header or start with a byte order mark). It must read a line exactly as
   * `readRecordBytes` would and leave every other line to it.
   */
  protected lineScanner: LineScanner | undefined;

  /** Whether the line being read is the first line of its file (for headers). */
  protected isFirstLineOfFile(): boolean {
    return this.linesInSplit === 1 && this.split?.start === 0;
  }
  /** The file of the split being read. */
  protected currentPath(): string {
    return this.split?.path ?? this.filePath;
  }

  async open(split: FileInputSplit): Promise<void> {
    this.split = split;
    this.linesInSplit = 0;
    this.delimiterBytes = Buffer.from(this.delimiter, this.charset);
    this.stripCarriageReturn = this.delimiter === "\n";
    try {
      this.file = await open(split.path, "r");
    } catch (e) {
      throw fsError("open input file", split.path, e);
    }
    await this.checkUnchanged(split, this.file);
    const spare = spareBuffers.get(this);
    spareBuffers.delete(this);
    this.reader = new SplitLineReader(this.file, split.start, split.length, this.delimiterBytes, undefined, spare);
    this.ended = false;
  }

  reachedEnd(): boolean {
    return this.ended;
  }

  /** Bytes of the current split consumed so far (live progress). */
  getSplitBytesRead(): number {
    const split = this.split;
    if (!split || !this.reader) return 0;
    if (this.ended) return split.length;
    return Math.max(0, Math.min(split.length, this.reader.position - split.start));
  }

  async nextRecord(): Promise<T | null> {
    const batch = await this.nextBatch(1);
    return batch.length > 0 ? batch[0]! : null;
  }

  /** Up to `maxRecords` records; fewer (maybe none) at the end of the split. */
  async nextBatch(maxRecords: number): Promise<T[]> {
    const out: T[] = [];
    await this.readLines(out, maxRecords, this.lineScanner, () => out.length, (r) => out.push(r));
    return out;
  }

  /**
   * Fills `rows` (from its start) with the next records, each a tuple of `rows.width` numbers
   * (for a subclass whose records are such tuples), through `scan` where it reads the lines.
   */
  protected async readNumberRows(rows: NumberRows, scan: LineScanner | undefined): Promise<void> {
    rows.count = 0;
    const add = (r: T): void => {
      rows.data.set(r as number[], rows.count * rows.width);
      rows.count++;
    };
    await this.readLines(rows, rows.capacity, scan, () => rows.count, add);
  }

  /**
   * Reads lines until `out` holds `max` records (by `count`) or the split ends: many at a time
   * through `scan` where it takes them, else one by one (`readRecordBytes`, `readRecord`) into `add`.
   */
  private async readLines<O>(out: O, max: number, scan: LineScanner | undefined, count: () => number, add: (record: T) => void): Promise<void> {
    const reader = this.reader;
    if (!reader || this.ended) return;
    while (count() < max) {
      if (scan !== undefined && this.linesInSplit > 0 && reader.canScan()) {
        const before = count();
        const pos = scan(reader.buffer, reader.scanPos, reader.scanEnd, reader.scanLimit, out, max);
        if (count() > before) {
          reader.advance(pos);
          this.linesInSplit += count() - before;
          continue;
        }
      }
      const state = reader.next();
      if (state === LINE) {
        this.linesInSplit++;
        this.lineBounds(reader);
        let record: T | undefined | typeof DECODE = DECODE;
        if (this.bytePath) record = this.readRecordBytes(reader.buffer, this.start, this.end);
        if (record === DECODE) {
          const line = this.charset !== "utf8" ? reader.buffer.toString(this.charset, this.start, this.end)
            : reader.ascii ? latin1Text(reader.buffer, this.start, this.end) : utf8Text(reader.buffer, this.start, this.end);
          try {
            record = this.readRecord(line);
          } catch (e) {
            throw e instanceof RecordError ? await this.parseError(e, line) : e;
          }
        }
        if (record !== undefined) add(record);
      } else if (state === END) {
        this.ended = true;
        await this.checkUnchanged(this.split!, this.file!, reader.endedEarly());
        break;
      } else {
        try {
          await reader.fill();
        } catch (e) {
          throw fsError("read input file", this.currentPath(), e);
        }
        // Each chunk is checked, so data of a rewritten file never reaches a record.
        await this.checkUnchanged(this.split!, this.file!);
      }
    }
  }

  async close(): Promise<void> {
    const f = this.file;
    this.file = undefined;
    if (this.reader) spareBuffers.set(this, this.reader.buffer);
    this.reader = undefined;
    this.ended = true;
    if (f) await f.close();
  }

  // The current line's bytes without delimiter, trailing "\r" and byte order mark.
  private start = 0;
  private end = 0;

  private lineBounds(reader: SplitLineReader): void {
    const buf = reader.buffer;
    let s = reader.lineStart;
    let e = reader.lineEnd;
    if (this.stripCarriageReturn && e > s && buf[e - 1] === 13) e--;
    // A UTF-8 byte order mark is not data.
    if (
      this.linesInSplit === 1 &&
      this.split!.start === 0 &&
      this.charset === "utf8" &&
      e - s >= 3 &&
      buf[s] === 0xef &&
      buf[s + 1] === 0xbb &&
      buf[s + 2] === 0xbf
    )
      s += 3;
    this.start = s;
    this.end = e;
  }

  /** The current line's 1-based number in its file. */
  protected async currentLineNumber(): Promise<number> {
    const split = this.split!;
    if (split.start === 0 || !this.file) return this.linesInSplit;
    const before = await countDelimiters(this.file, this.reader!.firstLineOffset, this.delimiterBytes);
    return before + this.linesInSplit;
  }

  private async parseError(e: RecordError, text: string): Promise<FileParseError> {
    const path = this.currentPath();
    const line = await this.currentLineNumber();
    const where = e.field === undefined ? `line ${line}` : `line ${line}, field ${e.field}`;
    const shown = text.length > 120 ? `${text.slice(0, 120)}...` : text;
    return new FileParseError(`${path}: ${where}: ${e.reason} (line text: ${JSON.stringify(shown)})`, path, line, e.field);
  }
}

/** Whether a proper prefix of `d` is also its suffix (then occurrences can overlap). */
function selfOverlapping(d: Buffer): boolean {
  for (let k = 1; k < d.length; k++) if (d.subarray(0, k).equals(d.subarray(d.length - k))) return true;
  return false;
}
