/**
 * Runs a user's program (a script or a job module) in a child Node process: `.ts` programs
 * through tsx (the project's, or Sluice's own in a checkout), optionally with the plan capture
 * preloaded (`sluice explain`). A job module run as the main module runs itself through runJob
 * with its arguments (--parallelism, --mode, --cluster and the entry's own).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { JobGraph } from "../index.js";

const here = dirname(fileURLToPath(import.meta.url));
/** True when the CLI runs from src/ through tsx (a checkout), false from dist/ (the package). */
export const fromSource = import.meta.url.endsWith(".ts");

/** A user error the CLI reports in one line, exiting with `code`. */
export class CliError extends Error {
  constructor(message: string, readonly code = 2) {
    super(message);
  }
}

function tsxLoader(): string | undefined {
  for (const base of [join(process.cwd(), "package.json"), join(here, "..", "..", "package.json")]) {
    try {
      const pkg = createRequire(base).resolve("tsx/package.json");
      const loader = join(dirname(pkg), "dist", "loader.mjs");
      if (existsSync(loader)) return pathToFileURL(loader).href;
    } catch {
      // not installed there
    }
  }
  return undefined;
}

/** Node's arguments to load `file` (and the capture hook when asked). */
export function nodeArgs(file: string, capture: boolean): string[] {
  const needsTsx = /\.(c|m)?tsx?$/.test(extname(file)) || (capture && fromSource);
  const args: string[] = [];
  if (needsTsx) {
    const loader = tsxLoader();
    if (!loader) throw new CliError(`${file} is TypeScript: install tsx to run it (npm install -D tsx), or compile it to .js first`);
    args.push("--import", loader);
  }
  if (capture) args.push("--import", pathToFileURL(join(here, `capture-hook${fromSource ? ".ts" : ".js"}`)).href);
  return args;
}

export interface ProgramRun {
  readonly code: number;
  /** The captured jobs (explain and observe modes). */
  readonly jobs: JobGraph[];
}

/**
 * Runs `file` with `args`. With a capture, the program's own stdout goes to stderr (stdout is kept
 * for the plan) and its jobs are returned.
 *
 * @example
 * const { code, jobs } = await runProgram("my-job.ts", ["--input", "a.txt"], "explain");
 */
export async function runProgram(file: string, args: readonly string[], capture?: "explain" | "observe"): Promise<ProgramRun> {
  const path = resolve(file);
  if (!existsSync(path)) throw new CliError(`no such file: ${file}`);
  const dir = capture ? mkdtempSync(join(tmpdir(), "sluice-plan-")) : undefined;
  const out = dir ? join(dir, "plan.json") : undefined;
  try {
    const child = spawn(process.execPath, [...nodeArgs(path, capture !== undefined), path, ...args], {
      stdio: ["inherit", capture ? 2 : "inherit", "inherit"],
      env: { ...process.env, ...(out ? { SLUICE_PLAN_OUT: out, SLUICE_PLAN_CAPTURE: capture } : {}) },
    });
    const code = await new Promise<number>((res, rej) => {
      child.on("error", rej);
      child.on("exit", (c, signal) => res(c ?? (signal ? 128 : 1)));
    });
    const jobs = out && existsSync(out) ? (JSON.parse(readFileSync(out, "utf8")) as JobGraph[]) : [];
    return { code, jobs };
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
