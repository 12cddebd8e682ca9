/** Spill directories: one per job, removed however the job ends; what a dead process left is removed. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { JobExecutionException, Order } from "../../src/index.js";
import { removeStaleSpillDirectories, SpillSpace } from "../../src/runtime/spill/spill-space.js";
import { envWith, spillRoot, TINY_BUDGET } from "./spill-helpers.js";

function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(r.stdout);
}

test("directories of processes that no longer run are removed; live ones stay", () => {
  const root = spillRoot();
  const dead = join(root, `sluice-spill-${deadPid()}-abc`);
  const live = join(root, `sluice-spill-${process.pid}-def`);
  const other = join(root, "unrelated");
  for (const d of [dead, live, other]) mkdirSync(d);
  writeFileSync(join(dead, "sort-run-1.spill"), "x");
  assert.deepEqual(removeStaleSpillDirectories(root), [basename(dead)]);
  assert.ok(!existsSync(dead) && existsSync(live) && existsSync(other));
});

test("a job's first spill removes stale directories; its own directory goes when it ends", () => {
  const root = spillRoot();
  mkdirSync(join(root, `sluice-spill-${deadPid()}-old`));
  const space = new SpillSpace(root);
  const file = space.newFile("sort-run");
  writeFileSync(file, "x");
  assert.deepEqual(readdirSync(root), [space.directory!.split("/").pop()]);
  space.dispose();
  assert.deepEqual(readdirSync(root), []);
});

test("a job that fails after spilling leaves no spill directory", async () => {
  const root = spillRoot();
  const env = envWith(2, TINY_BUDGET, root);
  const data = Array.from({ length: 4000 }, (_, i) => [i % 97, `v${i}`] as [number, string]);
  let seen = 0;
  const job = env.fromCollection(data).rebalance().sortPartition(0, Order.ASCENDING).map((r) => {
    if (++seen > 100) throw new Error("boom");
    return r;
  }).collect();
  await assert.rejects(job, JobExecutionException);
  assert.deepEqual(readdirSync(root), []);
});
