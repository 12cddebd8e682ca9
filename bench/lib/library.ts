/**
 * Which Sluice the harness runs: the compiled library in dist/ (what `npm run build` makes and a
 * user's program imports), so a whole-process workload does not time compiling TypeScript on the
 * fly (tsx: ~0.5 s more start-up); the TypeScript sources when dist/ is missing or older than a
 * file in src/ (never stale code). run.ts and profile.ts build dist/ first when it is stale.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

type Library = typeof import("../../src/index.js");

const REPO_DIR = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const DIST_INDEX = join(REPO_DIR, "dist", "index.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Whether dist/ holds the compiled library of the current src/. */
export function distIsFresh(): boolean {
  return existsSync(DIST_INDEX) && statSync(DIST_INDEX).mtimeMs >= newestMtime(join(REPO_DIR, "src"));
}

/** Builds dist/ when it is stale (tsc -p tsconfig.build.json, then the bundle); false when the build failed. */
export function ensureDist(): boolean {
  if (distIsFresh()) return true;
  console.error("bench: dist/ is older than src/: compiling the library (tsc -p tsconfig.build.json, scripts/build-bundle.mjs)");
  const opts = { cwd: REPO_DIR, stdio: ["ignore", "inherit", "inherit"] as ("ignore" | "inherit")[] };
  const tsc = spawnSync(process.execPath, [join(REPO_DIR, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"], opts);
  const bundle = tsc.status === 0 ? spawnSync(process.execPath, [join(REPO_DIR, "scripts", "build-bundle.mjs")], opts) : tsc;
  return bundle.status === 0 && distIsFresh();
}

/**
 * The library to run: SLUICE_BENCH_LIBRARY=dist|src as the parent decided (run.ts, profile.ts:
 * `chooseLibrary`), else compiled when fresh.
 */
export async function loadSluice(): Promise<Library> {
  const choice = process.env["SLUICE_BENCH_LIBRARY"] ?? (distIsFresh() ? "dist" : "src");
  if (choice === "dist") return (await import(pathToFileURL(DIST_INDEX).href)) as Library;
  return import("../../src/index.js");
}

/**
 * Decides once for every child (SLUICE_BENCH_LIBRARY, which the children inherit): what the
 * variable already says, else dist/ (built first when stale) unless its build fails.
 */
export function chooseLibrary(): string {
  const choice = process.env["SLUICE_BENCH_LIBRARY"] ?? (ensureDist() ? "dist" : "src");
  process.env["SLUICE_BENCH_LIBRARY"] = choice;
  console.error(`bench: Sluice runs from ${choice === "dist" ? "the compiled library (dist/)" : "its TypeScript sources (src/, through tsx)"}`);
  return choice;
}
