/** The DataStream API (event time, watermarks, windows, windowed joins of two streams). */
export { StreamExecutionEnvironment } from "./api/stream-execution-environment.js";
export { StreamExecutionConfig } from "./api/stream-execution-config.js";
export { DataStream, KeyedStream } from "./api/data-stream.js";
export { RichSinkFunction, type SinkFunction } from "./api/sink-function.js";
export { DataStreamSink } from "./api/data-stream-sink.js";
export { WindowedStream } from "./api/windowed-stream.js";
export { CoGroupedStreams, JoinedStreams, CoGroupWithWindow, JoinWithWindow } from "./api/co-grouped-streams.js";
export { JobClient } from "./api/job-client.js";
export { StreamJobExecutionResult } from "./api/stream-job-result.js";
export type { JobStatus } from "./runtime/stream-job.js";
export type { OperatorMetricsSummary } from "./runtime/operator.js";
export type { SinkContext } from "./runtime/operators/sink-operators.js";
export { OutputTag } from "./output-tag.js";
export { Duration } from "./time/duration.js";
export { TimeWindow } from "./time/time-window.js";
export { Watermark, type WatermarkGenerator, type WatermarkOutput } from "./watermarks/watermark.js";
export { WatermarkStrategy, type TimestampAssigner, type WatermarkGeneratorSupplier } from "./watermarks/watermark-strategy.js";
export { TumblingEventTimeWindows, SlidingEventTimeWindows, EventTimeSessionWindows, type WindowAssigner } from "./windows/assigners.js";
export {
  ProcessWindowFunction, RichWindowFunction,
  type AggregateFunction, type ProcessWindowContext, type ProcessWindowFunctionLike, type WindowFunction,
  type WindowCoGroupFunction, type WindowJoinFunction,
} from "./windows/window-functions.js";
export {
  murmurHash,
  assignToKeyGroup,
  assignKeyToParallelOperator,
  computeKeyGroupForKeyHash,
  computeOperatorIndexForKeyGroup,
  computeDefaultMaxParallelism,
} from "./routing/key-groups.js";
export { javaHashCode } from "./routing/java-hash.js";
