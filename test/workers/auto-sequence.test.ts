/**
 * "auto" over a sequence above its record threshold (issue 17): the coordinator runs a subtask
 * beside a worker thread from the start and both claim the sequence's ranges as they read them
 * (source-runner.ts sequenceSplits); the coordinator's loop yields to its event loop, so the worker
 * is served while it runs, and stops at its next batch when the worker's subtask fails.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { tempDirs } from "../temp-dirs.js";
import { runJob } from "../../src/index.js";
import { assignSplits, sequenceSplits, type SequenceSplit } from "../../src/runtime/task/source-runner.js";
import type { PhysicalNode } from "../../src/plan/physical.js";

const temp = tempDirs("sluice-auto-sequence-");
const job = new URL("../jobs/auto-sequence.job.ts", import.meta.url);
const N = 300_000;

type Execution = { mode: string; workers?: number; coordinator?: string; reason: string };
type Got = { execution: Execution; mappedHere: number; perThread?: [string, number, number][]; error?: string };

test("sequence ranges: contiguous, in order, covering from..to once", () => {
  const ranges = sequenceSplits(5, 104, 8);
  assert.equal(ranges.length, 8);
  assert.deepEqual(ranges.map((r) => r.splitNumber), [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.equal(ranges[0]!.from, 5);
  assert.equal(ranges.at(-1)!.to, 105);
  for (let i = 1; i < ranges.length; i++) assert.equal(ranges[i]!.from, ranges[i - 1]!.to);
  assert.deepEqual(sequenceSplits(1, 2, 4).map((r) => r.to - r.from), [0, 1, 0, 1]);
  assert.deepEqual(sequenceSplits(1, 0, 2).map((r) => r.to - r.from), [0, 0]);
  // As the per-subtask ranges always were: floor(total * i / n) records before range i.
  assert.deepEqual(sequenceSplits(1, 10, 3).map((r) => [r.from, r.to]), [[1, 4], [4, 7], [7, 11]]);
  // A long sequence cut finely: the exact bounds (BigInt) where total * i passes 2^53.
  const total = 2 ** 50 + 12_345;
  const long = sequenceSplits(7, 7 + total - 1, 1000);
  const exact = (i: number): number => 7 + Number((BigInt(total) * BigInt(i)) / 1000n);
  assert.deepEqual(long.map((r) => r.from), long.map((_, i) => exact(i)));
  assert.equal(long.at(-1)!.to, 7 + total);
});

test("sequence ranges per subtask: one each, or many to claim (down to 16,384 records)", async () => {
  const node = { name: "seq", driver: "SOURCE", parallelism: 2, logical: { kind: "source", source: { kind: "sequence", from: 1, to: 2_000_000 } } } as unknown as PhysicalNode;
  const one = (await assignSplits(node)) as SequenceSplit[][];
  assert.deepEqual(one.map((s) => s.map((r) => [r.from, r.to])), [[[1, 1_000_001]], [[1_000_001, 2_000_001]]]);
  const claimed = (await assignSplits(node, 16)).flat() as SequenceSplit[];
  assert.equal(claimed.length, Math.ceil(2_000_000 / 16_384));
  assert.equal(claimed.reduce((n, r) => n + r.to - r.from, 0), 2_000_000);
});

test("auto over a sequence: the coordinator maps beside a worker, which is served while the coordinator's loop runs", async () => {
  const auto = await runJob<Got>(job, { n: N, marker: join(temp.dir(), "marker") }, { parallelism: 2, mode: "auto" });
  const here = await runJob<Got>(job, { n: N, marker: join(temp.dir(), "marker-here") }, { parallelism: 2, mode: "in-process" });
  const total = (g: Got): [number, number] => g.perThread!.reduce(([n, s], [, c, v]) => [n + c, s + v], [0, 0]);
  assert.deepEqual(total(auto), [N, (N * (N + 1)) / 2]);
  assert.deepEqual(total(here), total(auto));
  if (availableParallelism() < 2) return;
  assert.equal(auto.execution.mode, "threads", auto.execution.reason);
  assert.equal(auto.execution.workers, 1);
  assert.match(auto.execution.reason, /300,000 known input records.*the coordinator runs subtasks beside 1 worker thread, splits claimed/);
  // The coordinator spins per record until the worker has mapped one: without yields its loop would
  // claim every range before the worker's subtask went out.
  const threads = new Map(auto.perThread!.map(([t, c]) => [t, c]));
  assert.ok((threads.get("coordinator") ?? 0) > 0 && (threads.get("worker") ?? 0) > 0, JSON.stringify(auto.perThread));
});

test("auto over a sequence: a worker's failure stops the coordinator's subtask at its next batch", async () => {
  if (availableParallelism() < 2) return;
  const got = await runJob<Got>(job, { n: N, marker: join(temp.dir(), "never"), fail: true }, { parallelism: 2, mode: "auto" });
  assert.match(got.error!, /no worker may map/);
  assert.match(got.error!, /operator 'Map' \(subtask 2\/2\)/);
  // The coordinator spins 0.05 ms per record (the marker never comes): left running it would map
  // every range the worker no longer claims, most of the 300,000 records.
  assert.ok(got.mappedHere < N / 2, `the coordinator mapped ${got.mappedHere} records`);
});
