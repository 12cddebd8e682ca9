/** A job killed mid-spill (SIGKILL) leaves its spill directory; the next job's first spill removes it. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { Order } from "../../src/index.js";
import { envWith, spillRoot, TINY_BUDGET } from "./spill-helpers.js";

test("a job killed mid-spill leaves files that the next run removes", { timeout: 120_000 }, async () => {
  const root = spillRoot();
  const script = new URL("./fixtures/slow-spill.ts", import.meta.url).pathname;
  const child = spawn(process.execPath, ["--import", "tsx", script, root], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => { if (d.toString().includes("spilled")) resolve(); });
    child.on("exit", (code) => reject(new Error(`the child ended before spilling (exit ${code})`)));
  });
  const left = readdirSync(root);
  assert.equal(left.length, 1);
  assert.match(left[0]!, new RegExp(`^sluice-spill-${child.pid}-`));
  assert.ok(readdirSync(join(root, left[0]!)).some((f) => f.endsWith(".spill")), "spill files exist mid-spill");
  const exited = new Promise((resolve) => child.on("exit", resolve));
  child.kill("SIGKILL");
  await exited;
  assert.deepEqual(readdirSync(root), left, "a killed process cannot clean up");

  const env = envWith(1, TINY_BUDGET, root);
  const data = Array.from({ length: 5000 }, (_, i) => [(i * 31) % 5000, i] as [number, number]);
  const sorted = await env.fromCollection(data).sortPartition(0, Order.ASCENDING).collect();
  assert.equal(sorted.length, 5000);
  assert.deepEqual(readdirSync(root), [], "the next run removed the dead process's directory and its own");
});
