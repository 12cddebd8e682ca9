/**
 * SLUICE_TRACE=1: timestamped lines on stderr for the life of workers and subtasks (a worker
 * started, ready, planned; a subtask sent, run, done), in ms since the coordinator started (its
 * workers inherit the origin through SLUICE_TRACE_T0). For finding where a job's wall time goes;
 * off by default.
 */
import { isMainThread, threadId } from "node:worker_threads";

export const TRACING = process.env.SLUICE_TRACE === "1";

const origin = Number(process.env.SLUICE_TRACE_T0) || performance.timeOrigin;
// Only when tracing: the workers this process starts share its time origin.
if (TRACING && !process.env.SLUICE_TRACE_T0) process.env.SLUICE_TRACE_T0 = String(origin);

/** Writes one trace line when SLUICE_TRACE=1. */
export function trace(text: string): void {
  if (!TRACING) return;
  const who = !isMainThread ? `thread ${threadId}` : process.env.SLUICE_WORKER ? `process ${process.pid}` : "coordinator";
  const ms = Math.round(performance.timeOrigin + performance.now() - origin);
  process.stderr.write(`[sluice trace ${ms} ms, ${who}] ${text}\n`);
}
