/**
 * Failures leave nothing behind (issue 13), with real child processes: a SIGKILL before or in the
 * middle of an OVERWRITE commit, SIGTERM/SIGINT, and process.exit in a user function. A later job
 * writing the same path removes the staging a dead process left and restores an old output its
 * commit had moved aside.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readOutput, tempDir } from "./tmp.js";

const CHILD = "test/io/fixtures/writer-child.ts";
const ONE_TO_3000 = Array.from({ length: 3000 }, (_, i) => `${i + 1}\n`).join("");

interface Child {
  /** Resolves once stderr showed `text`. */
  waitFor(text: string): Promise<void>;
  kill(signal: NodeJS.Signals): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function startChild(args: string[], pause?: "commit" | "aside"): Child {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.SLUICE_TEST_COMMIT_PAUSE;
  if (pause) env.SLUICE_TEST_COMMIT_PAUSE = pause;
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, ...args], { env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stderr.on("data", (b: Buffer) => {
    stderr += b.toString();
    for (const w of waiters) if (stderr.includes(w.text)) w.resolve();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, stderr })),
  );
  return {
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        if (stderr.includes(text)) return resolve();
        waiters.push({ text, resolve });
        void exited.then((r) => reject(new Error(`child exited (${r.code ?? r.signal}) before '${text}': ${r.stderr}`)));
      }),
    kill: (signal) => child.kill(signal),
    exited,
  };
}

function oldOutputDir(dir: string): string {
  const target = join(dir, "out");
  mkdirSync(target);
  writeFileSync(join(target, "1"), "old\n");
  return target;
}

const staging = (dir: string) => readdirSync(dir).filter((n) => n.includes("sluice-staging"));
const T = { timeout: 120_000 };

test("SIGKILL before the commit leaves staging that the next job writing the path removes", T, async () => {
  const dir = tempDir();
  const target = oldOutputDir(dir);
  const child = startChild([target, "3", "OVERWRITE", "run"], "commit");
  await child.waitFor("paused at commit phase 'commit'");
  child.kill("SIGKILL");
  await child.exited;
  assert.equal(staging(dir).length, 1, "the killed writer left its staging");
  assert.equal(readOutput(target), "old\n");
  // The later job runs in another child too, so this test file runs no job (in any mode).
  const later = await startChild([target, "2", "OVERWRITE", "run"]).exited;
  assert.equal(later.code, 0, later.stderr);
  assert.deepEqual(readdirSync(dir), ["out"]);
  assert.equal(readOutput(target), ONE_TO_3000);
});

test("SIGKILL between moving the old output aside and renaming the new in: the next job restores the old output", T, async () => {
  const dir = tempDir();
  const target = oldOutputDir(dir);
  const child = startChild([target, "3", "OVERWRITE", "run"], "aside");
  await child.waitFor("paused at commit phase 'aside'");
  child.kill("SIGKILL");
  await child.exited;
  assert.deepEqual(readdirSync(dir).filter((n) => n === "out"), [], "killed mid-commit: the old output is aside");
  // NO_OVERWRITE: the restored old output exists, so the job fails, and nothing else is left.
  const later = await startChild([target, "1", "NO_OVERWRITE", "run"]).exited;
  assert.notEqual(later.code, 0);
  assert.match(later.stderr, /already exists/);
  assert.deepEqual(readdirSync(dir), ["out"]);
  assert.equal(readOutput(target), "old\n");
});

test("a file replacing a file is one rename: a SIGKILL during the commit never leaves it missing", T, async () => {
  const dir = tempDir();
  const target = join(dir, "out.txt");
  writeFileSync(target, "old\n");
  const child = startChild([target, "1", "OVERWRITE", "run"], "aside");
  await child.waitFor("committed");
  await child.exited;
  assert.deepEqual(readdirSync(dir), ["out.txt"]);
  assert.equal(readOutput(target), ONE_TO_3000);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  test(`${signal} during a job removes its staging and still ends the process by the signal`, T, async () => {
    const dir = tempDir();
    const target = oldOutputDir(dir);
    const child = startChild([target, "3", "OVERWRITE", "run"], "commit");
    await child.waitFor("paused at commit phase 'commit'");
    child.kill(signal);
    const r = await child.exited;
    assert.equal(r.signal, signal);
    assert.deepEqual(readdirSync(dir), ["out"]);
    assert.equal(readOutput(target), "old\n");
  });
}

test("a program's own SIGINT handler keeps its behaviour, and its exit removes the staging", T, async () => {
  const dir = tempDir();
  const child = startChild([join(dir, "out"), "3", "NO_OVERWRITE", "own-handler"], "commit");
  await child.waitFor("paused at commit phase 'commit'");
  child.kill("SIGINT");
  const r = await child.exited;
  assert.equal(r.code, 7);
  assert.match(r.stderr, /handled SIGINT/);
  assert.deepEqual(readdirSync(dir), []);
});

test("process.exit in a user function mid-job removes the staging", T, async () => {
  const dir = tempDir();
  const r = await startChild([join(dir, "out"), "1", "NO_OVERWRITE", "exit"]).exited;
  assert.notEqual(r.code, 0);
  assert.deepEqual(readdirSync(dir), []);
});
