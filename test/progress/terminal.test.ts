/**
 * The live display under a real pseudo-terminal (util-linux `script`): progress lines appear on
 * stderr while stdout (redirected to a file) carries only the program's output; without a
 * terminal, or with SLUICE_PROGRESS=0, nothing is printed.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { tempDir } from "../io/tmp.js";

const root = resolve(import.meta.dirname, "../..");
const hasScript = spawnSync("script", ["--version"]).status === 0;

function program(dir: string): string {
  const path = join(dir, "job.mts");
  writeFileSync(
    path,
    `import { ExecutionEnvironment } from ${JSON.stringify(join(root, "src/index.ts"))};
const env = ExecutionEnvironment.createLocalEnvironment(2);
env.getConfig().setExecutionMode("in-process");
const [sum] = await env.generateSequence(1, 2_000_000).map((n) => [n % 10, n] as [number, number]).groupBy(0).sum(1).map((t) => t[1]).reduce((a, b) => a + b).collect();
console.log("sum", sum);
`,
  );
  return path;
}

/** Runs the program with stderr on a pseudo-terminal; returns the terminal's text and stdout's file. */
function underTerminal(job: string, dir: string, env: Record<string, string> = {}): { terminal: string; stdout: string } {
  const out = join(dir, "stdout.txt");
  const r = spawnSync("script", ["-qfec", `node --import tsx ${job} > ${out}`, "/dev/null"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, SLUICE_PROGRESS_INTERVAL_MS: "20", ...env },
    timeout: 120_000,
  });
  assert.equal(r.status, 0, r.stderr + r.stdout);
  return { terminal: r.stdout, stdout: readFileSync(out, "utf8") };
}

test(
  "under a terminal, stderr shows live per-operator progress and stdout holds only the output",
  { skip: !hasScript && "util-linux script is missing" },
  () => {
    const dir = tempDir();
    const { terminal, stdout } = underTerminal(program(dir), dir);
    assert.equal(stdout, "sum 2000001000000\n");
    assert.match(terminal, /▶ DataSource \(generateSequence 1..2000000\)/);
    assert.match(terminal, /in [\d,]+ {2}out [\d,]+/);
    assert.match(terminal, /busy: /);
    assert.match(terminal, /✓ .*Reduce/);
    assert.match(terminal, /· done/);
    assert.ok(terminal.includes("\x1b[4A\r\x1b[J"), "redrawn in place (cursor up over the 4 lines, clear)");
    assert.ok(!terminal.includes("sum 2000001000000"), "program output is not on the terminal");
  },
);

test("without a terminal, or with SLUICE_PROGRESS=0, nothing is printed on stderr", { skip: !hasScript && "util-linux script is missing" }, () => {
  const dir = tempDir();
  const job = program(dir);
  const plain = spawnSync("node", ["--import", "tsx", job], { cwd: root, encoding: "utf8", timeout: 120_000 });
  assert.equal(plain.status, 0, plain.stderr);
  assert.equal(plain.stdout, "sum 2000001000000\n");
  assert.equal(plain.stderr, "");
  const off = underTerminal(job, dir, { SLUICE_PROGRESS: "0" });
  assert.equal(off.stdout, "sum 2000001000000\n");
  assert.equal(off.terminal, "");
});
