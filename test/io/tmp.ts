/** Temporary directories for I/O tests, removed when the test file ends. */
import { readOutput, tempDirs } from "../temp-dirs.js";

export { readOutput } from "../temp-dirs.js";

const dirs = tempDirs("sluice-io-test-");

/** A fresh empty directory. */
export const tempDir = (): string => dirs.dir();

/** Writes `content` to `name` in a fresh directory; returns the path. */
export const tempFile = (name: string, content: string | Buffer): string => dirs.file(name, content);

/** Non-empty lines of an output path. */
export function outputLines(path: string): string[] {
  return readOutput(path).split("\n").filter((l) => l !== "");
}
