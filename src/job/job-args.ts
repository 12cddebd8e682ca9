/**
 * Command-line arguments of a job module: `--name value`, `--name=value` and `--flag` (true) become
 * the entry's `args`; `--parallelism n`, `--mode m` and `--cluster addr` are run options, not
 * arguments. Values stay strings, as Flink's ParameterTool gives them; positionals are kept under `_`.
 * @example
 * parseJobArgs(["--input", "a.txt", "--parallelism", "2"]); // { args: { input: "a.txt" }, options: { parallelism: 2 } }
 */
import { InvalidProgramException } from "../common/errors.js";
import type { JobMode, RunJobOptions } from "./run-job.js";

const MODES: readonly JobMode[] = ["auto", "in-process", "threads", "processes"];

export function parseJobArgs(argv: readonly string[]): { args: Record<string, unknown>; options: RunJobOptions } {
  const { values, positionals } = splitArgs(argv);
  const args: Record<string, unknown> = {};
  const options: { parallelism?: number; mode?: JobMode; cluster?: string } = {};
  for (const [name, value] of Object.entries(values)) {
    if (name === "parallelism") {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new InvalidProgramException(`--parallelism needs a positive integer, got ${String(value)}`);
      options.parallelism = n;
    } else if (name === "mode") {
      if (!MODES.includes(value as JobMode)) throw new InvalidProgramException(`--mode must be one of ${MODES.join(", ")}, got ${String(value)}`);
      options.mode = value as JobMode;
    } else if (name === "cluster") {
      options.cluster = String(value);
    } else {
      args[name] = value;
    }
  }
  if (positionals.length > 0) args._ = positionals;
  return { args, options };
}

/** `--name value` (a value is anything not starting with `--`), `--name=value`, `--flag`; `--` ends options. */
function splitArgs(argv: readonly string[]): { values: Record<string, string | boolean>; positionals: string[] } {
  const values: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith("--") || a.length === 2) {
      positionals.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    if (eq > 0) values[a.slice(2, eq)] = a.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1]!.startsWith("--")) values[a.slice(2)] = argv[++i]!;
    else values[a.slice(2)] = true;
  }
  return { values, positionals };
}
