/**
 * What the program writes to stdout/stderr in a worker thread. The bootstrap (worker-bootstrap.ts)
 * replaces the streams' write() before the program loads: while a subtask runs (`capture`), text is
 * kept and sent back with the subtask's reply, otherwise it is dropped, so the program's top-level
 * output appears once, from the coordinator.
 */
export interface OutputGate {
  capture: boolean;
  readonly out: string[];
  readonly err: string[];
}

const KEY = Symbol.for("sluice.worker.output");

/** Shared with the bootstrap through a global symbol (the bootstrap is a plain script). */
export const OUTPUT_GATE: OutputGate = ((globalThis as Record<symbol, unknown>)[KEY] as OutputGate | undefined) ?? { capture: false, out: [], err: [] };
