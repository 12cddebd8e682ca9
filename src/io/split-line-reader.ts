/**
 * Reads the lines of one byte-range split, streaming (Flink's DelimitedInputFormat):
 * - a split that starts mid-file skips to the first line that starts after its first byte;
 * - it reads every line that starts at or before its end, reading past the end to finish it;
 * so each line of the file is read by exactly one split: the one whose range (start, end]
 * holds the line's first byte (the first split also owns the line at offset 0).
 * The file is read in chunks into one buffer, grown only for a line longer than the buffer.
 * `next()` is synchronous and says when the caller must `await fill()`, so the record loop
 * costs no Promise per line.
 */
import type { FileHandle } from "node:fs/promises";
import { isAscii } from "node:buffer";

export const LINE = 0;
export const NEED_DATA = 1;
export const END = 2;
export type NextResult = typeof LINE | typeof NEED_DATA | typeof END;

export class SplitLineReader {
  /** After `next()` returned LINE: the line is `buffer[lineStart, lineEnd)`, delimiter excluded. */
  buffer: Buffer;
  /** Whether every byte in the buffer is ASCII (checked once per chunk): its lines decode as Latin-1, faster, to the same text. */
  ascii = true;
  lineStart = 0;
  lineEnd = 0;
  /** File offset of the first line this split returned (-1 before it). */
  firstLineOffset = -1;

  private view: Buffer;
  private pos = 0;
  private end = 0;
  private bufferOffset: number;
  private readPos: number;
  private eof = false;
  private done = false;
  private skipping: boolean;
  private readonly splitEnd: number;
  /** A one-byte delimiter is searched as a number (a plain byte scan). */
  private readonly needle: Buffer | number;

  constructor(
    private readonly file: FileHandle,
    splitStart: number,
    splitLength: number,
    private readonly delimiter: Buffer,
    bufferSize = 1 << 20,
    /** A buffer to read into (the previous split's, handed on), else a new one of `bufferSize`. */
    reuse?: Buffer,
  ) {
    this.splitEnd = splitStart + splitLength;
    this.needle = delimiter.length === 1 ? delimiter[0]! : delimiter;
    this.skipping = splitStart > 0;
    // Start early enough to see a delimiter that straddles the split start.
    this.readPos = this.skipping ? Math.max(0, splitStart - delimiter.length + 1) : 0;
    this.bufferOffset = this.readPos;
    const size = Math.max(bufferSize, delimiter.length * 2);
    this.buffer = reuse !== undefined && reuse.length >= size ? reuse : Buffer.allocUnsafe(size);
    this.view = this.buffer.subarray(0, 0);
  }

  /** Whether the file ended before the split's end (it was truncated while being read). */
  endedEarly(): boolean {
    return this.eof && this.readPos < this.splitEnd;
  }

  /** File offset of the next byte to scan (for progress). */
  get position(): number {
    return this.bufferOffset + this.pos;
  }

  next(): NextResult {
    if (this.done) return END;
    const dl = this.delimiter.length;
    while (true) {
      if (!this.skipping && this.bufferOffset + this.pos > this.splitEnd) return this.finish();
      const idx = this.view.indexOf(this.needle, this.pos);
      if (idx >= 0) {
        if (this.skipping) {
          this.skipping = false;
          this.pos = idx + dl;
          continue;
        }
        return this.emit(idx, idx + dl);
      }
      if (!this.eof) {
        // Keep only what could start a delimiter when skipping, so a long skip never grows the buffer.
        if (this.skipping) this.pos = Math.max(this.pos, this.end - dl + 1);
        return NEED_DATA;
      }
      if (this.pos < this.end && !this.skipping) return this.emit(this.end, this.end);
      return this.finish();
    }
  }

  /**
   * Whether a line scanner may read lines of `buffer` itself from `scanPos` (then `advance`): the
   * delimiter is "\n", the split's first line was found and the split did not end.
   */
  canScan(): boolean {
    return this.needle === 10 && !this.skipping && !this.done;
  }
  /** Where the next line starts in `buffer`. */
  get scanPos(): number {
    return this.pos;
  }
  /** End of the bytes read into `buffer`. */
  get scanEnd(): number {
    return this.end;
  }
  /** The last offset in `buffer` where a line of this split may start (a later one belongs to the next split). */
  get scanLimit(): number {
    return this.splitEnd - this.bufferOffset;
  }
  /** After a scanner read the lines of `buffer[scanPos, pos)`: the next line starts at `pos`. */
  advance(pos: number): void {
    this.pos = pos;
  }

  /** Reads the next chunk (compacting, or growing the buffer for a very long line). */
  async fill(): Promise<void> {
    if (this.pos > 0) {
      this.buffer.copy(this.buffer, 0, this.pos, this.end);
      this.bufferOffset += this.pos;
      this.end -= this.pos;
      this.pos = 0;
    }
    if (this.end === this.buffer.length) {
      const grown = Buffer.allocUnsafe(this.buffer.length * 2);
      this.buffer.copy(grown, 0, 0, this.end);
      this.buffer = grown;
    }
    const { bytesRead } = await this.file.read(this.buffer, this.end, this.buffer.length - this.end, this.readPos);
    if (bytesRead === 0) this.eof = true;
    this.readPos += bytesRead;
    this.end += bytesRead;
    this.view = this.buffer.subarray(0, this.end);
    this.ascii = isAscii(this.view);
  }

  private emit(lineEnd: number, next: number): NextResult {
    if (this.firstLineOffset < 0) this.firstLineOffset = this.bufferOffset + this.pos;
    this.lineStart = this.pos;
    this.lineEnd = lineEnd;
    this.pos = next;
    return LINE;
  }

  private finish(): NextResult {
    this.done = true;
    return END;
  }
}

/** Counts `delimiter` occurrences in the first `limit` bytes of a file (for line numbers). */
export async function countDelimiters(file: FileHandle, limit: number, delimiter: Buffer): Promise<number> {
  const chunk = Buffer.allocUnsafe(1 << 20);
  const dl = delimiter.length;
  let count = 0;
  let carry = 0;
  let offset = 0;
  while (offset < limit) {
    const { bytesRead } = await file.read(chunk, carry, Math.min(chunk.length - carry, limit - offset), offset);
    if (bytesRead === 0) break;
    offset += bytesRead;
    const view = chunk.subarray(0, carry + bytesRead);
    let i = view.indexOf(delimiter);
    let last = -1;
    while (i >= 0) {
      count++;
      last = i + dl;
      i = view.indexOf(delimiter, last);
    }
    // Keep a tail that may begin a delimiter split across chunks.
    const keepFrom = Math.max(last, view.length - dl + 1, 0);
    carry = view.length - keepFrom;
    view.copy(chunk, 0, keepFrom);
  }
  return count;
}
