/**
 * A reduce that keeps the first record of each of many keys must not make V8 pretenure the
 * producer's allocation site (common/copy.ts keptRecord): V8 allocates straight into the old
 * generation from a site most of whose objects survived a scavenge, and a running-sum reduce that
 * kept the join function's own arrays made every later array of that function old (csv-job 1.08 ->
 * 0.82 s cold when the reduce keeps its own copy). Asked of V8 itself, in a child with
 * --allow-natives-syntax: an array the join's function makes after the job is young.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

test("after a grouped sum over 100,000 keys, the join function's arrays are still allocated young", () => {
  const child = fileURLToPath(new URL("./pretenuring-child.ts", import.meta.url));
  const r = spawnSync(process.execPath, ["--allow-natives-syntax", "--import", "tsx", child], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout.trim().split("\n").at(-1)!) as { young: boolean; groups: number };
  assert.equal(report.groups, 100_000);
  assert.equal(report.young, true, "V8 pretenured the join function's array literal");
});
