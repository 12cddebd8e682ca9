/**
 * Paths of file sources and sinks. Sluice reads and writes the local file system only: a plain
 * path or a `file:` URL (`file:///data/in.csv`, Flink's `file:/data/in.csv`). Any other URI scheme
 * (`hdfs://`, `s3://`, ...) is refused when the program is defined, instead of becoming a local
 * directory named `hdfs:`.
 * @example
 * localPath("file:///tmp/in.txt", "readTextFile"); // "/tmp/in.txt"
 * localPath("hdfs://nn/in.txt", "readTextFile");   // throws InvalidProgramException
 */
import { fileURLToPath } from "node:url";
import { InvalidProgramException } from "../common/errors.js";

/** A scheme followed by ":/" or ":" at the end (one letter is a Windows drive, not a scheme). */
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]+):(\/|$)/;

/** The local file system path `path` names; `what` (the source or sink) is named in errors. */
export function localPath(path: string, what: string): string {
  const m = SCHEME.exec(path);
  if (!m) return path;
  const scheme = m[1]!.toLowerCase();
  if (scheme !== "file") {
    throw new InvalidProgramException(
      `${what}: unsupported scheme '${m[1]}' in path '${path}': Sluice reads and writes the local file system only (a plain path or a file:// URL)`,
    );
  }
  try {
    return fileURLToPath(new URL(path));
  } catch (e) {
    throw new InvalidProgramException(`${what}: '${path}' is not a valid file: URL (${e instanceof Error ? e.message : String(e)})`);
  }
}
