/**
 * `npm start`: runs the flagship examples on their bundled data, one after another, each under a
 * header line. Pass names to run only some: `npm start -- word-count`.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const examplesDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "examples");

interface ExampleModule {
  readonly title: string;
  readonly order?: number;
  main(): Promise<void>;
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = readdirSync(examplesDir).filter((f) => f.endsWith(".ts") && !f.startsWith("_"));
  const modules: { name: string; mod: ExampleModule }[] = [];
  for (const f of files) {
    const name = f.replace(/\.ts$/, "");
    if (only.length > 0 && !only.includes(name)) continue;
    modules.push({ name, mod: (await import(pathToFileURL(join(examplesDir, f)).href)) as ExampleModule });
  }
  modules.sort((a, b) => (a.mod.order ?? 100) - (b.mod.order ?? 100) || a.name.localeCompare(b.name));
  for (const { name, mod } of modules) {
    process.stdout.write(`\n=== ${mod.title} (examples/${name}.ts) ===\n`);
    await mod.main();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
