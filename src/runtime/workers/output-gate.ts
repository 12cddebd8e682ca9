/**
 * What the program writes to stdout/stderr in a worker thread. The bootstrap (worker-bootstrap.ts)
 * replaces the streams' write() before the program loads: what code running inside a subtask (in
 * the `subtask` async context) writes is kept and sent back with the subtask's reply; everything else
 * (the program's top level, a test runner's reporter) is dropped, so it appears once, from the coordinator.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface OutputGate {
  readonly subtask: AsyncLocalStorage<boolean>;
  readonly out: string[];
  readonly err: string[];
}

const KEY = Symbol.for("sluice.worker.output");

/** Shared with the bootstrap through a global symbol (the bootstrap is a plain script). */
export const OUTPUT_GATE: OutputGate = ((globalThis as Record<symbol, unknown>)[KEY] as OutputGate | undefined) ?? { subtask: new AsyncLocalStorage<boolean>(), out: [], err: [] };
