/**
 * Hash joins of CSV sources whose columns are all numbers (their rows reach the join as numbers
 * in process; in workers, exchanges between subtasks carry them as encoded records): inner and
 * full outer, each side building, a function that only reads and one that changes its arguments,
 * with the memory budget the caller gives. Returns each result as sorted exact texts.
 */
import { inspect } from "node:util";
import { defineJob, JoinHint } from "../../src/index.js";

const exact = (v: unknown): string => inspect(v, { depth: null, sorted: true, breakLength: Infinity, maxArrayLength: null });

const reads = (a: any, b: any): unknown[] => [a === null ? null : a[0], a === null ? null : a[1], b === null ? null : b[2]];
const changes = (a: any, b: any): unknown => {
  if (a === null) return b;
  if (b !== null) b[2] = b[2] + 1;
  a[1] = a[1] + (b === null ? 0.5 : b[2]);
  return a;
};

export default defineJob(async (env, args: { left: string; right: string; budget?: number }) => {
  if (args.budget !== undefined) env.getConfig().setMemoryBudget(args.budget);
  const out: Record<string, string[]> = {};
  for (const hint of [JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_HASH_SECOND]) {
    for (const [name, f] of Object.entries({ reads, changes })) {
      const left = env.readCsvFile(args.left).types("number", "number");
      const right = env.readCsvFile(args.right).types("number", "number", "number");
      out[`inner ${hint} ${name}`] = (await left.join(right, hint).where(0).equalTo(0).with(f).collect()).map(exact).sort();
      out[`full ${hint} ${name}`] = (await left.fullOuterJoin(right, hint).where(0).equalTo(0).with(f).collect()).map(exact).sort();
    }
  }
  return out;
});
