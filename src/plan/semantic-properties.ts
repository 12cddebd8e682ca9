/**
 * Semantic annotations (Flink's withForwardedFields): which input fields reach the output
 * unchanged, and where. Used by the optimizer to keep partitioning across an operator.
 */
export interface ForwardedField {
  /** Field expression in the input ("f0", "user.id", "*"). */
  readonly from: string;
  /** Field expression in the output. */
  readonly to: string;
}

export interface SemanticProperties {
  /** One list per data input (index 0 = first). */
  readonly forwarded: ForwardedField[][];
}

export function emptySemanticProperties(): SemanticProperties {
  return { forwarded: [[], []] };
}
