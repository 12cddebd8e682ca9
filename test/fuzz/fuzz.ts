/**
 * The differential fuzzer: fast-check draws programs (gen.ts), Sluice runs each (runner.ts), the
 * model checks it (check.ts); a failure is shrunk to a minimal program and printed (printer.ts).
 */
import fc from "fast-check";
import type { Flags, Program } from "./ast.js";
import { compare } from "./check.js";
import { choicesArb, programOf } from "./gen.js";
import { evaluate, TooBig } from "./model.js";
import { printProgram } from "./printer.js";
import { shrinkProgram } from "./shrink.js";
import { runProgram, type Mode } from "./runner.js";

export interface FuzzOptions {
  readonly runs: number;
  readonly seed: number;
  readonly mode: Mode;
  readonly flags: Flags;
  /** Fixed parallelism for every program, else 1 or 4 at random. */
  readonly parallelism?: number;
  readonly depth?: number;
  /** Milliseconds one program may take. */
  readonly timeoutMs?: number;
  /**
   * Programs shrinking may still run after the first failure (default 1500): a count, not a time,
   * so a campaign takes the same path on every machine.
   */
  readonly maxShrinkRuns?: number;
  /** Called after each program with what happened (for progress and statistics). */
  readonly onProgram?: (p: Program, verdict: "ok" | "skipped" | "failed") => void;
}

export interface FuzzReport {
  readonly runs: number;
  readonly skipped: number;
  /** The minimal failing program and what differs, if one failed. */
  readonly failure?: string;
  readonly program?: Program;
}

/** Runs one program; resolves to undefined when Sluice agrees with the model, else what differs. */
export async function checkProgram(p: Program, mode: Mode, timeoutMs = 30_000): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs); });
  try {
    const observed = await Promise.race([runProgram(p, mode), timeout]);
    return compare(p, observed);
  } catch (e) {
    const cause = e instanceof Error && e.cause !== undefined ? `\n  cause: ${e.cause instanceof Error ? e.cause.stack : String(e.cause)}` : "";
    return `Sluice failed: ${e instanceof Error ? e.stack : String(e)}${cause}`;
  } finally {
    clearTimeout(timer);
  }
}

/** What kind of failure a difference is: the thrown error's class, or a wrong result. */
function signature(diff: string): string {
  return diff.startsWith("Sluice failed") ? (/^Sluice failed: (\w+)/.exec(diff)?.[1] ?? "error") : diff.split(/[ :]/)[0];
}

export async function fuzz(o: FuzzOptions): Promise<FuzzReport> {
  let skipped = 0;
  let ran = 0;
  const gen = { flags: o.flags, parallelism: o.parallelism, depth: o.depth };
  let failedRuns = 0;
  let afterFailure = -1;
  const prop = fc.asyncProperty(choicesArb(), async (choices) => {
    if (afterFailure >= 0 && ++afterFailure > (o.maxShrinkRuns ?? 1500)) return true;
    const p = programOf(choices, gen);
    try {
      evaluate(p.root.node);
    } catch (e) {
      if (!(e instanceof TooBig)) throw e;
      skipped++;
      o.onProgram?.(p, "skipped");
      return true;
    }
    ran++;
    const diff = await checkProgram(p, o.mode, o.timeoutMs);
    o.onProgram?.(p, diff === undefined ? "ok" : "failed");
    if (diff !== undefined) {
      failedRuns++;
      if (afterFailure < 0) afterFailure = 0;
      throw new Error(diff);
    }
    return true;
  });
  const details = await fc.check(prop, { seed: o.seed, numRuns: o.runs, endOnFailure: false });
  if (!details.failed || details.counterexample === null) return { runs: ran, skipped, failure: details.failed ? String(details.errorInstance) : undefined };
  const shrunkByChoices = programOf(details.counterexample[0], gen);
  const first = await checkProgram(shrunkByChoices, o.mode, o.timeoutMs);
  const { program, attempts } = first === undefined ? { program: shrunkByChoices, attempts: 0 } : await shrinkProgram(shrunkByChoices, async (c) => {
    try {
      evaluate(c.root.node);
    } catch {
      return false;
    }
    const d = await checkProgram(c, o.mode, o.timeoutMs);
    return d !== undefined && signature(d) === signature(first);
  }, o.maxShrinkRuns === undefined ? 400 : Math.ceil(o.maxShrinkRuns / 2));
  const diff = await checkProgram(program, o.mode, o.timeoutMs);
  const failure = [
    `Sluice and the model disagree (seed ${o.seed}, mode ${o.mode}; ${failedRuns} failing programs, ${details.numShrinks} choice shrinks, ${attempts} structural attempts; path "${details.counterexamplePath}"):`,
    printProgram(program),
    `-> ${diff ?? "(passed when re-run: flaky?)"}`,
  ].join("\n");
  return { runs: ran, skipped, failure, program };
}
