/**
 * One child run under `node --cpu-prof`, then the functions with the most self time:
 *   npx tsx bench/profile.ts --engine sluice-p1 --workload join-uniform --size medium [--top 8] [--flags "--no-turbo-inlining"]
 * Prints `self% self-ms function (file)` lines; the profile stays in bench/.prof/. The share is of
 * the job's samples: from the first to the last sample with the engine's program (bench/engines/)
 * on the stack, those with a frame of src/ or dist/ on the stack, plus the garbage collector's (the
 * process also loads modules, generates input and checksums the result, which is left out: the
 * collections of the input's generation used to be counted as the job's).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { chooseLibrary } from "./lib/library.js";
import { childImports } from "./lib/spawn.js";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));

function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? process.argv[i + 1] : fallback;
  if (v === undefined) throw new Error(`--${name} is required`);
  return v;
}

const engine = arg("engine", "sluice-p1");
const workload = arg("workload");
const size = arg("size", "medium");
const top = Number(arg("top", "8"));
// `--flags "--no-turbo-inlining"`: V8 flags for the child, e.g. to see the costs inlining folds into one frame.
const v8Flags = arg("flags", "").split(" ").filter((f) => f !== "");
const dir = join(BENCH_DIR, ".prof", `${engine}-${workload}-${size}`);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
if (engine.startsWith("sluice-")) chooseLibrary();
const res = spawnSync(
  process.execPath,
  ["--cpu-prof", `--cpu-prof-dir=${dir}`, ...v8Flags, ...childImports(engine), join(BENCH_DIR, "child.ts"), JSON.stringify({ engine, workload, size })],
  { cwd: dirname(BENCH_DIR), encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "--max-old-space-size=8192" } },
);
process.stderr.write(res.stderr);
const report = res.stdout.split("\n").find((l) => l.startsWith("@@bench"));
console.log(`${engine} ${workload} ${size}: ${report ?? "no report"}`);
const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
if (file === undefined) throw new Error("no profile written");
const prof = JSON.parse(readFileSync(join(dir, file), "utf8")) as Profile;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const library = (f: ProfileNode["callFrame"]): boolean => f.url.includes("/src/") || f.url.includes(`${dirname(BENCH_DIR)}/dist/`);
const inLibrary = new Map<number, boolean>();
const hasLibraryFrame = (id: number): boolean => {
  const known = inLibrary.get(id);
  if (known !== undefined) return known;
  const p = parent.get(id);
  const v = library(byId.get(id)!.callFrame) || (p !== undefined && hasLibraryFrame(p));
  inLibrary.set(id, v);
  return v;
};
// The timed part only: the child reports its window on the monotonic clock the profile's
// timestamps use; start-up, the input's generation and the checksum are left out.
const parsed = report === undefined ? undefined : (JSON.parse(report.slice("@@bench ".length)) as { windowUs?: [number, number] });
const [from, to] = parsed?.windowUs ?? [-Infinity, Infinity];
const times: number[] = [];
let clock = prof.startTime;
for (const d of prof.timeDeltas) times.push((clock += d));
const counts = (id: number, i: number): boolean =>
  times[i]! >= from && times[i]! <= to && (hasLibraryFrame(id) || byId.get(id)!.callFrame.functionName === "(garbage collector)");
// A frame of the compiled bundle is named by its place in src/ (the bundle's source map), so the
// bundler's shared chunks and anonymous closures read as files and lines.
const maps = new Map<string, SourceMap | undefined>();
function sourceOf(url: string, line: number, column: number): string | undefined {
  if (!url.includes("/dist/")) return undefined;
  const path = fileURLToPath(url);
  if (!maps.has(path)) maps.set(path, existsSync(`${path}.map`) ? new SourceMap(JSON.parse(readFileSync(`${path}.map`, "utf8"))) : undefined);
  const entry = maps.get(path)?.findEntry(line, column);
  if (entry === undefined || !("originalSource" in entry)) return undefined;
  const source = relative(dirname(BENCH_DIR), fileURLToPath(new URL(entry.originalSource, url)));
  return `${source}:${entry.originalLine + 1}`;
}
const self = new Map<string, number>();
let total = 0;
prof.samples.forEach((id, i) => {
  if (!counts(id, i)) return;
  total++;
  const f = byId.get(id)!.callFrame;
  const where = sourceOf(f.url, f.lineNumber, f.columnNumber) ?? f.url.replace(/^.*\/(src|dist|bench|node_modules)\//, "$1/");
  const name = `${f.functionName || "(anonymous)"} (${where})`;
  self.set(name, (self.get(name) ?? 0) + 1);
});
const ms = ((prof.endTime - prof.startTime) / 1000) * (total / prof.samples.length);
console.log(`job samples: ${total} (${ms.toFixed(0)} ms of profile)`);
for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${((100 * n) / total).toFixed(1).padStart(5)}% ${((ms * n) / total).toFixed(0).padStart(6)} ms  ${name}`);
}
