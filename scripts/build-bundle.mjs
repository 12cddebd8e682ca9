// `npm run build`, after tsc: bundles the library's runtime entries into one module graph of a few
// files (esbuild, which tsx already brings), written over tsc's dist/index.js and dist/job/*-main.js.
// Loading ~250 small modules cost a fresh process or worker ~160 ms; the bundle loads in ~55 ms
// (the start-up every worker of a job pays before its first subtask). The entries share chunks
// (dist/chunk-*.js and a chunk per dynamic import), so a job module importing "sluice" and the worker main running it use one
// copy of the library. tsc's other files stay (types, the CLI, which imports dist/index.js).
// SLUICE_BUNDLED tells the code it runs from the bundle, where every chunk lies in dist/ itself
// (src/common/library-file.ts). `node scripts/build-bundle.mjs [outdir]` writes elsewhere (a test).
import { existsSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = resolve(root, process.argv[2] ?? "dist");
// An earlier build's chunks (esbuild names them name-HASH.js, the hash in capitals and digits).
if (existsSync(dist)) for (const f of readdirSync(dist)) if (/^[\w-]+-[A-Z0-9]{8}\.js(\.map)?$/.test(f)) rmSync(join(dist, f));

await build({
  absWorkingDir: root,
  entryPoints: ["src/index.ts", "src/job/worker-main.ts", "src/job/dask-worker-main.ts"],
  outbase: "src",
  outdir: dist,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  // Class and function names stay what the sources say (errors, the wire's class registry, plans).
  keepNames: true,
  sourcemap: true,
  sourcesContent: true,
  define: { SLUICE_BUNDLED: "true" },
  logLevel: "warning",
});
process.stderr.write(`build-bundle: ${join(dist, "index.js")} and the worker mains bundled\n`);
