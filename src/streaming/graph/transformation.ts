/**
 * The logical program of a StreamExecutionEnvironment (Flink's Transformations): sources and
 * operators are physical; partitioning (keyBy, rebalance, forward), union and side-output
 * selection are virtual and only shape the edges between physical ones.
 */
import type { KeyDefinition } from "../../common/keys.js";
import type { OutputTag } from "../output-tag.js";
import type { StreamOperator } from "../runtime/operator.js";
import type { SourceFunction } from "../runtime/sources/source-function.js";

export type PartitionerSpec =
  | { readonly kind: "forward" }
  | { readonly kind: "rebalance" }
  | { readonly kind: "hash"; readonly key: KeyDefinition };

interface Base {
  readonly id: number;
  name: string;
}

export interface SourceTransformation extends Base {
  readonly kind: "source";
  readonly create: () => SourceFunction<unknown>;
}

export interface OperatorTransformation extends Base {
  readonly kind: "operator";
  readonly input: Transformation;
  /** undefined: the environment's parallelism; "input": the same as its input's. */
  parallelism: number | "input" | undefined;
  readonly create: () => StreamOperator;
  readonly role: "operator" | "sink";
}

export interface PartitionTransformation extends Base {
  readonly kind: "partition";
  readonly input: Transformation;
  readonly partitioner: PartitionerSpec;
}

export interface UnionTransformation extends Base {
  readonly kind: "union";
  readonly inputs: readonly Transformation[];
}

export interface SideOutputTransformation extends Base {
  readonly kind: "sideOutput";
  readonly input: Transformation;
  readonly tag: OutputTag<unknown>;
}

export type Transformation =
  | SourceTransformation
  | OperatorTransformation
  | PartitionTransformation
  | UnionTransformation
  | SideOutputTransformation;

let nextId = 1;

/** A fresh transformation id. */
export function newTransformationId(): number {
  return nextId++;
}
