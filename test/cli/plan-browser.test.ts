/**
 * The rendered plan in a real headless browser (Debian's chromium, .ci/run installs it): the page
 * loads without errors and shows every operator and every channel of a join-and-group plan, each
 * with a visible box or line; scripts/plan-screenshot.mjs produces the screenshot.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES, ROOT, sluice } from "./run-cli.js";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// CI (.ci/run) installs chromium and sets SLUICE_REQUIRE_BROWSER=1: there a missing browser fails.
const skip = process.env.SLUICE_EXECUTION_MODE === "threads"
  ? "tested in the in-process pass"
  : !existsSync(chromium) && process.env.SLUICE_REQUIRE_BROWSER !== "1" ? `${chromium} is missing (apt-get install chromium)` : false;

interface Seen {
  errors: string[];
  nodes: { id: string; pact: string; text: string; width: number; height: number }[];
  edges: { from: string; to: string; label: string; width: number; height: number }[];
}

test("plan as HTML in headless Chromium: every operator and channel of a join-and-group plan is shown; a screenshot is written", { skip }, async () => {
  assert.ok(existsSync(chromium), `${chromium} is missing: apt-get install -y chromium (.ci/run does)`);
  const job = join(FIXTURES, "join-and-group-job.ts");
  const plan = await sluice(["explain", "--format", "json", job]);
  assert.equal(plan.code, 0, plan.stderr);
  const [graph] = JSON.parse(plan.stdout) as {
    nodes: { id: string; pact: string; name: string }[];
    edges: { from: string; to: string; ship: string; chained: boolean }[];
  }[];
  const dir = mkdtempSync(join(tmpdir(), "sluice-shot-"));
  try {
    const png = join(dir, "plan.png");
    const run = spawnSync(process.execPath, [join(ROOT, "scripts/plan-screenshot.mjs"), job, png], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
    assert.equal(run.status, 0, run.stderr);
    const seen = JSON.parse(run.stdout) as Seen;
    assert.deepEqual(seen.errors, []);
    assert.deepEqual(seen.nodes.map((n) => n.id).sort(), graph!.nodes.map((n) => n.id.slice(1)).sort());
    for (const n of graph!.nodes) {
      const box = seen.nodes.find((s) => s.id === n.id.slice(1))!;
      assert.ok(box.width > 40 && box.height > 20, `operator ${n.id} has a visible box`);
      assert.ok(box.text.includes(n.pact) && box.text.includes(n.name), `operator ${n.id} shows "${n.pact}" and "${n.name}": ${box.text}`);
    }
    assert.equal(graph!.nodes.filter((n) => n.pact === "Join").length, 1);
    assert.equal(graph!.nodes.filter((n) => n.pact === "Aggregate").length, 1);
    assert.deepEqual(seen.edges.map((e) => `${e.from}->${e.to}`).sort(), graph!.edges.map((e) => `${e.from.slice(1)}->${e.to.slice(1)}`).sort());
    for (const e of seen.edges) {
      assert.ok(e.width + e.height > 10, `channel ${e.from}->${e.to} is drawn`);
      const g = graph!.edges.find((x) => x.from === `n${e.from}` && x.to === `n${e.to}`)!;
      assert.ok(e.label.startsWith(g.chained ? "chained" : g.ship), `channel ${e.from}->${e.to} is labelled: ${e.label}`);
    }
    assert.ok(statSync(png).size > 10_000, "the screenshot was written");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
