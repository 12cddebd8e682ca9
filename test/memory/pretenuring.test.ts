/**
 * Where records are allocated, asked of V8 itself in a child with --allow-natives-syntax. V8
 * allocates straight into the old generation from an allocation site most of whose objects
 * survived a scavenge (pretenuring).
 * - A reduce that keeps the first record of each of many keys must not make V8 pretenure the
 *   producer's site (common/copy.ts keptRecord): a running-sum reduce that kept the join function's
 *   own arrays made every later array of that function old (keeping a copy: csv-job 0.80x).
 * - Copies a sorter holds until its input ends should be made old (common/held-copy.ts): made
 *   young by spread, 2M copies were each copied again by the scavenger (sort: 45% in the collector).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

test("the join function's arrays stay young after a grouped sum over 100,000 keys; a sorter's held copies are made old", () => {
  const child = fileURLToPath(new URL("./pretenuring-child.ts", import.meta.url));
  const r = spawnSync(process.execPath, ["--allow-natives-syntax", "--import", "tsx", child], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout.trim().split("\n").at(-1)!) as { young: boolean; groups: number; sorted: number; sortedYoung: number };
  assert.equal(report.groups, 100_000);
  assert.equal(report.young, true, "V8 pretenured the join function's array literal");
  assert.equal(report.sorted, 300_000);
  assert.equal(report.sortedYoung, 0, `${report.sortedYoung} of the sorter's last 100 copies are young`);
});
