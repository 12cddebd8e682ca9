/** Temporary directories for the contract tests, removed when the test file ends. */
import { existsSync } from "node:fs";
import { readOutput, tempDirs } from "../temp-dirs.js";

const dirs = tempDirs("sluice-contract-");

/** A fresh empty directory. */
export const tempDir = (): string => dirs.dir();

/** Writes `content` to `name` in a fresh directory; returns the path. */
export const tempFile = (name: string, content: string): string => dirs.file(name, content);

/** Lines of an output path: a file, or a directory's files 1..n in order. */
export function outputLines(path: string): string[] {
  if (!existsSync(path)) throw new Error(`no output at ${path}`);
  return readOutput(path).split("\n").filter((l) => l !== "");
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
