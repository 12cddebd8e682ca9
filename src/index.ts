/** Sluice: Apache Flink's DataSet API (and windowed two-stream joins) for TypeScript on Node.js. */
export { ExecutionEnvironment } from "./api/execution-environment.js";
export { ExecutionConfig, type ExecutionMode } from "./api/execution-config.js";
export { DataSet, type AggregationField } from "./api/data-set.js";
export type {
  KeyArg, KeyType, KeyTypes, FieldExpression, FieldPath, FieldRefOf, FieldType, TuplePosition, NumericField, ComparableField,
  MatchingKeys, FieldRefWithType, Projection, SideFields, Nullable, IsLoose, TupleLike, TupleHint, JoinFunctionArg, JoinResult,
} from "./common/record-types.js";
export { SortPartitionDataSet } from "./api/sort-partition-data-set.js";
export { AggregateDataSet } from "./api/aggregate-data-set.js";
export { UnsortedGrouping, SortedGrouping } from "./api/grouping.js";
export {
  JoinOperatorSets, JoinOperatorSetsPredicate, JoinOperator, DefaultJoin, ProjectJoin, CoGroupOperatorSets, CoGroupOperatorSetsPredicate,
  CoGroupOperatorWithoutFunction, CoGroupOperator, CrossOperator, DefaultCross, ProjectCross, TwoInputOperator,
} from "./api/binary/index.js";
export { DataSink } from "./api/data-sink.js";
export { DataSetUtils } from "./api/dataset-utils.js";
export { JobExecutionResult } from "./common/job-execution-result.js";
export type { ChannelMetric } from "./common/job-metrics.js";
export type { JobListener, ProgressSnapshot, OperatorProgress, ProgressCollector, SubtaskCounts } from "./common/progress.js";
export { Order, Aggregations, WriteMode, JoinHint, JoinType } from "./common/enums.js";
export { InvalidProgramException, JobExecutionException } from "./common/errors.js";
export { Configuration } from "./common/configuration.js";
export type { Collector } from "./common/collector.js";
export type { RuntimeContext } from "./common/runtime-context.js";
export { IntCounter, LongCounter, DoubleCounter, Histogram, ListAccumulator, type Accumulator } from "./common/accumulators.js";
export { LongSumAggregator, DoubleSumAggregator, type Aggregator, type ConvergenceCriterion } from "./common/aggregators.js";
export { DeltaIteration, IterativeDataSet } from "./api/iteration/index.js";
export type { IterationStats } from "./common/job-metrics.js";
export {
  AbstractRichFunction, RichMapFunction, RichFlatMapFunction, RichFilterFunction, RichMapPartitionFunction,
  RichReduceFunction, RichGroupReduceFunction, RichGroupCombineFunction, RichJoinFunction, RichFlatJoinFunction,
  RichCoGroupFunction, RichCrossFunction,
  type MapFunction, type FlatMapFunction, type FilterFunction, type MapPartitionFunction, type ReduceFunction,
  type GroupReduceFunction, type GroupCombineFunction, type JoinFunction, type FlatJoinFunction, type CoGroupFunction,
  type CrossFunction, type KeySelector, type Partitioner, type TextFormatter,
} from "./common/functions.js";
export type { InputFormat, InputSplit, OutputFormat } from "./common/formats.js";
export type { Shape, Kind } from "./common/shape.js";
export { formatRecord } from "./common/printing.js";
export * from "./streaming/index.js";
export { CsvReader, type CsvKind, type CsvKindType, type CsvTuple } from "./api/csv-reader.js";
export * from "./io/index.js";
export { defineJob, isJobModule, type JobDefinition, type JobEntry } from "./job/define-job.js";
export { runJob, type RunJobOptions, type JobMode } from "./job/run-job.js";
export { parseJobArgs } from "./job/job-args.js";
// Tools (the sluice CLI's explain): capture the plans a program submits, as a graph.
export { startPlanCapture, stopPlanCapture, type PlanCapture, type CapturedJob } from "./client/plan-capture.js";
export { planGraph, type JobGraph, type GraphNode, type GraphEdge } from "./client/plan-graph.js";
