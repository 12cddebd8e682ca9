/**
 * What an operator inside an iteration's step function gets from the iteration runtime
 * (`OperatorContext.iteration`; undefined outside iterations).
 *
 * Drivers are re-created every superstep (as Flink re-instantiates non-resettable drivers), so
 * anything worth keeping across supersteps lives in `state`, a map of this (node, subtask) that
 * the iteration holds until it ends. The main use is Flink's cached static path: a hash join
 * whose build side is static (the same data every superstep) builds its table once; the
 * optimizer decides which input is cached (PhysicalNode.cachedInput, `cached_input` in the plan
 * JSON) and the driver follows it (`staticHolder` below).
 *
 * @example A join driver keeping the hash table of a static build side:
 * const it = ctx.iteration;
 * if (it && ctx.node.cachedInput === buildSide) {
 *   const kept = it.isStaticInputKept(buildSide) ? it.state.get("build") : undefined;
 *   if (kept) this.table = kept as HashTable;            // superstep > 1: the input is not fed
 *   else onBuildEnd(() => { it.state.set("build", this.table); it.keepStaticInput(buildSide); });
 * }
 */
import { InternalError } from "../../common/errors.js";
import type { PhysicalNode } from "../../plan/physical.js";
import type { IterationStepIO } from "./step-io.js";

export interface IterationHooks {
  /** The current superstep, starting at 1. */
  readonly superstep: number;
  /** State of this (node, subtask), kept from superstep to superstep until the iteration ends. */
  readonly state: Map<string, unknown>;
  /** Whether data input `input` of this node is the same in every superstep (the static path). */
  isStaticInput(input: 0 | 1): boolean;
  /**
   * Says this subtask keeps static input `input` itself (in `state`): once every subtask of the
   * node said so, the input is not fed again in later supersteps (its endInput still comes).
   */
  keepStaticInput(input: 0 | 1): void;
  /** Whether static input `input` is not fed this superstep because every subtask of the node keeps it. */
  isStaticInputKept(input: 0 | 1): boolean;
  /** For the iteration's own drivers: outputs and the solution set of this subtask. */
  readonly io: IterationStepIO;
}

/** The part of an operator's context the hooks read (OperatorContext has it; no import, no cycle). */
export interface HookedContext {
  readonly node: PhysicalNode;
  readonly iteration?: IterationHooks;
}

/** The hooks of an operator that only runs inside a step function. @internal */
export function hooksOf(ctx: HookedContext): IterationHooks {
  if (!ctx.iteration) throw new InternalError(`${ctx.node.name}: the ${ctx.node.driver} driver runs only inside an iteration`);
  return ctx.iteration;
}

/**
 * For a driver that holds input `input` whole (a hash table, a sorted run): inside an iteration
 * whose plan caches that input (PhysicalNode.cachedInput, decided by the optimizer for a static
 * input), what it kept in an earlier superstep (`kept`) and `keep(value)` to keep what it
 * built; undefined elsewhere (build as usual, every superstep).
 */
export function staticHolder<T>(ctx: HookedContext, input: 0 | 1, slot: string): { readonly kept: T | undefined; keep(value: T): void } | undefined {
  const it = ctx.iteration;
  if (!it || ctx.node.cachedInput !== input) return undefined;
  // The plan may only cache what is the same every superstep.
  if (!it.isStaticInput(input)) throw new InternalError(`${ctx.node.name}: the plan caches input ${input}, which is not static`);
  return {
    // Only what the runtime stopped feeding may be reused; otherwise the input arrives again.
    kept: it.isStaticInputKept(input) ? (it.state.get(slot) as T | undefined) : undefined,
    keep(value: T): void {
      it.state.set(slot, value);
      it.keepStaticInput(input);
    },
  };
}
