/** What an engine adapter provides for a workload. */
import type { Row } from "../lib/checksum.js";
import type { Inputs } from "../lib/data.js";
import type { WorkloadId } from "../lib/workloads.js";

/**
 * One measured execution. `run` is what the clock measures; `rows` (not timed) hands the
 * result back as JS rows for the checksum. Process workloads write a file instead: no `rows`.
 */
export interface Job {
  run(): Promise<void> | void;
  rows?(): Promise<Row[]> | Row[];
}

/** Prepares a Job from the workload's input; preparation is not timed. */
export type Impl<W extends WorkloadId> = (input: Inputs[W]) => Promise<Job> | Job;

/** An engine's implementations; a missing workload is reported as not applicable. */
export type EngineImpls = { [W in WorkloadId]?: Impl<W> };

/** Thrown when an engine cannot run a workload (yet); the harness reports it as n/a. */
export class NotAvailable extends Error {}

/** A Job whose timed part computes the result rows directly. */
export function rowsJob(compute: () => Promise<Row[]> | Row[]): Job {
  let out: Row[] = [];
  return {
    async run() {
      out = await compute();
    },
    rows: () => out,
  };
}

/** A Job whose timed part computes tuples; they become rows named `fields` for the checksum (not timed). */
export function tupleJob(compute: () => Promise<readonly unknown[][]> | readonly unknown[][], fields: readonly string[]): Job {
  let out: readonly unknown[][] = [];
  return {
    async run() {
      out = await compute();
    },
    rows: () => tuplesToRows(out, fields),
  };
}

/** Tuples as rows with the fields' names, in order. */
export function tuplesToRows(tuples: readonly unknown[][], fields: readonly string[]): Row[] {
  return tuples.map((t) => Object.fromEntries(fields.map((f, i) => [f, t[i]])));
}
