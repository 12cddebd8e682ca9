/** What a source reads and what a sink writes, as plan data. */
import type { InputFormat, OutputFormat, GlobalOutputHooks } from "../common/formats.js";

export type SourceDescriptor =
  /**
   * A non-parallel collection source (fromElements / fromCollection). In a worker running a job
   * module's entry, `elements` holds only the first COLLECTION_SAMPLE (for the shape) and `shipped`
   * is set: the coordinator ships the elements with the subtask that reads them.
   */
  | { readonly kind: "collection"; readonly elements: readonly unknown[]; readonly description: string; readonly shipped?: ShippedCollection }
  /** generateSequence(from, to), split across subtasks. */
  | { readonly kind: "sequence"; readonly from: number; readonly to: number }
  /** Any InputFormat (files, user formats): splits spread over subtasks. */
  | { readonly kind: "format"; readonly format: InputFormat<unknown>; readonly description: string };

/** A worker's stand-in for a collection the coordinator holds: the k-th of the entry run, its size once the coordinator told it. */
export interface ShippedCollection {
  readonly index: number;
  count: number | undefined;
}

/** Elements of a collection that decide its shape (the rest never changes the plan). */
export const COLLECTION_SAMPLE = 1000;

/** Records a collection source holds: its own count, or the coordinator's for a shipped one. */
export function collectionSize(src: Extract<SourceDescriptor, { kind: "collection" }>): number {
  return src.shipped?.count ?? src.elements.length;
}

export type SinkDescriptor =
  /** collect(), count(), print(): records gathered back into the client under `slot`. */
  | { readonly kind: "collect"; readonly slot: number }
  | { readonly kind: "format"; readonly format: OutputFormat<unknown> & GlobalOutputHooks; readonly description: string };
