/**
 * Messages between a coordinator and its workers (threads or child processes: the same messages,
 * structured-cloned). A worker runs the job module's entry for each run the coordinator opens;
 * every action the entry reaches (execute, collect, count...) is announced, then answered with the
 * coordinator's result, or first planned, checked by fingerprint and served subtask by subtask.
 */
import type { EncodedBatch } from "./codec.js";
import type { InputSplit } from "../../common/formats.js";
import type { PlanFingerprint } from "./fingerprint.js";
import type { WireError } from "./wire-error.js";
import type { ChannelMetric, IterationStats } from "../../common/job-metrics.js";
import type { SubtaskCounts } from "../../common/progress.js";

/** An action's result as workers receive it (records encoded, so classes keep their prototype). */
export type WireEntry =
  | {
    readonly ok: true; readonly collected: (EncodedBatch | undefined)[]; readonly accumulators: Map<string, unknown>; readonly netRuntimeMs: number;
    readonly channels: readonly ChannelMetric[]; readonly iterations: readonly IterationStats[];
  }
  | { readonly ok: false; readonly error: WireError };

/** What one subtask wrote to one output exchange: batches per consumer, and held records (range). */
export interface SubtaskOutput {
  readonly parts: EncodedBatch[][];
  readonly held: EncodedBatch[];
}

/** Addresses one action (0, 1, ...) of one run of an entry. */
interface At {
  readonly run: number;
  readonly action: number;
}

export type ToWorker =
  | { readonly t: "open"; readonly run: number; readonly moduleUrl: string; readonly args: unknown; readonly parallelism: number | undefined }
  | { readonly t: "close"; readonly run: number }
  | (At & { readonly t: "result"; readonly entry: WireEntry })
  /** Plan the action; `collections`: the sizes of the entry run's collection sources so far, in the order they were made. */
  | (At & { readonly t: "plan"; readonly collections: readonly number[] })
  | (At & { readonly t: "serve" })
  | (At & {
    readonly t: "run"; readonly id: number; readonly task: number; readonly subtask: number;
    /** Per input gate, per exchange: this subtask's batches. */
    readonly inputs: EncodedBatch[][][];
    /** Per broadcast input, per exchange: all batches. */
    readonly broadcasts: EncodedBatch[][][];
    /** This subtask's splits (codec.ts splitsForWire), or, with `claim`, the task's whole list. */
    readonly splits: readonly InputSplit[] | EncodedBatch | undefined;
    /** Set when the splits are claimed as the subtasks read them: the task's shared counter (split-claims.ts); `splits` is then the whole list. */
    readonly claim?: Int32Array;
    /** The elements of the collection source that heads this task (the worker holds a sample only). */
    readonly collection?: EncodedBatch;
    /** Fields the coordinator's output formats got from initializeGlobal (staging paths). */
    readonly formatState: (Record<string, unknown> | undefined)[];
    /** Whether someone watches the job's progress: the worker then relays the subtask's counters. */
    readonly progress: boolean;
  })
  | (At & { readonly t: "merge"; readonly id: number; readonly task: number; readonly subtask: number; readonly partial: Map<string, unknown> });

export type FromWorker =
  /** The entry reached this action. */
  | (At & { readonly t: "action" })
  /** The worker's plan for the action (undefined: building it threw planError). */
  | (At & { readonly t: "plan"; readonly fingerprint: PlanFingerprint | undefined; readonly planError?: string })
  /** The entry returned or threw (error) in the worker. */
  | { readonly t: "ended"; readonly run: number; readonly error?: WireError }
  | {
    readonly t: "done"; readonly id: number; readonly ok: true;
    readonly outputs: SubtaskOutput[];
    readonly collected: [number, EncodedBatch][];
    readonly accumulatorNames: string[];
    readonly printed: PrintedText;
  }
  | { readonly t: "done"; readonly id: number; readonly ok: false; readonly failure: SubtaskFailure; readonly printed: PrintedText }
  | { readonly t: "merged"; readonly id: number; readonly partial: Map<string, unknown> }
  /** The counters of the subtask request `id` runs (sampled while it runs, and once at its end). */
  | { readonly t: "progress"; readonly id: number; readonly counts: SubtaskCounts }
  | { readonly t: "fatal"; readonly error: WireError };

/** What a subtask's print sinks wrote, relayed by the coordinator in subtask order. */
export interface PrintedText {
  readonly stdout: string;
  readonly stderr: string;
}

export interface SubtaskFailure {
  /** Set when the user's code failed in an operator (a TaskFailure). */
  readonly operator?: string;
  readonly subtask?: number;
  readonly parallelism?: number;
  readonly error: WireError;
}
