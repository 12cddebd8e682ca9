/** JobListener: submitted, sampled progress snapshots and executed, with the numbers the job really moved. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ExecutionEnvironment, TextInputFormat, type ProgressSnapshot } from "../../src/index.js";
import { tempDir } from "../io/tmp.js";

/** An environment that runs in this thread (worker threads relay no counters yet). */
function localEnv(p: number): ExecutionEnvironment {
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  env.getConfig().setExecutionMode("in-process");
  return env;
}

for (const p of [1, 4]) {
  test(`a listener gets submitted, progress snapshots and executed; the final snapshot counts every record and byte [p=${p}]`, async () => {
    const path = join(tempDir(), "words.txt");
    const lines = Array.from({ length: 50_000 }, (_, i) => `w${i % 100} x${i % 7}`);
    writeFileSync(path, lines.join("\n") + "\n");
    const env = localEnv(p);
    const events: string[] = [];
    const snapshots: ProgressSnapshot[] = [];
    env.registerJobListener({
      onJobSubmitted: (job) => events.push(`submitted ${job.jobName}`),
      onProgress: (s) => {
        snapshots.push(s);
        events.push("progress");
      },
      onJobExecuted: (result, error) => events.push(`executed ${result?.getJobName()} ${String(error)}`),
    });
    const counts = await env
      .readTextFile(path)
      .flatMap((line: string, out) => line.split(" ").forEach((w) => out.collect([w, 1] as [string, number])))
      .groupBy(0)
      .sum(1)
      .collect();
    assert.equal(counts.length, 107);
    assert.equal(events[0], "submitted collect");
    assert.match(events.at(-1)!, /^executed collect undefined$/);
    const last = snapshots.at(-1)!;
    assert.equal(last.final, true);
    assert.equal(snapshots.filter((s) => s.final).length, 1);
    assert.deepEqual(last.busy, []);
    assert.ok(last.operators.every((o) => o.state === "finished" && o.subtasksFinished === o.parallelism));
    const source = last.operators.find((o) => o.name.includes("readTextFile"))!;
    assert.equal(source.recordsIn, 50_000, "lines read");
    assert.equal(source.bytesTotal, Buffer.byteLength(lines.join("\n") + "\n"));
    assert.equal(source.bytesRead, source.bytesTotal);
    if (p > 1) {
      // Source -> FlatMap -> Combine ships to Reduce -> collect: what one chain sent, the next received.
      assert.equal(last.operators.length, 2);
      assert.equal(last.operators[1]!.recordsIn, source.recordsOut);
      assert.ok(source.recordsOut >= 107 && source.recordsOut <= 107 * p);
    }
  });
}

test("a failed job tells listeners its error; a throwing listener does not fail the job", async () => {
  const env = localEnv(2);
  let seen: unknown;
  env.registerJobListener({ onJobExecuted: (_r, e) => (seen = e), onJobSubmitted: () => { throw new Error("listener bug"); } });
  await assert.rejects(env.fromElements(1, 2).map((n) => { if (n === 2) throw new Error("boom"); return n; }).collect(), /boom/);
  assert.match(String(seen), /boom/);
  assert.deepEqual(await env.fromElements(1, 2).collect(), [1, 2]);
});

test("without listeners and without a terminal, the runtime counts nothing (no collector)", async () => {
  const env = localEnv(2);
  // stderr of the test runner is not a terminal: the display is off, and with no listener there is no tracker.
  assert.equal(process.stderr.isTTY === true, false);
  assert.deepEqual(await env.fromElements(3, 1, 2).collect(), [3, 1, 2]);
});

test("a text split reports the bytes it consumed while it is read (live percent within one split)", async () => {
  const path = join(tempDir(), "big.txt");
  const text = Array.from({ length: 200_000 }, (_, i) => `line ${i}`).join("\n") + "\n";
  writeFileSync(path, text);
  const format = new TextInputFormat(path);
  const [split] = await format.createInputSplits(1);
  await format.open(split!);
  assert.equal(format.getSplitBytesRead(), 0);
  await format.nextBatch(50_000);
  const partway = format.getSplitBytesRead();
  assert.ok(partway > 0 && partway < split!.length, `partway: ${partway} of ${split!.length}`);
  while (!format.reachedEnd()) await format.nextBatch(50_000);
  assert.equal(format.getSplitBytesRead(), split!.length);
  await format.close();
});
