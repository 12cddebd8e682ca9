/** Temporary directories for the contract tests, removed when the test file ends. */
import { after } from "node:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];
after(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A fresh empty directory. */
export function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "sluice-contract-"));
  made.push(d);
  return d;
}

/** Writes `content` to `name` in a fresh directory; returns the path. */
export function tempFile(name: string, content: string): string {
  const p = join(tempDir(), name);
  writeFileSync(p, content);
  return p;
}

/** Lines of an output path: a file, or a directory's files 1..n in order. */
export function outputLines(path: string): string[] {
  if (!existsSync(path)) throw new Error(`no output at ${path}`);
  const text = statSync(path).isDirectory()
    ? readdirSync(path).sort((a, b) => Number(a) - Number(b)).map((n) => readFileSync(join(path, n), "utf8")).join("")
    : readFileSync(path, "utf8");
  return text.split("\n").filter((l) => l !== "");
}

/** Captures what `fn` writes to process.stderr. */
export async function captureStderr(fn: () => Promise<void>): Promise<string> {
  const original = process.stderr.write.bind(process.stderr);
  let text = "";
  (process.stderr as { write: unknown }).write = (chunk: string | Uint8Array): boolean => {
    text += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString();
    return true;
  };
  try {
    await fn();
  } finally {
    (process.stderr as { write: unknown }).write = original;
  }
  return text;
}
