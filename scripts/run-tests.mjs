// Runs every *.test.ts under test/ with Node's built-in test runner through tsx.
// Node 20's --test takes no globs, so the file list is gathered here.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

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
const files = only.length > 0 ? only : findTests("test");
const result = spawnSync(
  process.execPath,
  ["--import", "tsx", "--test", "--test-concurrency=2", ...files],
  { stdio: "inherit" },
);
process.exit(result.status ?? 1);
