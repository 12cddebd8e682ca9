/** Helpers for the spilling tests: record kinds, environments with a tiny budget, exact comparison. */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { inspect } from "node:util";
import { tempDirs } from "../temp-dirs.js";
import { ExecutionEnvironment, type DataSet } from "../../src/index.js";
import { Point } from "./spill-kinds.js";

export { keyIn, keyOf, Point, RECORD_KINDS, type Make, type RecordKind } from "./spill-kinds.js";
import { SPILL_STATS } from "../../src/runtime/spill/spill-space.js";


/** Budget small enough that a few thousand records spill everywhere (every holder gets the 32 KiB minimum). */
export const TINY_BUDGET = 32 * 1024;

const roots = tempDirs("sluice-spilltest-");

/** A fresh spill root, removed when the test file ends. */
export const spillRoot = (): string => roots.dir();

/** An environment at parallelism p whose jobs get `budget` bytes and spill under `root`. */
export function envWith(p: number, budget: number | undefined, root: string): ExecutionEnvironment {
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  env.registerType(Point);
  if (budget !== undefined) env.getConfig().setMemoryBudget(budget);
  env.getConfig().setSpillDirectory(root);
  return env;
}

/** An exact text of a record (Map, Set, Date, bigint, -0, NaN, undefined and class names show). */
export function exact(v: unknown): string {
  return inspect(v, { depth: null, sorted: true, breakLength: Infinity, maxArrayLength: null, maxStringLength: null });
}

/**
 * Runs `job` with a tiny budget and with plenty, and checks both give the same records (in order
 * when `ordered`); in process, also that the tiny run spilled (files of `kind`) and left no files.
 */
export async function assertSpillsAlike(
  p: number,
  job: (env: ExecutionEnvironment) => Promise<unknown[]>,
  kind: string,
  ordered = false,
): Promise<void> {
  const root = spillRoot();
  const before = SPILL_STATS.byKind.get(kind) ?? 0;
  const spilled = await job(envWith(p, TINY_BUDGET, root));
  const spills = (SPILL_STATS.byKind.get(kind) ?? 0) - before;
  const plain = await job(envWith(p, 1024 * 2 ** 20, root));
  assert.ok(spills > 0, `expected ${kind} spill files with a tiny budget`);
  assert.equal(spilled.length, plain.length);
  const a = spilled.map(exact);
  const b = plain.map(exact);
  if (ordered) assert.deepEqual(a, b);
  else assert.deepEqual(a.sort(), b.sort());
  assert.deepEqual(readdirSync(root), [], "the spill directory is removed when the job ends");
}

/** A plan over a collection, for comparing two ways of computing one result. */
export type Agg = (d: DataSet<any>) => DataSet<any>;

/** Asserts that `running` and `general` give the same records (compared exactly) over `data` at parallelism `p`. */
export async function assertSameResults(p: number, data: unknown[], running: Agg, general: Agg): Promise<void> {
  const run = async (agg: Agg): Promise<string[]> => {
    const env = ExecutionEnvironment.createLocalEnvironment(p);
    return (await agg(env.fromCollection(data)).collect()).map(exact).sort();
  };
  assert.deepEqual(await run(running), await run(general));
}
