/** File sinks (CSV, text, at parallelism 1 and above) into args.dir, and printOnTaskManager; returns the files' lines. */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { defineJob, WriteMode } from "../../src/index.js";

function lines(path: string): string[] {
  const files = statSync(path).isDirectory() ? readdirSync(path).sort().map((f) => join(path, f)) : [path];
  return files.flatMap((f) => readFileSync(f, "utf8").split("\n").filter((l) => l !== "")).sort();
}

export default defineJob(async (env, args: { dir: string; n?: number }) => {
  const n = args.n ?? 50;
  const pairs = env.generateSequence(1, n).map((x): [number, string] => [x % 5, `v${x}`]);
  pairs.writeAsCsv(join(args.dir, "pairs.csv"), "\n", ",", WriteMode.OVERWRITE).setParallelism(1);
  pairs.map((p) => p[1]).writeAsText(join(args.dir, "values"), WriteMode.OVERWRITE);
  pairs.filter((p) => p[0] === 0).printOnTaskManager("zero");
  await env.execute("sinks");
  return { csv: lines(join(args.dir, "pairs.csv")), text: lines(join(args.dir, "values")) };
});
