/**
 * What Sluice's coordinator sends its Node processes on Dask workers, and what they answer. Each
 * Dask task carries the action's context (the entry's module, arguments, the coordinator's results
 * of earlier actions, the plan fingerprint: scattered once per action, cached per worker) and one
 * subtask request; it returns a meta blob for the coordinator and the encoded output parts, which
 * stay in the cluster until consumers read them.
 */
import type { EncodedBatch } from "../codec.js";
import type { PlanFingerprint } from "../fingerprint.js";
import type { PrintedText, SubtaskFailure, WireEntry } from "../protocol.js";

/** One action of one run of the entry, as every worker needs it. */
export interface DaskContext {
  /** Identifies the coordinator process (runs of two coordinators never mix). */
  readonly session: string;
  readonly run: number;
  readonly action: number;
  readonly jobName: string;
  readonly moduleUrl: string;
  /** sha256 of the job module's file as the coordinator read it (undefined: not a file URL). */
  readonly moduleHash: string | undefined;
  readonly args: unknown;
  readonly parallelism: number | undefined;
  readonly fingerprint: PlanFingerprint;
  /** The coordinator's results of actions 0 .. action-1. */
  readonly results: readonly WireEntry[];
}

/** Where one exchange's batches for this subtask come from: part blobs (by index), then inline batches. */
export interface PartSource {
  readonly blobs: readonly number[];
  readonly inline: readonly EncodedBatch[];
}

export interface DaskRequest {
  readonly task: number;
  readonly subtask: number;
  /** Per input gate, per exchange. */
  readonly inputs: readonly (readonly PartSource[])[];
  /** Per broadcast input, per exchange. */
  readonly broadcasts: readonly (readonly PartSource[])[];
  readonly splits: EncodedBatch | undefined;
  readonly formatState: (Record<string, unknown> | undefined)[];
}

/** The request of an accumulator merge on the worker that ran the subtask. */
export interface DaskMergeRequest {
  readonly session: string;
  readonly run: number;
  readonly action: number;
  readonly task: number;
  readonly subtask: number;
  readonly partial: Map<string, unknown>;
}

export type DaskMeta =
  | {
    readonly ok: true;
    /** Per output exchange: records per consumer part, and held records (range partitioning). */
    readonly outputs: { readonly counts: number[]; readonly held: EncodedBatch[] }[];
    readonly collected: [number, EncodedBatch][];
    readonly accumulatorNames: string[];
    readonly printed: PrintedText;
  }
  | { readonly ok: false; readonly failure: SubtaskFailure; readonly printed: PrintedText }
  /** The worker could not serve the subtask: a different plan, the entry ended early, the program differs. */
  | { readonly ok: false; readonly refused: string };
