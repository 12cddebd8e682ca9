/**
 * The coordinator's journal: what each job (numbered in program order) returned to the program.
 * Workers run the program from its start, so when one reaches a job that already ran, it gets the
 * recorded result instead of running it: the program takes the same path in every thread.
 * Entries are kept for the process's life (workers started later replay them from the start),
 * but their records only once worker threads were asked for (SLUICE_EXECUTION_MODE=threads or
 * setExecutionMode("threads")): a program that never uses threads must not hold every result
 * it ever collected. A worker that reaches a job whose records were dropped fails with a hint.
 */
import type { WireError } from "./wire-error.js";
import type { ChannelMetric } from "../../common/job-metrics.js";
import type { IterationStats } from "../../common/job-metrics.js";

export type JournalEntry =
  | {
    readonly ok: true; readonly collected: unknown[][]; readonly accumulators: Map<string, unknown>; readonly netRuntimeMs: number;
    readonly channels: readonly ChannelMetric[]; readonly iterations: readonly IterationStats[];
    /** What the job's functions printed in worker threads (the coordinator wrote it): workers replay it. */
    readonly printed?: { readonly stdout: string; readonly stderr: string };
  }
  | { readonly ok: false; readonly error: WireError };

const entries = new Map<number, JournalEntry>();
const listeners = new Set<(job: number) => void>();
let jobCounter = 0;

/** The next job's number (coordinator and workers count the same way: one per executePlan). */
export function nextJobNumber(): number {
  return jobCounter++;
}

let keepRecords = process.env.SLUICE_EXECUTION_MODE === "threads";

/** From now on, journal entries keep the records their jobs collected (worker threads may replay them). */
export function keepJobRecords(): void {
  keepRecords = true;
}

/** Marks an entry whose collected records were not kept. */
export const DROPPED_RECORDS: unknown[][] = Object.freeze([]) as unknown as unknown[][];

export function recordJob(job: number, entry: JournalEntry): void {
  if (entry.ok && !keepRecords) entry = { ...entry, collected: DROPPED_RECORDS };
  entries.set(job, entry);
  for (const l of listeners) l(job);
}

export function journalEntry(job: number): JournalEntry | undefined {
  return entries.get(job);
}

/** Called with each job number as it is recorded. */
export function onJobRecorded(listener: (job: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
