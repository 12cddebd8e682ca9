/**
 * The plan request goes to a worker with the run's opening (job-session.ts runRemote): a worker
 * plans the action on reaching it, without first asking the coordinator, whose thread may be busy
 * with its own subtasks (it reads messages between batches, every 10 ms, or not at all inside a
 * long user function call). Checked on SLUICE_TRACE's timeline in a child process: the worker
 * planned before the coordinator read its "action" message.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { tempDirs } from "../temp-dirs.js";

const temp = tempDirs("sluice-plan-request-");

test("a worker plans its action without asking the busy coordinator first", { skip: availableParallelism() < 2 }, () => {
  const job = new URL("../jobs/plan-request.job.ts", import.meta.url).href;
  const index = new URL("../../src/index.ts", import.meta.url).href;
  const script = `
    const { runJob } = await import(${JSON.stringify(index)});
    const sums = await runJob(${JSON.stringify(job)}, { marker: ${JSON.stringify(join(temp.dir(), "marker"))}, holdMs: 400 }, { parallelism: 2, mode: "auto" });
    process.stdout.write(JSON.stringify(sums));`;
  const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8", env: { ...process.env, SLUICE_TRACE: "1", SLUICE_EXECUTION_MODE: "" }, timeout: 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
  const n = 300_000;
  assert.deepEqual(JSON.parse(r.stdout), [[0, (n / 2) * (n / 2 + 1)], [1, (n / 2) ** 2]]);
  const at = (re: RegExp): number => {
    const m = re.exec(r.stderr);
    assert.ok(m, `${re} not in the trace:\n${r.stderr}`);
    return Number(m[1]);
  };
  const planned = at(/\[sluice trace (\d+) ms, thread \d+\] planned action 0/);
  const heard = at(/\[sluice trace (\d+) ms, coordinator\] worker thread 1 says action 0/);
  assert.ok(planned < heard, `the worker planned at ${planned} ms, the coordinator read its "action" at ${heard} ms`);
});
