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

/** A node of the optimized plan's JSON (`env.getExecutionPlan()`), with the fields tests read. */
export interface PlanNode { id: number; contents: string; driver_strategy: string; predecessors?: { id: number }[] }

/** The nodes of `env`'s optimized plan. */
export function planNodes(env: ExecutionEnvironment): PlanNode[] {
  return (JSON.parse(env.getExecutionPlan()) as { nodes: PlanNode[] }).nodes;
}

/** mulberry32: deterministic floats in [0, 1) for a seed, so a random test case repeats exactly. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
