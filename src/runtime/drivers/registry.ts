/**
 * Driver registry: the operator that runs each driver strategy, one entry per DRIVERS key (a new
 * strategy without its operator does not compile). Each factory gets the context narrowed to the
 * logical nodes its strategy runs (DriverSpec `runs`), checked once here instead of cast in every
 * driver. Strategies no operator runs name who runs them.
 */
import { InternalError } from "../../common/errors.js";
import { logicalOf, type DriverStrategy, type LogicalOf } from "../../plan/physical.js";
import { GroupOperator, MapPartitionOperator } from "./group-drivers.js";
import type { Operator, OperatorContext } from "./operator.js";
import { FilterOperator, FlatMapOperator, MapOperator, NoOpOperator, ProjectOperator } from "./record-drivers.js";
import { AllReduceOperator, HashReduceOperator } from "./reduce-drivers.js";
import { SumReduceOperator, SumsReduceOperator } from "./running-value-reduce.js";
import { MinMaxReduceOperator } from "./min-max-reduce.js";
import { HashDistinctOperator } from "./distinct-driver.js";
import { singleMinMax, sumFields, type AggregationReducer } from "../../common/builtins/aggregations.js";
import type { ReduceNode, SinkNode } from "../../plan/logical.js";
import { CollectSinkOperator, FormatSinkOperator } from "./sink-drivers.js";
import { CoGroupOperator } from "./cogroup/cogroup-driver.js";
import { HashCoGroupOperator } from "./cogroup/hash-cogroup-driver.js";
import { NestedLoopCrossOperator } from "./cross/nested-loop-driver.js";
import { HashJoinOperator } from "./join/hash-join-driver.js";
import { MergeJoinOperator } from "./join/merge-join-driver.js";
import { CriterionOperator, GatherOperator, SolutionSetDeltaOperator } from "../iteration/step-drivers.js";
import { SolutionSetCoGroupOperator, SolutionSetJoinOperator } from "../iteration/solution-set-drivers.js";

export interface JobServices {
  /** collect() sinks append here: slot -> subtask -> records. */
  readonly collected: Map<number, any[][]>;
}

type Factory<D extends DriverStrategy> = (ctx: OperatorContext<LogicalOf<D>>, out: Operator, services: JobServices) => Operator;
/** A strategy the task runtime executes itself. */
interface RunElsewhere {
  readonly runBy: string;
}

const SOURCE_RUNNER: RunElsewhere = { runBy: "task/source-runner.ts" };
const ITERATION_RUNNER: RunElsewhere = { runBy: "iteration/iteration-runner.ts (the step plan's heads are fed)" };

const OPERATORS: { readonly [D in DriverStrategy]: Factory<D> | RunElsewhere } = {
  SOURCE: SOURCE_RUNNER,
  SINK: (ctx, _out, services) => createSink(ctx, services),
  MAP: (ctx, out) => new MapOperator(ctx, out),
  FLAT_MAP: (ctx, out) => new FlatMapOperator(ctx, out),
  FILTER: (ctx, out) => new FilterOperator(ctx, out),
  PROJECT: (ctx, out) => new ProjectOperator(ctx, out),
  MAP_PARTITION: (ctx, out) => new MapPartitionOperator(ctx, out),
  UNARY_NO_OP: (ctx, out) => new NoOpOperator(ctx, out),
  SORT_PARTITION: (ctx, out) => new NoOpOperator(ctx, out),
  HASHED_PARTIAL_REDUCE: (ctx, out) => new HashReduceOperator(ctx, out, true),
  HASH_REDUCE: (ctx, out) => new HashReduceOperator(ctx, out, false),
  HASHED_PARTIAL_SUM: (ctx, out) => sumReduce(ctx, out, true),
  HASH_SUM_REDUCE: (ctx, out) => sumReduce(ctx, out, false),
  HASHED_PARTIAL_MIN_MAX: (ctx, out) => minMaxReduce(ctx, out, true),
  HASH_MIN_MAX_REDUCE: (ctx, out) => minMaxReduce(ctx, out, false),
  HASHED_PARTIAL_DISTINCT: (ctx, out) => new HashDistinctOperator(ctx, out, true),
  HASH_DISTINCT: (ctx, out) => new HashDistinctOperator(ctx, out, false),
  ALL_REDUCE: (ctx, out) => new AllReduceOperator(ctx, out),
  HASH_GROUP_REDUCE: (ctx, out) => new GroupOperator(ctx, out, false),
  SORTED_GROUP_REDUCE: (ctx, out) => new GroupOperator(ctx, out, false),
  ALL_GROUP_REDUCE: (ctx, out) => new GroupOperator(ctx, out, false),
  HASH_GROUP_COMBINE: (ctx, out) => new GroupOperator(ctx, out, true),
  SORTED_GROUP_COMBINE: (ctx, out) => new GroupOperator(ctx, out, true),
  ALL_GROUP_COMBINE: (ctx, out) => new GroupOperator(ctx, out, true),
  HYBRIDHASH_BUILD_FIRST: (ctx, out) => new HashJoinOperator(ctx, out, 0),
  HYBRIDHASH_BUILD_SECOND: (ctx, out) => new HashJoinOperator(ctx, out, 1),
  LEFT_HYBRIDHASH_BUILD_FIRST: (ctx, out) => new HashJoinOperator(ctx, out, 0),
  LEFT_HYBRIDHASH_BUILD_SECOND: (ctx, out) => new HashJoinOperator(ctx, out, 1),
  RIGHT_HYBRIDHASH_BUILD_FIRST: (ctx, out) => new HashJoinOperator(ctx, out, 0),
  RIGHT_HYBRIDHASH_BUILD_SECOND: (ctx, out) => new HashJoinOperator(ctx, out, 1),
  FULL_OUTER_HYBRIDHASH_BUILD_FIRST: (ctx, out) => new HashJoinOperator(ctx, out, 0),
  FULL_OUTER_HYBRIDHASH_BUILD_SECOND: (ctx, out) => new HashJoinOperator(ctx, out, 1),
  INNER_MERGE: (ctx, out) => new MergeJoinOperator(ctx, out),
  LEFT_OUTER_MERGE: (ctx, out) => new MergeJoinOperator(ctx, out),
  RIGHT_OUTER_MERGE: (ctx, out) => new MergeJoinOperator(ctx, out),
  FULL_OUTER_MERGE: (ctx, out) => new MergeJoinOperator(ctx, out),
  CO_GROUP: (ctx, out) => new CoGroupOperator(ctx, out),
  HASH_CO_GROUP: (ctx, out) => new HashCoGroupOperator(ctx, out),
  NESTEDLOOP_BLOCKED_OUTER_FIRST: (ctx, out) => new NestedLoopCrossOperator(ctx, out, 0),
  NESTEDLOOP_BLOCKED_OUTER_SECOND: (ctx, out) => new NestedLoopCrossOperator(ctx, out, 1),
  BULK_ITERATION: ITERATION_RUNNER,
  DELTA_ITERATION: ITERATION_RUNNER,
  PARTIAL_SOLUTION: ITERATION_RUNNER,
  WORKSET: ITERATION_RUNNER,
  SOLUTION_SET: ITERATION_RUNNER,
  STATIC_INPUT: ITERATION_RUNNER,
  NEXT_PARTIAL_SOLUTION: (ctx) => new GatherOperator(ctx),
  TERMINATION_CRITERION: (ctx) => new CriterionOperator(ctx),
  NEXT_WORKSET: (ctx) => new GatherOperator(ctx),
  SOLUTION_SET_DELTA: (ctx) => new SolutionSetDeltaOperator(ctx),
  JOIN_WITH_SOLUTION_SET_FIRST: (ctx, out) => new SolutionSetJoinOperator(ctx, out, true),
  JOIN_WITH_SOLUTION_SET_SECOND: (ctx, out) => new SolutionSetJoinOperator(ctx, out, false),
  CO_GROUP_WITH_SOLUTION_SET_FIRST: (ctx, out) => new SolutionSetCoGroupOperator(ctx, out, true),
  CO_GROUP_WITH_SOLUTION_SET_SECOND: (ctx, out) => new SolutionSetCoGroupOperator(ctx, out, false),
};

export function createOperator<D extends DriverStrategy>(driver: D, ctx: OperatorContext, out: Operator, services: JobServices): Operator {
  const entry: Factory<D> | RunElsewhere = OPERATORS[driver];
  if ("runBy" in entry) throw new InternalError(`${ctx.node.name}: ${driver} is not run as an operator (${entry.runBy} runs it)`);
  logicalOf(ctx.node, driver);
  return entry(ctx as OperatorContext<LogicalOf<D>>, out, services);
}

/** The running sums the optimizer chose for built-in SUMs alone (HASH_SUM_REDUCE). */
function sumReduce(ctx: OperatorContext<ReduceNode>, out: Operator, partial: boolean): Operator {
  const sums = sumFields(ctx.node.logical.udf.value);
  if (sums === undefined) throw new InternalError(`${ctx.node.name}: ${ctx.node.driver} runs built-in SUMs of distinct fields only`);
  const { fields, names } = sums;
  return fields.length === 1 ? new SumReduceOperator(ctx, out, partial, fields, names) : new SumsReduceOperator(ctx, out, partial, fields, names);
}

/** The running MIN/MAX the optimizer chose for a lone built-in MIN or MAX (HASH_MIN_MAX_REDUCE). */
function minMaxReduce(ctx: OperatorContext<ReduceNode>, out: Operator, partial: boolean): Operator {
  const one = singleMinMax(ctx.node.logical.udf.value);
  if (one === undefined) throw new InternalError(`${ctx.node.name}: ${ctx.node.driver} runs a single built-in MIN or MAX only`);
  const aggs = (ctx.node.logical.udf.value as AggregationReducer).aggregations;
  return new MinMaxReduceOperator(ctx, out, partial, one.max, one.field, String(aggs[0]!.field));
}

function createSink(ctx: OperatorContext<SinkNode>, services: JobServices): Operator {
  const sink = ctx.node.logical.sink;
  if (sink.kind === "collect") {
    let slot = services.collected.get(sink.slot);
    if (!slot) services.collected.set(sink.slot, (slot = []));
    slot[ctx.subtask] = [];
    return new CollectSinkOperator(ctx, (records) => (slot[ctx.subtask] = records));
  }
  return new FormatSinkOperator(ctx);
}
