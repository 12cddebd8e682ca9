/** Temporary directories for I/O tests, removed when the test file ends. */
import { after } from "node:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];
after(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A fresh empty directory. */
export function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "sluice-io-test-"));
  made.push(d);
  return d;
}

/** Writes `content` to `name` in a fresh directory; returns the path. */
export function tempFile(name: string, content: string | Buffer): string {
  const p = join(tempDir(), name);
  writeFileSync(p, content);
  return p;
}

/** Text of a file, or of a directory's files 1..n concatenated in order. */
export function readOutput(path: string): string {
  if (!statSync(path).isDirectory()) return readFileSync(path, "utf8");
  const names = readdirSync(path).sort((a, b) => Number(a) - Number(b));
  return names.map((n) => readFileSync(join(path, n), "utf8")).join("");
}

/** Non-empty lines of an output path. */
export function outputLines(path: string): string[] {
  return readOutput(path).split("\n").filter((l) => l !== "");
}
