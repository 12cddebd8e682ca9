/**
 * The differential fuzzer's campaign entry: `npm run fuzz -- --runs N --seed S [--mode in-process|threads|processes|auto]
 * [--parallelism p] [--depth d] [--flags nanKeys,posExpr,...|all]`. Prints progress and the shrunk
 * failing program to stderr; exits 1 on a failure. The program is test/fuzz/ (see its README part in
 * test/fuzz/fuzz.ts).
 */
import { parseArgs } from "node:util";
import { ALL_FLAGS, DEFAULT_FLAGS, NO_FLAGS, type Flags } from "../test/fuzz/ast.js";
import { fuzz } from "../test/fuzz/fuzz.js";
import { MODES, type Mode } from "../test/fuzz/runner.js";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "200" },
    seed: { type: "string", default: "13" },
    mode: { type: "string", default: "in-process" },
    parallelism: { type: "string" },
    depth: { type: "string" },
    flags: { type: "string", default: "" },
  },
});

function flagsOf(text: string): Flags {
  if (text === "all") return ALL_FLAGS;
  const names = text.split(",").filter((s) => s !== "");
  for (const n of names) if (!(n in NO_FLAGS)) throw new Error(`unknown flag ${n}; known: ${Object.keys(NO_FLAGS).join(", ")}`);
  return { ...DEFAULT_FLAGS, ...Object.fromEntries(names.map((n) => [n, true])) };
}

const mode = values.mode as Mode;
if (!MODES.includes(mode)) throw new Error(`--mode must be one of ${MODES.join(", ")}, got ${mode}`);
const started = Date.now();
let seen = 0;
const report = await fuzz({
  runs: Number(values.runs),
  seed: Number(values.seed),
  mode,
  flags: flagsOf(values.flags),
  parallelism: values.parallelism === undefined ? undefined : Number(values.parallelism),
  depth: values.depth === undefined ? undefined : Number(values.depth),
  onProgram: () => {
    if (++seen % 100 === 0) process.stderr.write(`[fuzz] ${seen} programs, ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  },
});
const secs = ((Date.now() - started) / 1000).toFixed(1);
process.stderr.write(`[fuzz] seed ${values.seed}, mode ${mode}: ${report.runs} programs run (${report.skipped} skipped as too large) in ${secs} s\n`);
if (report.failure !== undefined) {
  process.stderr.write(`${report.failure}\n`);
  process.exitCode = 1;
}
