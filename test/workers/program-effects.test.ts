/**
 * What the program does outside subtasks happens once (in the coordinator), although every worker
 * runs the program too: top-level file writes, temporary directories (mkdtemp gives every thread
 * the coordinator's directory), and a failed job does not make the workers start over.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isMainThread } from "node:worker_threads";
import { ExecutionEnvironment, JobExecutionException, WriteMode } from "../../src/index.js";
import { loaderImports } from "../../src/runtime/workers/worker-bootstrap.js";
import { outputLines } from "../contract/tmp.js";

function threaded(p = 4): ExecutionEnvironment {
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  env.getConfig().setExecutionMode("threads");
  return env;
}

// Top level: a random directory and a write into it. Workers get the same directory and write nothing.
const dir = mkdtempSync(join(tmpdir(), "sluice-effects-"));
appendFileSync(join(dir, "top-level.log"), "once\n");

test("top-level file writes happen once; mkdtemp gives the workers the coordinator's directory", async () => {
  const env = threaded();
  const later = await mkdtemp(join(dir, "later-")); // made between jobs, by the promise API
  const out = join(later, "out");
  env.generateSequence(1, 100).map((x) => {
    appendFileSync(join(dir, "inside.log"), `${x}\n`); // inside a subtask: a real write, in the worker
    return x * 2;
  }).writeAsText(out);
  await env.execute();
  assert.equal(readFileSync(join(dir, "top-level.log"), "utf8"), "once\n");
  assert.equal(readFileSync(join(dir, "inside.log"), "utf8").split("\n").filter(Boolean).length, 100);
  assert.deepEqual(outputLines(out).map(Number).sort((a, b) => a - b), Array.from({ length: 100 }, (_, i) => 2 * (i + 1)));
});

test("a failed job cancels its other subtasks; workers that stop stay in the pool", async () => {
  await assert.rejects(
    threaded().generateSequence(1, 400_000).map((x) => { if (x === 10) throw new Error("early"); return x + 1; }).collect(),
    JobExecutionException,
  );
  const written: string[] = [];
  const original = process.stderr.write.bind(process.stderr);
  (process.stderr as { write: unknown }).write = (chunk: string | Uint8Array, ...rest: never[]): boolean =>
    typeof chunk === "string" ? (written.push(chunk), true) : original(chunk, ...rest);
  try {
    assert.equal((await threaded().generateSequence(1, 1000).collect()).length, 1000);
  } finally {
    (process.stderr as { write: unknown }).write = original;
  }
  assert.ok(!written.some((l) => /starting \d+ worker thread/.test(l)), written.join(""));
});

test("workers replaying the program read files as the coordinator's program did, before later jobs change them", { timeout: 90_000 }, async () => {
  const file = join(dir, "state.txt");
  writeFileSync(file, "old\n"); // the coordinator's write; a no-op in the workers
  await threaded().generateSequence(1, 10).collect(); // workers running from here on
  const atOne = ExecutionEnvironment.createLocalEnvironment(1); // jobs at parallelism 1 run in process
  await atOne.fromElements(1).collect();
  if (!isMainThread) { const until = Date.now() + 500; while (Date.now() < until); } // a worker lagging behind
  const seen = readFileSync(file, "utf8");
  atOne.fromElements("new").writeAsText(file, WriteMode.OVERWRITE);
  await atOne.execute(); // changes the file: runs only once every worker has read it
  assert.equal(seen, "old\n"); // in every thread; a worker that read "new" would take another path
  assert.equal((await threaded().generateSequence(1, 100).collect()).length, 100);
});

test("a thrown value that is not an Error reaches the program as a copy", async () => {
  await assert.rejects(threaded().generateSequence(1, 100).map((x) => { if (x === 50) throw { code: 42, at: x }; return x; }).collect(), (e: unknown) => {
    assert.ok(e instanceof JobExecutionException);
    assert.deepEqual(e.cause, { code: 42, at: 50 });
    return true;
  });
});

test("programs started by the tsx command line load the TypeScript loader in workers", () => {
  const imports = loaderImports(["--require", "/p/node_modules/tsx/dist/preflight.cjs", "--import", "file:///p/node_modules/tsx/dist/loader.mjs"]);
  assert.deepEqual(imports, [{ url: "file:///p/node_modules/tsx/dist/esm/api/index.mjs", register: true }]);
});

test("cleanup", () => {
  rmSync(dir, { recursive: true, force: true }); // a no-op in the workers
});
