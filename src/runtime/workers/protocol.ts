/** Messages between the coordinator and its worker threads (the program runs in both). */
import type { EncodedBatch } from "./codec.js";
import type { PlanFingerprint } from "./fingerprint.js";
import type { WireError } from "./wire-error.js";
import type { ChannelMetric } from "../../common/job-metrics.js";
import type { IterationStats } from "../../common/job-metrics.js";

/** `workerData` of a Sluice worker: the flag that puts the program in worker mode. */
export interface WorkerData {
  readonly sluiceWorker: true;
  readonly index: number;
  readonly program: string;
  /** The coordinator's mkdtemp results, replayed by the program in the worker (temp-dir-log.ts). */
  readonly tempDirLog: SharedArrayBuffer;
  /** Word 0: the number of the last job the coordinator cancelled (its subtasks stop at the next batch). */
  readonly cancelFlags: SharedArrayBuffer;
  /** How long a worker waits for the coordinator to reach the same point (mkdtemp). */
  readonly replayTimeoutMs: number;
}

/** A job's result as workers receive it (records encoded, so classes keep their prototype). */
export type WireEntry =
  | {
    readonly ok: true; readonly collected: EncodedBatch[]; readonly accumulators: Map<string, unknown>; readonly netRuntimeMs: number;
    readonly channels: readonly ChannelMetric[]; readonly iterations: readonly IterationStats[];
    readonly printed?: { readonly stdout: string; readonly stderr: string };
  }
  | { readonly ok: false; readonly error: WireError };

/** What one subtask wrote to one output exchange: batches per consumer, and held records (range). */
export interface SubtaskOutput {
  readonly parts: EncodedBatch[][];
  readonly held: EncodedBatch[];
}

export type ToWorker =
  | { readonly t: "result"; readonly job: number; readonly entry: WireEntry }
  | { readonly t: "plan"; readonly job: number }
  | { readonly t: "serve"; readonly job: number }
  | {
    readonly t: "run"; readonly id: number; readonly job: number; readonly task: number; readonly subtask: number;
    /** Per input gate, per exchange: this subtask's batches. */
    readonly inputs: EncodedBatch[][][];
    /** Per broadcast input, per exchange: all batches. */
    readonly broadcasts: EncodedBatch[][][];
    readonly splits: EncodedBatch | undefined;
    /** Fields the coordinator's output formats got from initializeGlobal (staging paths). */
    readonly formatState: (Record<string, unknown> | undefined)[];
  }
  | { readonly t: "merge"; readonly id: number; readonly job: number; readonly task: number; readonly subtask: number; readonly partial: Map<string, unknown> };

export type FromWorker =
  /** The program reached job `job`. */
  | { readonly t: "job"; readonly job: number }
  /** The worker's plan for the job the coordinator runs now (undefined: building it threw planError). */
  | { readonly t: "plan"; readonly job: number; readonly fingerprint: PlanFingerprint | undefined; readonly planError?: string }
  | {
    readonly t: "done"; readonly id: number; readonly ok: true;
    readonly outputs: SubtaskOutput[];
    readonly collected: [number, EncodedBatch][];
    readonly accumulatorNames: string[];
    readonly stdout: string; readonly stderr: string;
  }
  | { readonly t: "done"; readonly id: number; readonly ok: false; readonly failure: SubtaskFailure; readonly stdout: string; readonly stderr: string }
  | { readonly t: "merged"; readonly id: number; readonly partial: Map<string, unknown> }
  | { readonly t: "fatal"; readonly error: WireError };

export interface SubtaskFailure {
  /** Set when the user's code failed in an operator (a TaskFailure). */
  readonly operator?: string;
  readonly subtask?: number;
  readonly parallelism?: number;
  readonly error: WireError;
}
