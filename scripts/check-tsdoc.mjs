// TSDoc check (issue 19): every public method of the operator classes (src/api, src/streaming/api:
// DataSet and its subclasses, groupings, join/coGroup/cross builders, iterations, DataStream and
// its streams, the environments' sources and sinks) has a TSDoc comment with an `@example`.
// A method that only overrides a documented one (`override` without its own comment) inherits it.
// Every @example in those folders compiles (strict, in one file over a prelude of typed DataSets).
// Run by `npm test` (`npm run check:types`); `--list` prints what lacks one.
import { readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DIRS = [join(ROOT, "src", "api"), join(ROOT, "src", "streaming", "api")];

function listFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listFiles(path));
    else if (name.endsWith(".ts")) out.push(path);
  }
  return out;
}

const program = ts.createProgram({ rootNames: DIRS.flatMap(listFiles), options: { noEmit: true, allowJs: false } });
const missing = [];
const EXAMPLE = /@example\s*\n((?:\s*\*(?!\/).*\n)+?)\s*\*(?:\/| @)/g;
const blocks = [];
const origins = [];
let methods = 0;
for (const sf of program.getSourceFiles()) {
  if (!DIRS.some((d) => resolve(sf.fileName).startsWith(d + "/"))) continue;
  const comments = (n) => (ts.getLeadingCommentRanges(sf.text, n.getFullStart()) ?? []).map((c) => sf.text.slice(c.pos, c.end)).join("\n");
  for (const stmt of sf.statements) {
    if (!ts.isClassDeclaration(stmt) || !stmt.name || !ts.getModifiers(stmt)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const m of stmt.members) {
      if (!ts.isMethodDeclaration(m) || !m.name || ts.isPrivateIdentifier(m.name)) continue;
      const mods = ts.getModifiers(m) ?? [];
      if (mods.some((x) => x.kind === ts.SyntaxKind.PrivateKeyword || x.kind === ts.SyntaxKind.ProtectedKeyword)) continue;
      // Overload signatures share the implementation's comment: judge the first declaration of a name only.
      const name = m.name.getText(sf);
      const first = stmt.members.find((x) => ts.isMethodDeclaration(x) && x.name?.getText(sf) === name);
      if (first !== m) continue;
      const doc = comments(m);
      if (doc.includes("@internal")) continue;
      const override = mods.some((x) => x.kind === ts.SyntaxKind.OverrideKeyword);
      if (override && !doc.includes("/**")) continue;
      methods++;
      for (const ex of doc.matchAll(EXAMPLE)) {
        const code = ex[1].split("\n").map((l) => l.replace(/^\s*\* ?/, "")).join("\n").replace(/^```ts\n|```\s*$/g, "");
        origins.push(`${relative(ROOT, sf.fileName)}: ${stmt.name.text}.${name}`);
        blocks.push(`async function example${blocks.length}(): Promise<void> {\n${code}\n}\nvoid example${blocks.length};`);
      }
      if (!doc.includes("@example")) {
        const { line } = sf.getLineAndCharacterOfPosition(m.getStart(sf));
        missing.push(`${relative(ROOT, sf.fileName)}:${line + 1}: ${stmt.name.text}.${name}`);
      }
    }
  }
}
// The examples compile: each is a block of one file, over the names below (issue 19's record types).
const PRELUDE = `import {
  Aggregations, Duration, ExecutionEnvironment, LongSumAggregator, Order, OutputTag, RichFilterFunction, RichMapFunction, RichSinkFunction,
  StreamExecutionEnvironment, TumblingEventTimeWindows, WatermarkStrategy, WriteMode,
  type Collector, type DataSet, type DataStream, type InputFormat, type OutputFormat,
} from "../src/index.js";
declare const env: ExecutionEnvironment;
declare const users: DataSet<[number, string]>; // (id, name)
declare const orders: DataSet<[number, number]>; // (userId, amount)
declare const people: DataSet<{ id: number; name: string }>;
declare const words: DataSet<string>;
declare const nums: DataSet<number>;
declare const ds: DataSet<number>;
declare const counts: DataSet<[string, number]>; // (word, count)
declare const format: OutputFormat<string>;
declare const lineFormat: InputFormat<string>;
declare const senv: StreamExecutionEnvironment;
declare const clicks: DataStream<[string, number]>; // (user, timestamp)
declare const views: DataStream<[string, string]>; // (user, page)
class Scale extends RichMapFunction<number, number> { map(n: number): number { return n * Number(this.getRuntimeContext().getBroadcastVariable("factor")[0]); } }
class Above extends RichFilterFunction<number> { filter(n: number): boolean { return n > 0; } }
class Point { x = 0; }
export type Used = [Collector<unknown>, Aggregations, Duration, LongSumAggregator, Order, OutputTag<unknown>, RichSinkFunction<unknown>, TumblingEventTimeWindows,
  WatermarkStrategy<unknown>, WriteMode, Scale, Above, Point, typeof env, typeof users, typeof orders, typeof people, typeof words, typeof nums, typeof ds, typeof counts, typeof format,
  typeof lineFormat, typeof senv, typeof clicks, typeof views];
`;
const exampleFile = join(ROOT, "scripts", "__tsdoc_examples__.ts");
const exampleText = PRELUDE + blocks.join("\n");
const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const host = ts.createCompilerHost(config.options);
const getSourceFile = host.getSourceFile.bind(host);
host.getSourceFile = (name, lang, ...rest) =>
  resolve(name) === exampleFile ? ts.createSourceFile(name, exampleText, lang, true) : getSourceFile(name, lang, ...rest);
const baseExists = host.fileExists.bind(host);
host.fileExists = (name) => resolve(name) === exampleFile || baseExists(name);
const examples = ts.createProgram({ rootNames: [exampleFile], options: { ...config.options, noEmit: true, noUnusedLocals: false }, host });
const exampleSf = examples.getSourceFile(exampleFile);
const firstLine = PRELUDE.split("\n").length - 1;
for (const d of ts.getPreEmitDiagnostics(examples, exampleSf)) {
  const line = d.start === undefined ? 0 : exampleSf.getLineAndCharacterOfPosition(d.start).line;
  let i = 0;
  for (let at = firstLine; i < blocks.length; i++) {
    at += blocks[i].split("\n").length;
    if (line < at) break;
  }
  missing.push(`${origins[i] ?? "prelude"}: the @example does not compile: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
}

if (missing.length > 0) {
  console.error(`check-tsdoc: ${missing.length} problem(s) in the TSDoc of ${methods} public operator methods:`);
  for (const m of missing) console.error(`  ${m}`);
  process.exit(1);
}
console.error(`check-tsdoc: all ${methods} public methods of the operator classes have an @example; ${blocks.length} examples compile`);
