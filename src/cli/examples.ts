/**
 * `sluice examples [names...]`: the bundled examples (examples/ in a checkout, dist/examples/ in
 * the package), run one after another in this process under a header line. Job modules go through
 * runJob, scripts through their exported main().
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isJobModule, runJob, type RunJobOptions } from "../index.js";
import { CliError, fromSource } from "./program.js";

/** Where the examples are: the checkout's examples/ from src/, the package's dist/examples/ from dist/. */
export const EXAMPLES_DIR = join(dirname(fileURLToPath(import.meta.url)), ...(fromSource ? ["..", "..", "examples"] : ["..", "examples"]));

interface ExampleModule {
  readonly title?: string;
  readonly order?: number;
  readonly main?: () => Promise<void>;
}

/** The example names (file names without extension), sorted. */
export function exampleNames(): string[] {
  return readdirSync(EXAMPLES_DIR)
    .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith(".d.ts") && !f.startsWith("_"))
    .map((f) => f.replace(/\.(ts|js)$/, ""))
    .sort();
}

function fileOf(name: string): string {
  return join(EXAMPLES_DIR, `${name}${fromSource ? ".ts" : ".js"}`);
}

function distance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const keep = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = keep;
    }
  }
  return d[b.length]!;
}

/** Checks `names` against the known examples; an unknown one is a CliError listing them all. */
export function checkNames(names: readonly string[]): void {
  const known = exampleNames();
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length === 0) return;
  const hints = unknown.map((u) => {
    const best = known.map((k) => ({ k, d: distance(u.replace(/-/g, ""), k.replace(/-/g, "")) })).sort((x, y) => x.d - y.d)[0];
    return best && best.d <= 3 ? ` (did you mean ${best.k}?)` : "";
  });
  throw new CliError(
    `unknown example${unknown.length > 1 ? "s" : ""}: ${unknown.map((u, i) => u + hints[i]).join(", ")}\nknown examples (in ${EXAMPLES_DIR}): ${known.join(", ")}`,
  );
}

async function load(name: string): Promise<{ name: string; url: string; mod: ExampleModule }> {
  const url = pathToFileURL(fileOf(name)).href;
  return { name, url, mod: (await import(url)) as ExampleModule };
}

/** Runs the named examples (all when none are named), ordered by their `order` export. */
export async function runExamples(names: readonly string[], options: RunJobOptions = {}): Promise<void> {
  checkNames(names);
  const chosen = names.length > 0 ? [...names] : exampleNames();
  const loaded = await Promise.all(chosen.map(load));
  loaded.sort((a, b) => (a.mod.order ?? 100) - (b.mod.order ?? 100) || a.name.localeCompare(b.name));
  for (const { name, url, mod } of loaded) {
    process.stdout.write(`\n=== ${mod.title ?? name} (examples/${name}) ===\n`);
    if (isJobModule(mod)) await runJob(url, {}, options);
    else if (typeof mod.main === "function") await mod.main();
    else throw new CliError(`example ${name} exports neither a job (defineJob) nor main()`, 1);
  }
}

/** Names and titles, one a line. */
export async function listExamples(): Promise<string> {
  const loaded = await Promise.all(exampleNames().map(load));
  return loaded.map(({ name, mod }) => `${name.padEnd(24)} ${mod.title ?? ""}`).join("\n") + "\n";
}
