/**
 * Temporary directories across threads. A program that builds paths from fs.mkdtemp would get a
 * different random name in every thread, so each worker would build a different plan. The
 * coordinator records the result of every mkdtemp its program makes outside a running job, in call
 * order, in a shared buffer; in a worker, the program's mkdtemp returns the coordinator's directory
 * for the same call (worker-fs-effects.ts), waiting for it when the worker is ahead.
 *
 * Buffer layout (32-bit words): [published entries, next free word, full flag], then per entry
 * [call index, 0 = path | 1 = error message, byte length], then the UTF-8 bytes padded to a word.
 */
import { createRequire, syncBuiltinESMExports } from "node:module";
import { AsyncLocalStorage } from "node:async_hooks";

export const LOG_HEADER_WORDS = 3;
const LOG_BYTES = 1 << 22;

let buffer: SharedArrayBuffer | undefined;
let calls = 0;
let installed = false;
const jobScope = new AsyncLocalStorage<true>();

/** The shared log (created on first use); workers get it in their workerData. */
export function temporaryDirectoryLog(): SharedArrayBuffer {
  return (buffer ??= new SharedArrayBuffer(LOG_BYTES));
}

/** Runs a job: mkdtemp calls its functions make are theirs, not the program's, and are not recorded. */
export function inJobScope<T>(run: () => Promise<T>): Promise<T> {
  return jobScope.run(true, run);
}

function reserve(): number | undefined {
  return jobScope.getStore() === true ? undefined : calls++;
}

function publish(index: number | undefined, outcome: { path: string } | { error: string }): void {
  if (index === undefined) return;
  const words = new Int32Array(temporaryDirectoryLog());
  const bytes = new TextEncoder().encode("path" in outcome ? outcome.path : outcome.error);
  const at = words[1] || LOG_HEADER_WORDS;
  const end = at + 3 + Math.ceil(bytes.length / 4);
  if (end * 4 > LOG_BYTES) {
    Atomics.store(words, 2, 1); // full: workers replaying past this point fail with a message
    Atomics.notify(words, 0);
    return;
  }
  words[at] = index;
  words[at + 1] = "path" in outcome ? 0 : 1;
  words[at + 2] = bytes.length;
  new Uint8Array(words.buffer).set(bytes, (at + 3) * 4);
  words[1] = end;
  Atomics.add(words, 0, 1);
  Atomics.notify(words, 0);
}

type Fn = (...args: unknown[]) => unknown;

/**
 * Wraps fs.mkdtempSync, fs.mkdtemp and fs.promises.mkdtemp to record their results (once per
 * process, in the coordinator). The functions behave as before; ESM named imports see the wrappers.
 */
export function recordTemporaryDirectories(): void {
  if (installed) return;
  installed = true;
  const fs = createRequire(import.meta.url)("node:fs") as Record<string, unknown> & { promises: Record<string, unknown> };
  const sync = fs.mkdtempSync as Fn;
  fs.mkdtempSync = function (this: unknown, ...args: unknown[]): unknown {
    const k = reserve();
    try {
      const path = sync.apply(this, args);
      publish(k, { path: String(path) });
      return path;
    } catch (e) {
      publish(k, { error: String((e as Error)?.message ?? e) });
      throw e;
    }
  };
  const callback = fs.mkdtemp as Fn;
  fs.mkdtemp = function (this: unknown, ...args: unknown[]): unknown {
    const k = reserve();
    const done = args[args.length - 1];
    if (typeof done !== "function") return callback.apply(this, args);
    args[args.length - 1] = (err: Error | null, path?: unknown): void => {
      publish(k, err ? { error: err.message } : { path: String(path) });
      (done as Fn)(err, path);
    };
    return callback.apply(this, args);
  };
  const promised = fs.promises.mkdtemp as (...args: unknown[]) => Promise<unknown>;
  fs.promises.mkdtemp = async function (this: unknown, ...args: unknown[]): Promise<unknown> {
    const k = reserve();
    try {
      const path = await promised.apply(this, args);
      publish(k, { path: String(path) });
      return path;
    } catch (e) {
      publish(k, { error: String((e as Error)?.message ?? e) });
      throw e;
    }
  };
  syncBuiltinESMExports();
}
