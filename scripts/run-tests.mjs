// Runs every *.test.ts under test/ with Node's built-in test runner through tsx.
// Node 20's --test takes no globs, so the file list is gathered here.
import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";

function findTests(dir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...findTests(path));
    else if (name.endsWith(".test.ts")) found.push(path);
  }
  return found;
}

const only = process.argv.slice(2);
// Quiet while tests pass, failures in full, the runner's closing lines (# tests N, # pass N, # fail N).
const reporter = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), "test-reporter.mjs")).href;
const pass = process.env.SLUICE_EXECUTION_MODE === "threads" ? "worker threads" : "in process";
const files = only.length > 0 ? only : findTests("test");
const result = spawnSync(
  process.execPath,
  ["--import", "tsx", "--test", "--test-concurrency=2", `--test-reporter=${reporter}`, "--test-reporter-destination=stdout", ...files],
  { stdio: "inherit", env: { ...process.env, SLUICE_TEST_PASS: process.env.SLUICE_TEST_PASS ?? pass } },
);
process.exit(result.status ?? 1);
