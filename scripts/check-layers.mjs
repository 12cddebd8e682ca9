// Layer check (STYLE.md section 1): every import in src/ points down the layer diagram, and no
// two files import each other, directly or around a loop. Run by `npm test` (`npm run check:layers`).
//
// A small script rather than dependency-cruiser or eslint-plugin-import: the rules are ten lines
// of data below, it needs only the TypeScript parser we already ship, it sees type-only imports,
// `export ... from` and `import()` types the same way, and it prints each offending edge with both
// files. There is no allowlist: since issue 17 removed the last upward imports (client and
// runtime/workers into api, streaming into runtime/workers), every violation fails.
//
// One exception to "no cycle": inside the two public API folders (src/api, src/streaming/api) a loop
// of type-only imports is allowed. Their public types are mutually recursive by design (a DataSet's
// join() returns a JoinOperatorSets whose equalTo() returns a DataSet; an ExecutionEnvironment makes
// DataSets that return it from getExecutionEnvironment()), so without `import type` they would have
// to share one file. Type-only imports are erased at compile time: they cannot make a module load
// before the one it extends, which is what forced the declaration merging and setPrototypeOf that
// issue 14 removed. Any loop with a run-time import, and any type-only loop elsewhere, still fails.
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SRC = join(ROOT, "src");

/** Layer of a file (path relative to src/): the first folder, except the sub-layers named here. */
function layerOf(file) {
  if (file === "index.ts") return "index";
  if (file.startsWith("runtime/exchange/")) return "runtime/exchange";
  return file.split("/")[0].replace(/\.ts$/, "");
}

/** Which layers each layer may import (itself always). The diagram: api -> plan <- optimizer -> runtime. */
const MAY_IMPORT = {
  common: [],
  plan: ["common"],
  io: ["common"],
  "runtime/exchange": ["plan", "common", "io"],
  runtime: ["runtime/exchange", "plan", "common", "io"],
  optimizer: ["plan", "common"],
  api: ["common", "plan", "io", "client"],
  client: ["optimizer", "runtime", "runtime/exchange", "plan", "common", "io"],
  streaming: ["common", "plan", "io", "runtime/exchange"],
  // Job modules and runJob: the entry gets an ExecutionEnvironment; sessions live in client.
  job: ["api", "client", "common"],
  cli: ["index"],
  // The public facade re-exports API.md names, some of them types defined in runtime (ChannelMetric).
  index: ["job", "api", "common", "plan", "io", "client", "streaming", "optimizer", "runtime", "runtime/exchange"],
};

function listFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listFiles(path));
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/**
 * Whether an import/export declaration exists only at compile time: `import type` / `export type`.
 * (`import { type A }` is not: under verbatimModuleSyntax it stays as `import {} from`, which loads the module.)
 */
function isTypeOnly(node) {
  return ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly === true : node.isTypeOnly;
}

/** Every module specifier a file names, with whether it is type-only: import/export declarations, import() calls and types. */
function specifiers(path) {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.ES2022, true);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push({ spec: node.moduleSpecifier.text, typeOnly: isTypeOnly(node) });
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) found.push({ spec: arg.literal.text, typeOnly: true });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) found.push({ spec: arg.text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Resolves a relative specifier to a file under src/ (".js" written for ".ts"), or undefined. */
function resolveSpecifier(fromPath, spec) {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(fromPath), spec);
  for (const candidate of [base.replace(/\.js$/, ".ts"), base, `${base}.ts`, join(base, "index.ts")]) {
    if (candidate.startsWith(SRC) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const files = listFiles(SRC).map((p) => relative(SRC, p));
const edges = new Map(files.map((f) => [f, new Set()]));
const runtimeEdges = new Set(); // "from -> to" for edges with at least one import that survives compilation
for (const file of files) {
  for (const { spec, typeOnly } of specifiers(join(SRC, file))) {
    const target = resolveSpecifier(join(SRC, file), spec);
    if (target === undefined) continue;
    const to = relative(SRC, target);
    edges.get(file).add(to);
    if (!typeOnly) runtimeEdges.add(`${file} -> ${to}`);
  }
}

/** The public API folders, whose types may refer to each other around a loop (see the header). */
const MUTUALLY_TYPED = ["api/", "streaming/api/"];
function typeLoopAllowed(from, to) {
  if (runtimeEdges.has(`${from} -> ${to}`)) return false;
  return MUTUALLY_TYPED.some((dir) => from.startsWith(dir) && to.startsWith(dir));
}

const problems = [];

// 1. Layers: an edge between layers must be one the diagram allows.
for (const [from, targets] of edges) {
  const fromLayer = layerOf(from);
  const may = MAY_IMPORT[fromLayer];
  if (may === undefined) {
    problems.push(`unknown layer "${fromLayer}" for src/${from}: add it to MAY_IMPORT in scripts/check-layers.mjs`);
    continue;
  }
  for (const to of targets) {
    const toLayer = layerOf(to);
    if (toLayer === fromLayer || may.includes(toLayer)) continue;
    problems.push(`layer: src/${from} (${fromLayer}) imports src/${to} (${toLayer}); ${fromLayer} may import only ${may.join(", ") || "itself"}`);
  }
}

// 2. Cycles between files (Tarjan's strongly connected components).
const graph = new Map();
for (const [from, targets] of edges) graph.set(from, [...targets].filter((to) => !typeLoopAllowed(from, to)));
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
let counter = 0;
const components = [];
function strongConnect(v) {
  index.set(v, counter);
  low.set(v, counter);
  counter++;
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v)) {
    if (!index.has(w)) {
      strongConnect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) {
      low.set(v, Math.min(low.get(v), index.get(w)));
    }
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v).includes(v)) components.push(component);
  }
}
for (const f of files) if (!index.has(f)) strongConnect(f);

/** One loop inside a component, as a list of files (breadth-first from its first file back to it). */
function loopIn(component) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const parent = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v)) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let p = parent.get(v); p !== undefined; p = parent.get(p)) path.unshift(p);
        return [...path, start];
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return component;
}
for (const component of components) {
  const loop = loopIn(component);
  const steps = loop.slice(0, -1).map((f, i) => `    src/${f} imports src/${loop[i + 1]}`).join("\n");
  problems.push(`cycle of ${component.length} files:\n${steps}`);
}

if (problems.length > 0) {
  console.error(`check-layers: ${problems.length} problem(s) (STYLE.md section 1):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.error(
  `check-layers: ${files.length} files, ${[...edges.values()].reduce((n, s) => n + s.size, 0)} imports, no upward import, no cycle`,
);
