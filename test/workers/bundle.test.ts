/**
 * The compiled library's bundle (scripts/build-bundle.mjs, what `npm run build` writes over
 * dist/index.js): a job module importing it runs in worker threads and child processes, whose
 * worker main is found next to the bundle's chunks (src/common/library-file.ts), and the library
 * and the worker main share one copy; a job module on it run as the main module under source maps
 * runs itself. Built into .tmp/ so dist/ is not touched.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

test("a job module on the bundled library runs in threads and processes, and as the main module under source maps; the bundle imports no per-file module", { timeout: 120_000 }, async () => {
  const out = join(ROOT, ".tmp", `bundle-test-${process.pid}`);
  mkdirSync(out, { recursive: true });
  try {
    execFileSync(process.execPath, [join(ROOT, "scripts/build-bundle.mjs"), out], { stdio: ["ignore", "ignore", "pipe"] });
    const index = readFileSync(join(out, "index.js"), "utf8");
    assert.doesNotMatch(index, /from\s+["']\.\/(api|runtime|client)\//, "dist/index.js is one bundle, not tsc's tree of modules");
    const bundle = pathToFileURL(join(out, "index.js")).href;
    const job = join(out, "squares.job.mjs");
    writeFileSync(job, [
      `import { defineJob } from ${JSON.stringify(bundle)};`,
      `export default defineJob(async (env, args) => {`,
      `  const rows = await env.generateSequence(1, Number(args.n)).map((x) => [x % 3, x * x]).groupBy(0).sum(1).collect();`,
      `  return rows.sort((a, b) => a[0] - b[0]);`,
      `});`,
    ].join("\n"));
    // Run as the main module under source maps, with a map naming another file (a compiled job):
    // defineJob finds the module that runs, not the mapped original, so the module runs itself.
    const main = join(out, "main.job.mjs");
    const lines = [
      `import { defineJob } from ${JSON.stringify(bundle)};`,
      `export default defineJob(async (env, args) => {`,
      `  await env.generateSequence(1, Number(args.n)).map((x) => [x % 2, x]).groupBy(0).sum(1).print();`,
      `});`,
    ];
    writeFileSync(main, [...lines, "//# sourceMappingURL=main.job.mjs.map"].join("\n"));
    const map = { version: 3, file: "main.job.mjs", sources: ["main.job.ts"], names: [], mappings: ["AAAA", ...lines.slice(1).map(() => "AACA")].join(";") };
    writeFileSync(`${main}.map`, JSON.stringify(map));
    const self = spawnSync(process.execPath, ["--enable-source-maps", main, "--n", "4", "--parallelism", "1", "--mode", "in-process"], { encoding: "utf8" });
    assert.equal(self.status, 0, self.stderr);
    assert.deepEqual(self.stdout.trim().split("\n").sort(), ["(0,6)", "(1,4)"]);

    const { runJob } = (await import(bundle)) as typeof import("../../src/index.js");
    const expected = await runJob(pathToFileURL(job), { n: 3000 }, { parallelism: 2, mode: "in-process" });
    assert.equal((expected as unknown[]).length, 3);
    for (const mode of ["threads", "processes"] as const) {
      assert.deepEqual(await runJob(pathToFileURL(job), { n: 3000 }, { parallelism: 2, mode }), expected, mode);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
