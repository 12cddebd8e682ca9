/**
 * An action's result reaches the workers only when they need it to go on (job-session.ts record /
 * runRemote): the next action on workers answers those waiting at an earlier one, while the last
 * action's result, after which the entry ends here, is never encoded nor sent. Before, every
 * collect() in threads encoded its whole result for the workers after the job, on the caller's
 * time (a 44k-word collect: ~40-70 ms). Read from SLUICE_TRACE in a child process.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";

test("workers get an action's result when the next action needs them, never the last one's", () => {
  const job = new URL("../jobs/actions.job.ts", import.meta.url).href;
  const index = new URL("../../src/index.ts", import.meta.url).href;
  const script = `
    const { runJob } = await import(${JSON.stringify(index)});
    const r = await runJob(${JSON.stringify(job)}, { n: 500 }, { parallelism: 2, mode: "threads" });
    process.stdout.write(JSON.stringify(r));`;
  const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8", env: { ...process.env, SLUICE_TRACE: "1", SLUICE_EXECUTION_MODE: "", SLUICE_WORKERS: "1" }, timeout: 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { count: number; max: number; next: number[] };
  assert.equal(out.count, 500 - Math.floor(500 / 7));
  assert.equal(out.next.length, out.max);
  const answered = (action: number): number => [...r.stderr.matchAll(new RegExp(`\\] result of action ${action} to worker thread \\d`, "g"))].length;
  // Actions 0-2 come before another action on workers: the one worker gets each result once.
  for (const action of [0, 1, 2]) assert.equal(answered(action), 1, `result of action ${action}:\n${r.stderr}`);
  // The entry ends after action 3 (the "where" collect): nothing to send.
  assert.equal(answered(3), 0, r.stderr);
});
