/** Test helpers: run a case at parallelism 1 and 4, compare multisets of records. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment } from "../src/index.js";

export const PARALLELISMS = [1, 4] as const;

/** Defines `name` once per parallelism, each with a fresh local environment. */
export function testAtParallelism(name: string, body: (env: ExecutionEnvironment, p: number) => Promise<void> | void): void {
  for (const p of PARALLELISMS) {
    test(`${name} [p=${p}]`, () => body(ExecutionEnvironment.createLocalEnvironment(p), p));
  }
}

/** A canonical text of a record, for order-insensitive comparison. */
export function canon(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? `${x}n` : x));
}

/** Asserts that `actual` and `expected` hold the same records, in any order. */
export function assertSameRecords(actual: readonly unknown[], expected: readonly unknown[], message?: string): void {
  assert.deepEqual([...actual].map(canon).sort(), [...expected].map(canon).sort(), message);
}

/**
 * Captures the text `fn` writes to process.stdout. Binary chunks pass through: they are the test
 * runner's own reports, which it may flush meanwhile (e.g. while a job waits for worker threads).
 */
export async function captureStdout(fn: () => Promise<void>): Promise<string> {
  const original = process.stdout.write.bind(process.stdout);
  let text = "";
  (process.stdout as { write: unknown }).write = (chunk: string | Uint8Array, ...rest: never[]): boolean => {
    if (typeof chunk !== "string") return original(chunk, ...rest);
    text += chunk;
    return true;
  };
  try {
    await fn();
  } finally {
    (process.stdout as { write: unknown }).write = original;
  }
  return text;
}

/**
 * Whether this run forces worker threads (`npm run test:threads`). Functions then run in other
 * threads and cannot share memory with the test (README, "Worker threads"): what a test counts or
 * records in them must go through accumulators, and a thrown value comes back rebuilt.
 */
export const IN_THREADS = process.env.SLUICE_EXECUTION_MODE === "threads";

/**
 * Whether `cause` is what the user code threw: the very value in process; in threads, a value
 * rebuilt with the same class, message and own fields (errors), or an equal value (anything else).
 */
export function isSameCause(cause: unknown, thrown: unknown): boolean {
  if (cause === thrown) return true;
  if (!IN_THREADS) return false;
  if (thrown instanceof Error) {
    if (!(cause instanceof Error) || cause.constructor !== thrown.constructor || cause.message !== thrown.message) return false;
    const fields = (e: Error): Record<string, unknown> => Object.fromEntries(Object.entries(e).filter(([k]) => k !== "stack"));
    try {
      assert.deepEqual(fields(cause), fields(thrown));
      return true;
    } catch {
      return false;
    }
  }
  try {
    assert.deepEqual(cause, thrown);
    return true;
  } catch {
    return false;
  }
}

/**
 * Pins `env` to in-process execution, for tests that watch their functions through memory shared
 * with the test (counters, arrays a function or format records into, object identity): worker
 * threads cannot give that (README, "Worker threads"), so under `npm run test:threads` these run
 * in process and every other test runs in threads.
 */
export function sharingMemory<E extends { getConfig(): { setExecutionMode(mode: "in-process"): unknown } }>(env: E): E {
  env.getConfig().setExecutionMode("in-process");
  return env;
}
