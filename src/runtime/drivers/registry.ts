/**
 * Driver registry: the operator that runs each driver strategy. Two-input strategies are
 * registered by the join/coGroup/cross module; iterations by the iteration runtime.
 */
import { InternalError } from "../../common/errors.js";
import type { ReduceNode, SinkNode } from "../../plan/logical.js";
import type { DriverStrategy } from "../../plan/physical.js";
import { GroupOperator, MapPartitionOperator } from "./group-drivers.js";
import type { Operator, OperatorContext } from "./operator.js";
import { FilterOperator, FlatMapOperator, MapOperator, NoOpOperator, ProjectOperator } from "./record-drivers.js";
import { AllReduceOperator, HashReduceOperator, SumReduceOperator } from "./reduce-drivers.js";
import { singleSum, type AggregationReducer } from "../../common/builtins/aggregations.js";
import { CollectSinkOperator, FormatSinkOperator } from "./sink-drivers.js";
import { createBinaryOperator } from "./binary-registry.js";
import { createIterationOperator } from "../iteration/step-drivers.js";

export interface JobServices {
  /** collect() sinks append here: slot -> subtask -> records. */
  readonly collected: Map<number, any[][]>;
}

export function createOperator(driver: DriverStrategy, ctx: OperatorContext, out: Operator, services: JobServices): Operator {
  switch (driver) {
    case "MAP": return new MapOperator(ctx, out);
    case "FLAT_MAP": return new FlatMapOperator(ctx, out);
    case "FILTER": return new FilterOperator(ctx, out);
    case "PROJECT": return new ProjectOperator(ctx, out);
    case "UNARY_NO_OP":
    case "SORT_PARTITION": return new NoOpOperator(ctx, out);
    case "MAP_PARTITION": return new MapPartitionOperator(ctx, out);
    case "HASHED_PARTIAL_REDUCE": return hashReduce(ctx, out, true);
    case "HASH_REDUCE": return hashReduce(ctx, out, false);
    case "ALL_REDUCE": return new AllReduceOperator(ctx, out);
    case "HASH_GROUP_REDUCE":
    case "SORTED_GROUP_REDUCE":
    case "ALL_GROUP_REDUCE": return new GroupOperator(ctx, out, false);
    case "HASH_GROUP_COMBINE":
    case "SORTED_GROUP_COMBINE":
    case "ALL_GROUP_COMBINE": return new GroupOperator(ctx, out, true);
    case "SINK": return createSink(ctx, services);
    case "NEXT_PARTIAL_SOLUTION":
    case "TERMINATION_CRITERION":
    case "NEXT_WORKSET":
    case "SOLUTION_SET_DELTA":
    case "JOIN_WITH_SOLUTION_SET_FIRST":
    case "JOIN_WITH_SOLUTION_SET_SECOND":
    case "CO_GROUP_WITH_SOLUTION_SET_FIRST":
    case "CO_GROUP_WITH_SOLUTION_SET_SECOND": return createIterationOperator(driver, ctx, out);
    case "SOURCE":
    case "PARTIAL_SOLUTION":
    case "WORKSET":
    case "SOLUTION_SET":
    case "STATIC_INPUT":
    case "BULK_ITERATION":
    case "DELTA_ITERATION":
      throw new InternalError(`${ctx.node.name}: ${driver} is not run as an operator`);
    default:
      return createBinaryOperator(driver, ctx, out);
  }
}

/** A lone built-in SUM gets the typed running-sum operator; every other reduce the general one. */
function hashReduce(ctx: OperatorContext, out: Operator, partial: boolean): Operator {
  const logical = ctx.node.logical as ReduceNode;
  const field = logical.builtin === "aggregate" ? singleSum(logical.udf.value) : undefined;
  if (field === undefined) return new HashReduceOperator(ctx, out, partial);
  const aggs = (logical.udf.value as AggregationReducer).aggregations;
  return new SumReduceOperator(ctx, out, partial, field, String(aggs[0]!.field));
}

function createSink(ctx: OperatorContext, services: JobServices): Operator {
  const sink = (ctx.node.logical as SinkNode).sink;
  if (sink.kind === "collect") {
    let slot = services.collected.get(sink.slot);
    if (!slot) services.collected.set(sink.slot, (slot = []));
    const target: any[] = [];
    slot[ctx.subtask] = target;
    return new CollectSinkOperator(ctx, target);
  }
  return new FormatSinkOperator(ctx);
}
