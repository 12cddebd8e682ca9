/** Command line of the runner: `npm run bench -- --workloads a,b --size small|full ...`. */
import { SIZES, WORKLOADS, type Size, type WorkloadId } from "./workloads.js";

export interface Options {
  readonly workloads: WorkloadId[];
  /** Engine ids to run; undefined means all. */
  readonly engines: string[] | undefined;
  readonly size: Size;
  readonly runs: number;
  /** Per-run limit in seconds: a slower run is killed and reported as capped. */
  readonly timeoutSec: number;
  /** Children run at once; above 1 the timings are not comparable (for smoke runs). */
  readonly jobs: number;
  /** Also write the markdown to this file. */
  readonly out: string | undefined;
}

export const USAGE = `usage: npm run bench -- [--workloads ${WORKLOADS.join(",")}] [--engines id,id]
       [--size ${SIZES.join("|")}] [--runs n (default 3)] [--timeout seconds] [--jobs n] [--out file.md]`;

const list = (v: string): string[] => v.split(",").map((s) => s.trim()).filter((s) => s !== "");

function positiveInt(flag: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a positive integer, got ${v}`);
  return n;
}

/** Parses argv (after the script name); throws with a message naming the bad argument. */
export function parseArgs(argv: readonly string[]): Options {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf("=");
    const [flag, value] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, argv[++i]];
    if (!["--workloads", "--engines", "--size", "--runs", "--timeout", "--jobs", "--out"].includes(flag)) throw new Error(`unknown argument ${arg}`);
    if (value === undefined) throw new Error(`${flag} needs a value`);
    values.set(flag, value);
  }
  const size = (values.get("--size") ?? "small") as Size;
  if (!SIZES.includes(size)) throw new Error(`--size must be one of ${SIZES.join(", ")}, got ${size}`);
  const workloads = values.has("--workloads") ? list(values.get("--workloads")!) : [...WORKLOADS];
  for (const w of workloads) if (!(WORKLOADS as readonly string[]).includes(w)) throw new Error(`unknown workload ${w}; known: ${WORKLOADS.join(", ")}`);
  return {
    workloads: workloads as WorkloadId[],
    engines: values.has("--engines") ? list(values.get("--engines")!) : undefined,
    size,
    runs: positiveInt("--runs", values.get("--runs") ?? "3"),
    timeoutSec: positiveInt("--timeout", values.get("--timeout") ?? (size === "full" ? "600" : "120")),
    jobs: positiveInt("--jobs", values.get("--jobs") ?? "1"),
    out: values.get("--out"),
  };
}
