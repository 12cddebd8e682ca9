// Type-level tests (issue 19): compiles test/types/**/*.ts with the project's strict options and checks
//  1. every `// @ts-expect-error TSxxxx fragment` fails for the right reason: the directives are removed
//     in memory, and the line after each one must have a diagnostic with that code whose message
//     contains the fragment (text after the code, optional); no other line may have a diagnostic;
//  2. nothing in examples/ and test/types/seeds/ has the type `any` (a declaration, parameter or call),
//     so those programs are typed by inference alone.
// Positive inference checks are `assertType<Equal<A, B>>()` lines, checked by compiling (1).
// Run by `npm test` (`npm run check:types`); `--list` prints every case.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const TYPES = join(ROOT, "test", "types");
const NO_ANY_DIRS = [join(ROOT, "examples"), join(TYPES, "seeds")];
const DIRECTIVE = /\/\/\s*@ts-expect-error\b(.*)$/;
const list = process.argv.includes("--list");

function listFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listFiles(path));
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

const config = ts.getParsedCommandLineOfConfigFile(join(TYPES, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail(d) });
const files = listFiles(TYPES).filter((f) => !f.startsWith(join(TYPES, "public") + "/"));
const examples = listFiles(NO_ANY_DIRS[0]);
const problems = [];

// Expected errors: file -> line (0-based, the line after the directive) -> { code, fragment, directiveLine }.
const expected = new Map();
const stripped = new Map();
for (const file of files) {
  const lines = readFileSync(file, "utf8").split("\n");
  expected.set(file, directives(file, lines));
  stripped.set(file, lines.join("\n"));
}

/** The expected errors of one file (line after each directive -> code, fragment); removes the directives from `lines`. */
function directives(file, lines) {
  const cases = new Map();
  lines.forEach((line, i) => {
    const m = DIRECTIVE.exec(line);
    if (!m) return;
    const spec = m[1].trim();
    const code = /^TS(\d+)\b\s*(.*)$/.exec(spec);
    if (!code) {
      problems.push(`${rel(file)}:${i + 1}: a @ts-expect-error must name the expected error: // @ts-expect-error TS2345 <message fragment>`);
      return;
    }
    cases.set(i + 1, { code: Number(code[1]), fragment: code[2], directiveLine: i + 1 });
    lines[i] = line.replace(DIRECTIVE, "// (expected error below)");
  });
  return cases;
}

const host = ts.createCompilerHost(config.options);
const readFile = host.readFile.bind(host);
host.readFile = (name) => stripped.get(resolve(name)) ?? readFile(name);
const getSourceFile = host.getSourceFile.bind(host);
host.getSourceFile = (name, lang, onError, create) => {
  const text = stripped.get(resolve(name));
  return text !== undefined ? ts.createSourceFile(name, text, lang, true) : getSourceFile(name, lang, onError, create);
};
const program = ts.createProgram({ rootNames: [...files, ...examples], options: { ...config.options, noEmit: true }, host });

const seen = new Set();
const diagnosticsAt = new Map(); // "file:line" -> the texts of its diagnostics, for a missing expected error
for (const d of ts.getPreEmitDiagnostics(program)) judge(d);

/** Matches a diagnostic with the expected error of its line, or records it as unexpected. */
function judge(d) {
  const file = d.file ? resolve(d.file.fileName) : undefined;
  const text = ts.flattenDiagnosticMessageText(d.messageText, " ");
  if (file === undefined || d.start === undefined) {
    problems.push(`TS${d.code}: ${text}`);
    return;
  }
  const line = d.file.getLineAndCharacterOfPosition(d.start).line;
  const at = `${file}:${line}`;
  diagnosticsAt.set(at, [...(diagnosticsAt.get(at) ?? []), `TS${d.code} ${text}`]);
  const want = expected.get(file)?.get(line);
  if (want && want.code === d.code && text.includes(want.fragment)) seen.add(at);
  else if (!want) problems.push(`${rel(file)}:${line + 1}: unexpected TS${d.code}: ${text}`);
  // another error on an expected line: judged below if the right one is missing
}
// 2. No `any` in the example programs and the seeds' examples.
const checker = program.getTypeChecker();
for (const file of [...examples, ...files.filter((f) => f.startsWith(NO_ANY_DIRS[1]))]) {
  const sf = program.getSourceFile(file);
  const visit = (node) => {
    // A call whose result the program casts (`JSON.parse(text) as Plan`) states its type.
    const stated = ts.isCallExpression(node) && (ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent));
    const declared = ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node);
    const target = declared ? node.name : ts.isCallExpression(node) && !stated ? node : undefined;
    if (target && !ts.isObjectBindingPattern(target) && !ts.isArrayBindingPattern(target)) {
      const type = checker.getTypeAtLocation(target);
      if (type.flags & ts.TypeFlags.Any) {
        const { line } = sf.getLineAndCharacterOfPosition(target.getStart());
        problems.push(`${rel(file)}:${line + 1}: '${target.getText().slice(0, 60)}' has the type any`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

// 3. The public .d.ts: tsconfig.build.json's declarations (stripInternal) emitted in memory, compiled as
//    a user's project sees them (skipLibCheck off), with test/types/public/*.ts importing "sluice". No
//    member tagged @internal in src may remain on an exported class (DataSet's node/env/derive, ...).
const PUBLIC = join(TYPES, "public");
const publicFiles = listFiles(PUBLIC);
const buildConfig = ts.getParsedCommandLineOfConfigFile(join(ROOT, "tsconfig.build.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail(d) });
const buildOptions = { ...buildConfig.options, noEmit: false, emitDeclarationOnly: true, sourceMap: false, inlineSources: false, declarationMap: false };
const sourceProgram = ts.createProgram({ rootNames: buildConfig.fileNames, options: buildOptions });
const dts = new Map();
const emitted = sourceProgram.emit(undefined, (name, text) => dts.set(resolve(name), text));
for (const d of emitted.diagnostics) problems.push(`emitting the .d.ts: TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
const DIST = resolve(buildOptions.outDir);
const inDist = (name) => resolve(name).startsWith(DIST + "/");
const { options: publicOptions } = ts.convertCompilerOptionsFromJson(
  { strict: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2023"], types: ["node"], noEmit: true, skipLibCheck: false },
  ROOT,
);
publicOptions.paths = { sluice: [join(DIST, "index.d.ts")] };
const publicHost = ts.createCompilerHost(publicOptions);
const publicText = (name) => (inDist(name) ? dts.get(resolve(name)) : stripped.get(resolve(name)));
const baseRead = publicHost.readFile.bind(publicHost);
const baseExists = publicHost.fileExists.bind(publicHost);
const baseSource = publicHost.getSourceFile.bind(publicHost);
publicHost.readFile = (name) => publicText(name) ?? (inDist(name) ? undefined : baseRead(name));
publicHost.fileExists = (name) => (inDist(name) ? dts.has(resolve(name)) : stripped.has(resolve(name)) || baseExists(name));
publicHost.directoryExists = (name) => !inDist(name) || [...dts.keys()].some((k) => k.startsWith(resolve(name) + "/")) || resolve(name) === DIST;
publicHost.getSourceFile = (name, lang, onError, create) => {
  const text = publicText(name);
  return text !== undefined ? ts.createSourceFile(name, text, lang, true) : inDist(name) ? undefined : baseSource(name, lang, onError, create);
};
for (const file of publicFiles) {
  const lines = readFileSync(file, "utf8").split("\n");
  expected.set(file, directives(file, lines));
  stripped.set(file, lines.join("\n"));
}
const publicProgram = ts.createProgram({ rootNames: [...dts.keys(), ...publicFiles], options: publicOptions, host: publicHost });
for (const d of ts.getPreEmitDiagnostics(publicProgram)) {
  const file = d.file ? resolve(d.file.fileName) : undefined;
  if (file !== undefined && inDist(file)) problems.push(`the public .d.ts does not compile: ${relative(DIST, file)}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
  else judge(d);
}
const internalMembers = new Map(); // class name -> names of its members tagged @internal in src
for (const sf of sourceProgram.getSourceFiles()) {
  if (sf.isDeclarationFile || !resolve(sf.fileName).startsWith(join(ROOT, "src") + "/")) continue;
  const tagged = (n) => (ts.getLeadingCommentRanges(sf.text, n.pos) ?? []).some((c) => sf.text.slice(c.pos, c.end).includes("@internal"));
  const visit = (node) => {
    if (ts.isClassDeclaration(node) && node.name) {
      const names = internalMembers.get(node.name.text) ?? new Set();
      for (const m of node.members) {
        if (m.name && tagged(m)) names.add(m.name.getText(sf));
        if (ts.isConstructorDeclaration(m)) for (const p of m.parameters) if (ts.getModifiers(p)?.length && tagged(p)) names.add(p.name.getText(sf));
      }
      internalMembers.set(node.name.text, names);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
if (!["node", "env", "derive"].every((m) => internalMembers.get("DataSet")?.has(m))) problems.push("DataSet's node, env and derive are no longer tagged @internal: update this check");
const publicChecker = publicProgram.getTypeChecker();
const index = publicProgram.getSourceFile(join(DIST, "index.d.ts"));
let classesChecked = 0;
for (const sym of index ? publicChecker.getExportsOfModule(publicChecker.getSymbolAtLocation(index)) : []) {
  const target = sym.flags & ts.SymbolFlags.Alias ? publicChecker.getAliasedSymbol(sym) : sym;
  if (!(target.flags & ts.SymbolFlags.Class)) continue;
  classesChecked++;
  const members = publicChecker.getDeclaredTypeOfSymbol(target).getProperties().map((p) => p.name);
  const internal = internalMembers.get(target.name) ?? new Set();
  for (const m of members) if (internal.has(m)) problems.push(`the public .d.ts shows ${target.name}.${m}, tagged @internal in src`);
}
if (classesChecked === 0) problems.push("the public .d.ts exports no classes: the check did not run");

let mustFail = 0;
let inference = 0;
for (const [file, cases] of expected) {
  for (const [line, want] of cases) {
    mustFail++;
    if (!seen.has(`${file}:${line}`)) {
      const got = diagnosticsAt.get(`${file}:${line}`) ?? [];
      problems.push(
        `${rel(file)}:${want.directiveLine}: expected TS${want.code} "${want.fragment}" on the next line, got ${got.length ? got.join(" | ") : "no error"}`,
      );
    } else if (list) {
      console.log(`must fail  ${rel(file)}:${line + 1}  TS${want.code} ${want.fragment}`);
    }
  }
  for (const [i, l] of stripped.get(file).split("\n").entries()) {
    if (/assertType<Equal</.test(l)) {
      inference++;
      if (list) console.log(`infers     ${rel(file)}:${i + 1}  ${l.trim()}`);
    }
  }
}

function rel(file) {
  return relative(ROOT, file);
}
function fail(d) {
  console.error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  process.exit(1);
}

if (problems.length > 0) {
  console.error(`check-type-tests: ${problems.length} problem(s):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.error(
  `check-type-tests: ${mustFail} must-fail cases failed for the expected reason, ${inference} inference checks hold, ` +
    `${examples.length} examples and ${files.filter((f) => f.startsWith(NO_ANY_DIRS[1])).length} seed programs have no any, ` +
    `the public .d.ts compiles and its ${classesChecked} exported classes show no @internal member`,
);
