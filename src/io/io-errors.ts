/**
 * Errors of file sources and sinks. A bad record names its file, 1-based line and (for CSV)
 * 1-based field, so a user can open the file at the spot; a file system problem names the path
 * and the reason.
 */

/** A line that could not be turned into a record (file, line, field in the message). */
export class FileParseError extends Error {
  override name = "FileParseError";
  constructor(
    message: string,
    /** The file being read. */
    readonly path: string,
    /** 1-based line number in the file. */
    readonly line: number,
    /** 1-based field (column) number in the line, when the problem is one field. */
    readonly field?: number,
  ) {
    super(message);
  }
}

/** A missing, unreadable or unwritable path, or a path a write mode forbids. */
export class FileSystemError extends Error {
  override name = "FileSystemError";
  constructor(
    message: string,
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Thrown from `DelimitedInputFormat.readRecord` for a bad line: the format turns it into a
 * FileParseError naming the file and the line (split readers learn the line number lazily).
 * @example
 * protected readRecord(line: string) {
 *   if (!line.includes("=")) throw new RecordError("expected key=value");
 *   ...
 * }
 */
export class RecordError extends Error {
  override name = "RecordError";
  constructor(
    readonly reason: string,
    readonly field?: number,
  ) {
    super(reason);
  }
}

/** Turns a Node fs error into a FileSystemError naming `path` and the reason. @internal */
export function fsError(action: string, path: string, e: unknown): FileSystemError {
  const code = (e as { code?: string } | null)?.code;
  const reason = REASONS[code ?? ""] ?? (e instanceof Error ? e.message : String(e));
  return new FileSystemError(`Cannot ${action} '${path}': ${reason}`, path, { cause: e });
}

const REASONS: Record<string, string> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOTDIR: "a parent of the path is not a directory",
  EISDIR: "is a directory",
  ENOSPC: "no space left on device",
  EROFS: "read-only file system",
};
