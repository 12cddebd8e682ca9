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

/**
 * Captures the text `fn` writes to process.stdout or process.stderr. Byte chunks pass through: the
 * test runner's reporter writes serialized events as bytes while a job's output is text.
 */
export async function captureText(stream: "stdout" | "stderr", fn: () => Promise<void>): Promise<string> {
  const capture = startCapture(stream);
  try {
    await fn();
  } finally {
    capture.stop();
  }
  return capture.text();
}

/** A running capture of text written to process.stdout/stderr, readable while a job runs. */
export interface Capture {
  text(): string;
  lines(): string[];
  stop(): void;
}

export function startCapture(stream: "stdout" | "stderr" = "stdout"): Capture {
  const target = process[stream];
  const original = target.write.bind(target);
  let text = "";
  (target as { write: unknown }).write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    if (typeof chunk === "string") {
      text += chunk;
      return true;
    }
    return (original as (c: Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
  };
  return {
    text: () => text,
    lines: () => text.split("\n").filter((l) => l !== ""),
    stop: () => { (target as { write: unknown }).write = original; },
  };
}

/** Captures the text `fn` writes to process.stdout. */
export const captureStdout = (fn: () => Promise<void>): Promise<string> => captureText("stdout", fn);
/** Captures the text `fn` writes to process.stderr. */
export const captureStderr = (fn: () => Promise<void>): Promise<string> => captureText("stderr", fn);
