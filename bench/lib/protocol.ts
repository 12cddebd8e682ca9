/** What run.ts tells a child (argv[2], JSON) and what the child reports back (one stdout line). */
import type { Size, WorkloadId } from "./workloads.js";

export interface ChildArgs {
  readonly engine: string;
  readonly workload: WorkloadId;
  readonly size: Size;
}

export interface ChildReport {
  readonly status: "ok" | "na" | "error";
  /** Wall time of the timed part, in milliseconds. */
  readonly ms?: number;
  /** CPU time (user + system, every thread of the process) of the timed part, in milliseconds. */
  readonly cpuMs?: number;
  /** The timed part's start and end on the monotonic clock (process.hrtime), in microseconds: what profile.ts counts. */
  readonly windowUs?: readonly [number, number];
  /** Peak resident set size of the child (process.resourceUsage().maxRSS), in KB. */
  readonly rssKB?: number;
  readonly checksum?: string;
  readonly note?: string;
}

/** Marks the report line among anything else a child may print. */
export const REPORT_PREFIX = "@@bench ";
