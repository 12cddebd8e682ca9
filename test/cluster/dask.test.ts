/**
 * The Dask pass (issue 18): a scheduler and 3 workers on 127.0.0.1 (scripts/dask-local-cluster.mjs,
 * Debian's python3-distributed), the examples and a representative set of job modules run through
 * runJob's `cluster` option, each compared with its in-process run; then the faults: a throwing
 * function, a worker's Node process killed mid-job, a plan that differs in the workers. Skipped
 * when distributed is not installed, unless SLUICE_REQUIRE_DASK=1 (CI sets it).
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JobExecutionException, runJob } from "../../src/index.js";
import { captureStdout } from "../helpers.js";
// @ts-expect-error a plain ES module script without types
import { pythonCommand, startLocalCluster } from "../../scripts/dask-local-cluster.mjs";

const P = 3;
const job = (name: string): URL => new URL(`../jobs/${name}.job.ts`, import.meta.url);
const example = (name: string): URL => new URL(`../../examples/${name}.ts`, import.meta.url);

const installed = spawnSync(pythonCommand() as string, ["-c", "import distributed"]).status === 0;
if (!installed && process.env.SLUICE_REQUIRE_DASK === "1") throw new Error("SLUICE_REQUIRE_DASK=1 but python3-distributed is not installed");
const skip = installed ? false : "python3-distributed is not installed (apt-get install python3-distributed)";

let cluster: { address: string; stop(): Promise<void> } | undefined;
before(async () => {
  if (!skip) cluster = (await startLocalCluster({ workers: 3 })) as typeof cluster;
}, { timeout: 90_000 });
after(async () => {
  await cluster?.stop();
});

const onCluster = <R>(url: URL, args: unknown): Promise<R> => runJob<R>(url, args, { parallelism: P, cluster: cluster!.address });

test("job modules give the in-process result on the cluster: operators, iterations, range partitioning, actions feeding later jobs, sinks", { skip, timeout: 180_000 }, async () => {
  for (const [name, args] of [["sum-of-squares", { n: 500 }], ["operators", { n: 200 }], ["iterations", {}]] as const) {
    const expected = await runJob(job(name), args, { parallelism: P, mode: "in-process" });
    assert.deepEqual(await onCluster(job(name), args), expected, name);
  }
  const range = new URL("./range.job.ts", import.meta.url);
  assert.deepEqual(await onCluster(range, {}), await runJob(range, {}, { parallelism: P, mode: "in-process" }), "range partitioning, big held batches");
  const expected = await runJob<{ where: string[] }>(job("actions"), {}, { parallelism: P, mode: "in-process" });
  const got = await onCluster<{ where: string[] }>(job("actions"), {});
  assert.deepEqual({ ...got, where: [] }, { ...expected, where: [] });
  assert.ok(got.where.length >= 1 && got.where.every((w) => w.startsWith("worker") && w !== `worker ${process.pid}`), got.where.join(", "));
  const runs: { printed: string; files: unknown }[] = [];
  for (const where of ["in-process", "cluster"]) {
    const dir = mkdtempSync(join(tmpdir(), "sluice-dask-sinks-"));
    try {
      let files: unknown;
      const printed = await captureStdout(async () => {
        files = where === "cluster" ? await onCluster(job("sinks"), { dir }) : await runJob(job("sinks"), { dir }, { parallelism: P, mode: "in-process" });
      });
      runs.push({ printed: printed.split("\n").sort().join("\n"), files });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  assert.match(runs[0]!.printed, /^zero:\d> \(0,v5\)$/m);
  assert.deepEqual(runs[1], runs[0]);
});

test("sluice run job.ts --cluster addr: the CLI runs a job module on the cluster", { skip, timeout: 90_000 }, async () => {
  const { sluice } = await import("../cli/run-cli.js");
  const r = await sluice(["run", "test/jobs/sum-of-squares.job.ts", "--cluster", cluster!.address, "--parallelism", "3", "--n", "10", "--print"]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, "(0,220)\n(1,165)\n");
});

const EXAMPLES = ["word-count", "join-users-orders", "grouping-aggregation", "page-rank", "connected-components", "k-means", "cogroup-order-counts", "cross-colors-sizes", "outer-joins", "union", "project-join", "join-hints", "transitive-closure"];

test("the examples print the same on the cluster as in process", { skip, timeout: 180_000 }, async () => {
  for (const name of EXAMPLES) {
    const local = await captureStdout(async () => { await runJob(example(name), {}, { parallelism: P, mode: "in-process" }); });
    const remote = await captureStdout(async () => { await onCluster(example(name), {}); });
    assert.deepEqual(remote.split("\n").sort(), local.split("\n").sort(), name);
  }
});

test("faults: a throwing function, a killed Node process, a function stuck past the signal, a differing plan: JobExecutionException, no output; the next job runs", { skip, timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-dask-fail-"));
  const noOutput = (): void => assert.ok(!existsSync(join(dir, "out")) || readdirSync(join(dir, "out")).length === 0, "no output left");
  const next = async (): Promise<void> => assert.deepEqual(await onCluster(job("sum-of-squares"), { n: 3 }), [[0, 4], [1, 10]]);
  try {
    await assert.rejects(onCluster(job("failing"), { kind: "throw", dir }), (e: unknown) => {
      assert.ok(e instanceof JobExecutionException, String(e));
      assert.match(e.message, /operator '.*Checker.*' \(subtask 3\/3\) threw RangeError: bad record 900/);
      assert.ok(e.cause instanceof RangeError);
      return true;
    });
    noOutput();
    await next();

    const running = onCluster(job("blocking"), { dir });
    running.catch(() => undefined);
    let pid: number | undefined;
    for (let i = 0; i < 600 && pid === undefined; i++) {
      const f = readdirSync(dir).find((n) => n.startsWith("pid-"));
      if (f) pid = Number(f.slice(4));
      else await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(pid !== undefined && pid !== process.pid, "a worker's Node process reached the blocking record");
    process.kill(pid, "SIGKILL");
    await assert.rejects(running, (e: unknown) => {
      assert.ok(e instanceof JobExecutionException, String(e));
      assert.match(e.message, new RegExp(`operator '.*Blocker.*' \\(subtask 3/3\\) threw .*Node process \\(pid ${pid}\\) on Dask worker tcp://127\\.0\\.0\\.1:\\d+ exited with signal 9`));
      return true;
    });
    noOutput();
    await next();

    await assert.rejects(runJob(job("failing"), { kind: "stuck", dir }, { parallelism: P, cluster: cluster!.address, signal: AbortSignal.timeout(6_000) }), (e: unknown) => {
      assert.ok(e instanceof JobExecutionException, String(e));
      assert.match(e.message, /TimeoutError|timed out|aborted/i);
      return true;
    });
    noOutput();
    await next();

    await assert.rejects(onCluster(job("diverging"), {}), (e: unknown) => {
      assert.ok(e instanceof JobExecutionException, String(e));
      assert.match(e.message, /Node process on Dask worker tcp:\/\/127\.0\.0\.1:\d+ built a different plan than the coordinator \(the data in the plan differs/);
      assert.match(e.message, /randomness/);
      return true;
    });
    await next();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
