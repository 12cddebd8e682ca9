/** Temporary directories for tests: each test file gets its own, removed when the file's tests end. */
import { after } from "node:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Makes fresh directories named `<prefix>XXXXXX` under the OS temp dir. */
export interface TempDirs {
  /** A fresh empty directory. */
  dir(): string;
  /** Writes `content` to `name` in a fresh directory; returns the path. */
  file(name: string, content: string | Buffer): string;
}

/** Temporary directories under `prefix`, all removed in the calling test file's `after` hook. */
export function tempDirs(prefix: string): TempDirs {
  const made: string[] = [];
  after(() => {
    for (const d of made) rmSync(d, { recursive: true, force: true });
  });
  const dir = (): string => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    made.push(d);
    return d;
  };
  return {
    dir,
    file(name, content) {
      const p = join(dir(), name);
      writeFileSync(p, content);
      return p;
    },
  };
}

/** Text of an output path: a file, or a directory's files 1..n concatenated in order. */
export function readOutput(path: string): string {
  if (!statSync(path).isDirectory()) return readFileSync(path, "utf8");
  const names = readdirSync(path).sort((a, b) => Number(a) - Number(b));
  return names.map((n) => readFileSync(join(path, n), "utf8")).join("");
}
