/**
 * The run of a job module's entry that the current code belongs to (runJob, or a worker replaying
 * the entry), carried by async context: no global state, so two runs in one process stay apart.
 * `session` is the client's object (opaque here); `role` tells the coordinator from a worker, for
 * the layers that only need that (a streaming job runs in the coordinator alone).
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface JobScope {
  readonly role: "coordinator" | "worker";
  readonly session: object;
  /** runJob's parallelism: the default of environments created in this run. */
  readonly parallelism?: number;
}

const storage = new AsyncLocalStorage<JobScope>();

/** The scope of the entry run the caller is in, or undefined (a script, outside any job module). */
export function currentJobScope(): JobScope | undefined {
  return storage.getStore();
}

/** Runs `fn` (and everything it awaits) in `scope`. */
export function runInJobScope<R>(scope: JobScope, fn: () => R): R {
  return storage.run(scope, fn);
}
