/**
 * "auto" over files above its threshold (issue 17): the coordinator runs subtasks beside a worker
 * thread, and the source tasks' splits are claimed as the subtasks read them (split-claims.ts).
 * The plan JSON says so; a word count and a CSV join with a file sink give what they give in
 * process, whoever read which split, and the worker reads lines of the splits it claims (the
 * coordinator spins until it has). Claims: each split goes to exactly one claimer.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { tempDirs } from "../temp-dirs.js";
import { runJob } from "../../src/index.js";
import { claimedSplits, newSplitClaim } from "../../src/runtime/executors/split-claims.js";
import type { InputSplit } from "../../src/common/formats.js";
import { seededRandom } from "../helpers.js";

const temp = tempDirs("sluice-auto-coordinator-");

type Execution = { mode: string; workers?: number; coordinator?: string; splits?: string; reason: string };
type Got = { execution: Execution; counts: [string, number][]; lines: string[]; threads: [string, number][]; subtasks: number[]; waited: string };

function inputs(): { text: string; orders: string; users: string } {
  const rnd = seededRandom(17);
  const lines: string[] = [];
  for (let i = 0, size = 0; size < 3 * 2 ** 20; i++) {
    const line = Array.from({ length: 12 }, () => `w${Math.floor(rnd() * rnd() * 5000)}`).join(" ");
    lines.push(line);
    size += line.length + 1;
  }
  const orders = Array.from({ length: 120_000 }, (_, i) => `${i},${Math.floor(rnd() * 3000)},${Math.floor(rnd() * 100)}`);
  const users = Array.from({ length: 3000 }, (_, u) => `${u},c${u % 17}`);
  return {
    text: temp.file("words.txt", lines.join("\n") + "\n"),
    orders: temp.file("orders.csv", orders.join("\n") + "\n"),
    users: temp.file("users.csv", users.join("\n") + "\n"),
  };
}

const sorted = <T>(xs: T[]): T[] => [...xs].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

test("auto over files: the coordinator runs subtasks beside a worker, with the in-process results", async () => {
  const files = inputs();
  const job = new URL("../jobs/auto-coordinator.job.ts", import.meta.url);
  const marker = join(temp.dir(), "marker");
  // 3 MB files: "auto" from 2 MiB here (the default threshold is 16 MiB; SLUICE_AUTO_MIN_FILE_BYTES moves it).
  process.env.SLUICE_AUTO_MIN_FILE_BYTES = String(2 * 2 ** 20);
  let auto: Got;
  try {
    auto = await runJob<Got>(job, { ...files, out: join(temp.dir(), "auto"), marker }, { parallelism: 2, mode: "auto" });
  } finally {
    delete process.env.SLUICE_AUTO_MIN_FILE_BYTES;
  }
  // In process after the auto run: the marker exists (or, on one core, the spin ends with the file).
  const here = await runJob<Got>(job, { ...files, out: join(temp.dir(), "here"), marker }, { parallelism: 2, mode: "in-process" });
  if (availableParallelism() > 1) {
    assert.equal(auto.execution.mode, "threads", auto.execution.reason);
    assert.equal(auto.execution.workers, 1);
    assert.equal(auto.execution.coordinator, "runs subtasks beside the workers; a task reading under 100000 records through exchanges runs there whole");
    assert.equal(auto.execution.splits, "claimed as the subtasks read them");
    assert.match(auto.execution.reason, /\(>= 2,097,152 file bytes\).*the coordinator runs subtasks beside 1 worker thread/);
    // Both read lines: the worker claimed the splits the coordinator had not taken yet.
    const read = new Map(auto.threads);
    assert.ok((read.get("coordinator") ?? 0) > 0 && (read.get("worker") ?? 0) > 0, JSON.stringify(auto.threads));
    // The worker's subtask went out before the coordinator's ran its synchronous stretch.
    assert.equal(auto.waited, "the worker started meanwhile");
  }
  assert.equal(auto.threads.reduce((n, [, c]) => n + c, 0), here.threads.reduce((n, [, c]) => n + c, 0));
  assert.deepEqual(here.threads.map(([t]) => t), ["coordinator"]);
  // Accumulators merge in subtask order, the coordinator's subtask 0 and the worker's 1 alike.
  assert.deepEqual(here.subtasks, [0, 1]);
  assert.deepEqual(auto.subtasks, [0, 1]);
  assert.equal(here.execution.mode, "in-process");
  assert.ok(here.counts.length > 1000);
  assert.deepEqual(sorted(auto.counts), sorted(here.counts));
  assert.ok(here.lines.length > 1000);
  assert.deepEqual(sorted(auto.lines), sorted(here.lines));
});

test("split claims: every split goes to one claimer, in list order", () => {
  const all: InputSplit[] = Array.from({ length: 10 }, (_, i) => ({ splitNumber: i }));
  const claim = newSplitClaim();
  const a = claimedSplits(all, claim);
  const b = claimedSplits(all, claim);
  const got: [string, number][] = [];
  for (let done = 0; done < 2;) {
    done = 0;
    for (const [name, it] of [["a", a], ["b", b]] as const) {
      const r = it.next();
      if (r.done) done++;
      else got.push([name, r.value.splitNumber]);
    }
  }
  assert.deepEqual(got.map(([, n]) => n), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.deepEqual(got.map(([w]) => w), ["a", "b", "a", "b", "a", "b", "a", "b", "a", "b"]);
  assert.equal([...claimedSplits(all, claim)].length, 0);
});
