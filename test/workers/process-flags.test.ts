import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

test("workers run a program started with process-only flags and see its arguments", { timeout: 60_000 }, async () => {
  // --max-old-space-size is refused in a Worker's execArgv; the program's argument (1000) decides its plan.
  const { stdout } = await run(process.execPath, ["--max-old-space-size=512", "--import", "tsx", "test/workers/argv-program.ts", "1000"], { timeout: 55_000 });
  assert.equal(stdout, "sum=1001000\n");
});
