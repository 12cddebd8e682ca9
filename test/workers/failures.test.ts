import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isMainThread } from "node:worker_threads";
import { ExecutionEnvironment, InvalidProgramException, JobExecutionException, RichMapFunction } from "../../src/index.js";

function threaded(p = 4): ExecutionEnvironment {
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  env.getConfig().setExecutionMode("threads");
  return env;
}

// Top-level randomness: the coordinator and each worker draw different numbers.
const drawn = Math.random();
// The output directory is chosen once, by the coordinator; workers never create files themselves.
// Its name must not be random (the plan holds it): the process id is the same in every thread.
const outDir = join(tmpdir(), `sluice-workers-${process.pid}`);
if (isMainThread) mkdirSync(outDir, { recursive: true });

test("a plan that differs in the workers is detected and explained", async () => {
  const env = threaded();
  await assert.rejects(
    env.fromElements(drawn, 1, 2).map((x) => x + 1).collect(),
    (e: Error) => {
      assert.ok(e instanceof InvalidProgramException, String(e));
      assert.match(e.message, /worker \d built a different plan than the coordinator \(the data in the plan differs/);
      assert.match(e.message, /randomness/);
      assert.match(e.message, /setExecutionMode\("in-process"\)/);
      return true;
    },
  );
});

test("a large collection that differs in the workers is detected from its sampled elements", async () => {
  // 100,000 elements: the fingerprint looks at the length and 4,096 evenly spaced ones, first and last included.
  const data = Array.from({ length: 100_000 }, (_, i) => i);
  if (!isMainThread) data[data.length - 1] = -1;
  await assert.rejects(threaded().fromCollection(data).map((x) => x + 1).collect(), (e: Error) => {
    assert.ok(e instanceof InvalidProgramException, String(e));
    assert.match(e.message, /the data in the plan differs/);
    return true;
  });
});

test("an exception in a worker fails the job naming operator and subtask", async () => {
  const env = threaded();
  await assert.rejects(
    env.generateSequence(1, 1000).map((x) => {
      if (x === 900) throw new RangeError(`bad record ${x}`);
      return x;
    }).name("Checker").collect(),
    (e: Error) => {
      assert.ok(e instanceof JobExecutionException, String(e));
      assert.match(e.message, /operator 'Checker' \(subtask 4\/4\) threw RangeError: bad record 900/);
      assert.equal((e.cause as Error).message, "bad record 900");
      return true;
    },
  );
});

test("when several subtasks fail, the lowest subtask's error is reported, as in process", async () => {
  const env = threaded();
  await assert.rejects(
    env.generateSequence(1, 400).map(new (class extends RichMapFunction<number, number> {
      map(x: number): number {
        const me = this.getRuntimeContext().getIndexOfThisSubtask();
        if (me === 0) { const until = Date.now() + 300; while (Date.now() < until); } // fails last
        throw new Error(`subtask ${me} failed at ${x}`);
      }
    })()).name("AllFail").collect(),
    (e: Error) => {
      assert.ok(e instanceof JobExecutionException, String(e));
      assert.match(e.message, /operator 'AllFail' \(subtask 1\/4\) threw Error: subtask 0 failed/);
      return true;
    },
  );
});

test("a worker that dies (process.exit in a function) fails the job quickly", async () => {
  const env = threaded();
  const start = performance.now();
  await assert.rejects(
    env.generateSequence(1, 1000).map((x) => {
      if (x === 10) process.exit(7);
      return x;
    }).name("Exiter").collect(),
    (e: Error) => {
      assert.ok(e instanceof JobExecutionException, String(e));
      assert.match(
        e.message,
        /operator 'DataSource \(generateSequence 1\.\.1000\) -> Exiter -> DataSink \(collect\(\)\)' \(subtask 1\/4\) threw Error: worker thread \d exited with code 7/,
      );
      return true;
    },
  );
  assert.ok(performance.now() - start < 5000, "detected within seconds");
  // The pool starts over for the next job.
  assert.deepEqual(await threaded().generateSequence(1, 4).collect().then((r) => r.sort()), [1, 2, 3, 4]);
});

test("a failed job leaves no partial output", async () => {
  const env = threaded();
  const out = join(outDir, "out");
  env.generateSequence(1, 5000).map((x) => {
    if (x === 4000) throw new Error("late failure");
    return x;
  }).writeAsText(out);
  await assert.rejects(env.execute(), JobExecutionException);
  if (isMainThread) {
    assert.ok(!existsSync(out));
    assert.deepEqual(readdirSync(outDir), []);
    rmSync(outDir, { recursive: true, force: true });
  }
});

