/** What a source reads and what a sink writes, as plan data. */
import type { InputFormat, OutputFormat, GlobalOutputHooks } from "../common/formats.js";

export type SourceDescriptor =
  /** A non-parallel collection source (fromElements / fromCollection). */
  | { readonly kind: "collection"; readonly elements: readonly unknown[]; readonly description: string }
  /** generateSequence(from, to), split across subtasks. */
  | { readonly kind: "sequence"; readonly from: number; readonly to: number }
  /** Any InputFormat (files, user formats): splits spread over subtasks. */
  | { readonly kind: "format"; readonly format: InputFormat<unknown>; readonly description: string };

export type SinkDescriptor =
  /** collect(), count(), print(): records gathered back into the client under `slot`. */
  | { readonly kind: "collect"; readonly slot: number }
  | { readonly kind: "format"; readonly format: OutputFormat<unknown> & GlobalOutputHooks; readonly description: string };
