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
const files = listFiles(TYPES);
const examples = listFiles(NO_ANY_DIRS[0]);
const problems = [];

// Expected errors: file -> line (0-based, the line after the directive) -> { code, fragment, directiveLine }.
const expected = new Map();
const stripped = new Map();
for (const file of files) {
  const lines = readFileSync(file, "utf8").split("\n");
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
  expected.set(file, cases);
  stripped.set(file, lines.join("\n"));
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
for (const d of ts.getPreEmitDiagnostics(program)) {
  const file = d.file ? resolve(d.file.fileName) : undefined;
  const text = ts.flattenDiagnosticMessageText(d.messageText, " ");
  if (file === undefined || d.start === undefined) {
    problems.push(`TS${d.code}: ${text}`);
    continue;
  }
  const line = d.file.getLineAndCharacterOfPosition(d.start).line;
  const want = expected.get(file)?.get(line);
  if (want && want.code === d.code && text.includes(want.fragment)) {
    seen.add(`${file}:${line}`);
    continue;
  }
  if (want) continue; // another error on an expected line: judged below if the right one is missing
  problems.push(`${rel(file)}:${line + 1}: unexpected TS${d.code}: ${text}`);
}
let mustFail = 0;
let inference = 0;
for (const [file, cases] of expected) {
  for (const [line, want] of cases) {
    mustFail++;
    if (!seen.has(`${file}:${line}`)) {
      const got = ts.getPreEmitDiagnostics(program, program.getSourceFile(file))
        .filter((d) => d.start !== undefined && d.file.getLineAndCharacterOfPosition(d.start).line === line)
        .map((d) => `TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
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
    `${examples.length} examples and ${files.filter((f) => f.startsWith(NO_ANY_DIRS[1])).length} seed programs have no any`,
);
