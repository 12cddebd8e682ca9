/**
 * What the executors that run subtasks elsewhere (threads and processes, a Dask cluster) share:
 * a task's name as failures show it, a worker's failure wrapped as the in-process runner would,
 * and the plain state of an output format its worker copies need.
 */
import { TaskFailure } from "../../common/errors.js";
import type { SinkNode } from "../../plan/logical.js";
import type { PhysicalNode } from "../../plan/physical.js";
import type { Task } from "../job-graph.js";
import type { SubtaskFailure } from "./protocol.js";
import { reviveError, reviveThrown } from "./wire-error.js";

export function chainName(task: Task): string {
  return task.chain.map((n) => n.name).join(" -> ");
}

/** The user's error as the worker described it, wrapped as the in-process runner would. */
export function failureError(f: SubtaskFailure): Error {
  const user = reviveThrown(f.error);
  if (f.operator === undefined) return user instanceof Error ? user : reviveError(f.error);
  return new TaskFailure(f.operator, f.subtask!, f.parallelism!, user);
}

/** Plain fields of an output format (after initializeGlobal): what its worker copies need. */
export function formatStateOf(node: PhysicalNode): Record<string, unknown> | undefined {
  if (node.driver !== "SINK") return undefined;
  const sink = (node.logical as SinkNode).sink;
  if (sink.kind !== "format") return undefined;
  const state: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(sink.format)) {
    if (v === null || v === undefined || typeof v === "string" || typeof v === "number" || typeof v === "boolean") state[k] = v;
  }
  return state;
}
