import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { InvalidProgramException, isJobModule, parseJobArgs, runJob } from "../../src/index.js";

const SUM = new URL("../jobs/sum-of-squares.job.ts", import.meta.url);

test("runJob resolves to what the entry returns, with the arguments given", async () => {
  const rows = await runJob<[number, number][]>(SUM, { n: 10 }, { parallelism: 2, mode: "in-process" });
  assert.deepEqual(rows, [[0, 4 + 16 + 36 + 64 + 100], [1, 1 + 9 + 25 + 49 + 81]]);
});

test("runJob takes an absolute path too", async () => {
  const rows = await runJob<[number, number][]>(fileURLToPath(SUM), { n: 3 }, { mode: "in-process" });
  assert.deepEqual(rows, [[0, 4], [1, 10]]);
});

test("runJob refuses a module that is not a job module; a cluster it cannot reach fails naming it", { timeout: 60_000 }, async () => {
  await assert.rejects(runJob(new URL("./run-job.test.ts", import.meta.url)), InvalidProgramException);
  process.env.SLUICE_DASK_CONNECT_TIMEOUT = "1";
  await assert.rejects(runJob(SUM, {}, { cluster: "tcp://127.0.0.1:1" }), /Dask cluster tcp:\/\/127\.0\.0\.1:1: /);
});

test("isJobModule tells a job module from a script", async () => {
  assert.equal(isJobModule(await import("../jobs/sum-of-squares.job.js")), true);
  assert.equal(isJobModule({ default: () => 1 }), false);
  assert.equal(isJobModule(undefined), false);
});

test("parseJobArgs: run options apart from the entry's arguments", () => {
  assert.deepEqual(parseJobArgs(["--input", "a.txt", "--parallelism", "2", "--mode=threads", "--verbose", "--", "x"]), {
    args: { input: "a.txt", verbose: true, _: ["x"] },
    options: { parallelism: 2, mode: "threads" },
  });
  assert.throws(() => parseJobArgs(["--parallelism", "0"]), InvalidProgramException);
});

test("a job module run as the main module runs itself with its command-line arguments", () => {
  const r = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(SUM), "--n", "4", "--print", "--parallelism", "2", "--mode", "in-process"], {
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, "(0,20)\n(1,10)\n");
});
