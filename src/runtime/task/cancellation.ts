/**
 * Cooperative cancellation of a running job (JobClient.cancel(), a job timeout): subtask loops
 * call `checkCancelled` between batches. It throws the signal's reason once the job is aborted and,
 * at most every few milliseconds, yields to the event loop, so that a cancel() call or a timeout
 * timer gets to run while the job's loops keep the thread busy. Jobs without a signal never get
 * here (no cost).
 */

/** How often a job with a signal lets timers and I/O callbacks run. */
const YIELD_EVERY_MS = 10;
let lastYield = 0;

export async function checkCancelled(signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  const now = performance.now();
  if (now - lastYield < YIELD_EVERY_MS) return;
  lastYield = now;
  await new Promise<void>((resolve) => setImmediate(resolve));
  signal.throwIfAborted();
}
