// `npm run build`, after tsc: compiles examples/ into dist/examples/ (with their bundled data) so
// `sluice examples` works from the installed package. Each file is transpiled on its own (the
// typecheck covers them) and its imports of ../src/ point at the compiled package root instead.
import { cpSync, mkdirSync, readdirSync, statSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const from = join(root, "examples");
const to = join(root, "dist", "examples");

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "data") out.push(...walk(path));
    } else if (name.endsWith(".ts")) out.push(path);
  }
  return out;
}

let n = 0;
for (const file of walk(from)) {
  const rel = relative(from, file);
  const { outputText } = ts.transpileModule(readFileSync(file, "utf8"), {
    fileName: file,
    compilerOptions: {
      module: ts.ModuleKind.ES2022,
      target: ts.ScriptTarget.ES2022,
      sourceMap: false,
      inlineSourceMap: true,
      inlineSources: true,
      verbatimModuleSyntax: true,
    },
  });
  // examples/x.ts imports "../src/index.js"; dist/examples/x.js imports "../index.js" (dist/index.js).
  const js = outputText.replace(/(from\s+|import\s*\(\s*)(["'])((?:\.\.\/)+)src\//g, "$1$2$3");
  const dest = join(to, rel.replace(/\.ts$/, ".js"));
  mkdirSync(dirname(dest), { recursive: true });
  writeFileSync(dest, js);
  n++;
}
cpSync(join(from, "data"), join(to, "data"), { recursive: true });
process.stderr.write(`build-examples: ${n} examples compiled into dist/examples\n`);
