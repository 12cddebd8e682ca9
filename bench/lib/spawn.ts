/** Starts one child run (`node --import tsx bench/child.ts <args>`, of this checkout or another) and reads its report. */
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { REPORT_PREFIX, type ChildArgs, type ChildReport } from "./protocol.js";

const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const REPO_DIR = dirname(BENCH_DIR);

/** A child's report plus what the parent measured: wall time of the whole process. */
export interface RunOutcome extends ChildReport {
  readonly processMs: number;
}

/**
 * Runs one child with a heap large enough for the full-size inputs (the same for every
 * engine); kills it after `timeoutSec`. The heap size goes through NODE_OPTIONS, not the
 * command line: worker threads inherit process.execArgv, and a Worker refuses
 * --max-old-space-size there (ERR_WORKER_INVALID_EXEC_ARGV).
 */
export function runChild(args: ChildArgs, timeoutSec: number, repoDir = REPO_DIR): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const start = performance.now();
    const benchDir = join(repoDir, "bench");
    const child = spawn(process.execPath, [...childImports(args.engine, benchDir), join(benchDir, "child.ts"), JSON.stringify(args)], {
      cwd: repoDir,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=12288`.trim() },
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutSec * 1000);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const processMs = performance.now() - start;
      const line = stdout.split("\n").find((l) => l.startsWith(REPORT_PREFIX));
      if (timedOut) resolve({ status: "error", note: `capped: killed after ${timeoutSec} s`, processMs });
      else if (line !== undefined) resolve({ ...(JSON.parse(line.slice(REPORT_PREFIX.length)) as ChildReport), processMs });
      else resolve({ status: "error", note: `child exited (${signal ?? code}) without a report: ${lastLine(stderr)}`, processMs });
    });
  });
}

/**
 * A child's --import flags: tsx for the harness's TypeScript; for Sluice on the compiled library,
 * first bench/lib/preload-library.mjs, so Node loads the library's modules itself, as for a user's
 * compiled program, and not each through tsx's loader (~0.6 s of CPU at start-up).
 */
export function childImports(engine: string, benchDir = BENCH_DIR): string[] {
  const preload = engine.startsWith("sluice-") && process.env["SLUICE_BENCH_LIBRARY"] === "dist";
  return [...(preload ? ["--import", pathToFileURL(join(benchDir, "lib", "preload-library.mjs")).href] : []), "--import", "tsx"];
}

function lastLine(text: string): string {
  const lines = text.trim().split("\n");
  return (lines.find((l) => /Error|heap/i.test(l)) ?? lines.at(-1) ?? "").slice(0, 200);
}
