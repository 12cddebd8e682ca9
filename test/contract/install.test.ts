/**
 * Sluice as a dependency: `npm pack` (which builds on prepare), installed from the tarball into a
 * fresh project (dependencies from the npm cache when it has them), then a strict TypeScript file
 * compiled against the installed types and run, an .mjs file run, the `sluice` bin run, and the
 * source maps checked to point at shipped files.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const skip = process.env.SLUICE_EXECUTION_MODE === "threads" ? "tested in the in-process pass" : false;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(cmd: string, args: string[], cwd: string): string {
  const env = { ...process.env };
  delete env.SLUICE_EXECUTION_MODE;
  for (const k of Object.keys(env)) if (k.startsWith("npm_")) delete env[k];
  return execFileSync(cmd, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 300_000 });
}

test("npm pack, install the tarball into a fresh project, compile strict TS and run .mjs against it", { skip, timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-install-"));
  try {
    const packed = JSON.parse(run(npm, ["pack", "--json", "--pack-destination", dir], ROOT)) as { filename: string; files: { path: string }[] }[];
    const files = packed[0]!.files.map((f) => f.path);
    for (const f of [
      "dist/index.js",
      "dist/index.d.ts",
      "dist/cli/main.js",
      "dist/examples/word-count.js",
      "dist/examples/data/mill-race.txt",
      "src/index.ts",
      "README.md",
      "python/sluice_dask.py",
    ]) {
      assert.ok(files.includes(f), `the package ships ${f}`);
    }
    assert.ok(!files.some((f) => f.startsWith("test/")), "tests are not shipped");
    const project = join(dir, "app");
    execFileSync("mkdir", ["-p", project]);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    run(npm, ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", join(dir, packed[0]!.filename)], project);
    assert.ok(existsSync(join(project, "node_modules/@types/node/package.json")), "@types/node comes with it (a peer dependency)");

    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2022",
          types: ["node"],
          outDir: "out",
          noUncheckedIndexedAccess: true,
        },
      }),
    );
    writeFileSync(
      join(project, "count.ts"),
      [
        `import { ExecutionEnvironment, type DataSet } from "sluice";`,
        `const env = ExecutionEnvironment.getExecutionEnvironment();`,
        `const words: DataSet<[string, number]> = env.fromElements("a b", "b c b").flatMap<[string, number]>((line, out) => { for (const w of line.split(" ")) out.collect([w, 1]); });`,
        `const counts: [string, number][] = await words.groupBy(0).sum(1).collect();`,
        `console.log(JSON.stringify(counts.sort()));`,
      ].join("\n"),
    );
    run(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], project);
    assert.equal(run(process.execPath, ["out/count.js"], project).trim(), `[["a",1],["b",3],["c",1]]`);

    writeFileSync(
      join(project, "plain.mjs"),
      `import { ExecutionEnvironment } from "sluice";\nconst env = ExecutionEnvironment.getExecutionEnvironment();\nconsole.log(await env.generateSequence(1, 100).count());\n`,
    );
    assert.equal(run(process.execPath, ["plain.mjs"], project).trim(), "100");

    const bin = join(project, "node_modules/.bin/sluice");
    assert.match(run(bin, ["examples", "word-count"], project), /-- the ten most frequent words/);
    assert.match(run(bin, ["explain", "plain.mjs"], project), /Data Source "DataSource \(generateSequence 1\.\.100\)"/);

    // Source maps name files the package ships.
    const pkg = join(project, "node_modules/sluice");
    const map = JSON.parse(readFileSync(join(pkg, "dist/index.js.map"), "utf8")) as { sources: string[]; sourcesContent?: string[] };
    for (const s of map.sources) assert.ok(existsSync(resolve(dirname(join(pkg, "dist/index.js")), s)), `source map entry ${s} is shipped`);
    assert.ok(map.sourcesContent && map.sourcesContent.length === map.sources.length, "sources are inlined too");
    assert.ok(readdirSync(join(pkg, "dist/examples")).includes("word-count.js"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
