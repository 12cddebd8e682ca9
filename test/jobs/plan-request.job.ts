/**
 * A sequence in "auto" (the coordinator maps beside a worker thread) whose first record in the
 * coordinator blocks its thread, without yielding, until the worker's entry has started (it writes
 * `marker`) and `holdMs` longer: meanwhile the worker reaches the action and can plan it only if
 * the plan request came with the run's opening, not in answer to its "action" message, which the
 * blocked coordinator cannot read yet. plan-request.test.ts reads the order from SLUICE_TRACE.
 */
import { existsSync, writeFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";
import { defineJob } from "../../src/index.js";

export default defineJob(async (env, args: { marker: string; holdMs: number }) => {
  if (!isMainThread) writeFileSync(args.marker, "");
  let held = false;
  const sums = await env.generateSequence(1, 300_000)
    .map((x): [number, number] => {
      if (isMainThread && !held) {
        held = true;
        for (const until = performance.now() + 5000; !existsSync(args.marker) && performance.now() < until;);
        for (const until = performance.now() + args.holdMs; performance.now() < until;);
      }
      return [x % 2, x];
    })
    .groupBy(0).sum(1).collect();
  return sums.sort((a, b) => a[0] - b[0]);
});
