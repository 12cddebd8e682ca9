/**
 * A keyed stream grouped into event-time windows (Flink's WindowedStream): pick the window
 * function with reduce, aggregate, process or apply; optionally allow lateness and send records
 * too late for any window to a side output.
 * @example
 * keyed.window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
 *   .allowedLateness(Duration.ofSeconds(1))
 *   .sideOutputLateData(lateTag)
 *   .reduce((a, b) => [a[0], a[1] + b[1]])
 */
import { InvalidProgramException } from "../../common/errors.js";
import type { ReduceFunction } from "../../common/functions.js";
import { udfSpec } from "../../common/udf.js";
import { OutputTag } from "../output-tag.js";
import type { ContentsSpec, EmitSpec } from "../runtime/operators/window-functions-internal.js";
import { WindowOperator } from "../runtime/operators/window-operator.js";
import { type Duration, toMillis } from "../time/duration.js";
import { checkAssigner, type WindowAssigner } from "../windows/assigners.js";
import type { AggregateFunction, ProcessWindowFunctionLike, WindowFunction } from "../windows/window-functions.js";
import type { DataStream, KeyedStream } from "./data-stream.js";

export class WindowedStream<T, K> {
  private readonly assigner: WindowAssigner;
  private lateness = 0;
  private lateTag: OutputTag<unknown> | undefined;

  /** @internal */
  constructor(private readonly input: KeyedStream<T, K>, assigner: WindowAssigner) {
    this.assigner = checkAssigner(assigner, "window");
  }

  /**
   * Keeps window state this long after the window's end; later records re-fire it.
   * @example
   * clicks.keyBy((c) => c[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))).allowedLateness(Duration.ofSeconds(1));
   */
  allowedLateness(lateness: Duration): this {
    const ms = toMillis(lateness, "allowedLateness");
    if (ms < 0) throw new InvalidProgramException("The allowed lateness cannot be negative.");
    this.lateness = ms;
    return this;
  }
  /**
   * Sends records too late for every window they belong to to `tag` instead of dropping them.
   * @example
   * clicks.keyBy((c) => c[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))).sideOutputLateData(new OutputTag<[string, number]>("late"));
   */
  sideOutputLateData(tag: OutputTag<T>): this {
    if (!(tag instanceof OutputTag)) throw new InvalidProgramException("sideOutputLateData: expected an OutputTag");
    this.lateTag = tag as OutputTag<unknown>;
    return this;
  }

  /**
   * Reduces each window incrementally; with `windowFunction`, it gets the single reduced value.
   * @example
   * clicks.keyBy((c) => c[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))).reduce((a, b) => [a[0], a[1] + b[1]]);
   */
  reduce(reducer: ReduceFunction<T>): DataStream<T>;
  reduce<R>(reducer: ReduceFunction<T>, windowFunction: ProcessWindowFunctionLike<T, R, K>): DataStream<R>;
  reduce(reducer: ReduceFunction<T>, windowFunction?: ProcessWindowFunctionLike<T, unknown, K>): DataStream<any> {
    const contents: ContentsSpec = { kind: "reduce", fn: udfSpec(reducer, "reduce", "window reduce") };
    return this.build(contents, this.followUp(windowFunction), windowFunction ? "ReduceFunction, ProcessWindowFunction" : "ReduceFunction");
  }

  /**
   * Aggregates each window incrementally (createAccumulator, add, getResult, merge).
   * @example
   * clicks.keyBy((c) => c[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
   *   .aggregate({ createAccumulator: () => 0, add: (_c, n) => n + 1, getResult: (n) => n, merge: (a, b) => a + b }); // clicks per window
   */
  aggregate<ACC, R>(aggregator: AggregateFunction<T, ACC, R>): DataStream<R>;
  aggregate<ACC, V, R>(aggregator: AggregateFunction<T, ACC, V>, windowFunction: ProcessWindowFunctionLike<V, R, K>): DataStream<R>;
  aggregate(aggregator: AggregateFunction<T, any, any>, windowFunction?: ProcessWindowFunctionLike<any, unknown, K>): DataStream<any> {
    const spec = udfSpec(aggregator, "add", "window aggregate");
    for (const m of ["createAccumulator", "getResult", "merge"]) {
      if (typeof (aggregator as unknown as Record<string, unknown>)[m] !== "function") {
        throw new InvalidProgramException(`window aggregate: the AggregateFunction needs a '${m}' method`);
      }
    }
    const name = windowFunction ? "AggregateFunction, ProcessWindowFunction" : "AggregateFunction";
    return this.build({ kind: "aggregate", fn: spec }, this.followUp(windowFunction), name);
  }

  /**
   * Calls `fn(key, context, elements, out)` with all of a window's records when it fires.
   * @example
   * clicks.keyBy((c) => c[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
   *   .process({ process(key, ctx, clicks, out) { out.collect(`${key}: ${[...clicks].length} in ${ctx.window().getEnd()}`); } });
   */
  process<R>(fn: ProcessWindowFunctionLike<T, R, K>): DataStream<R> {
    return this.build({ kind: "list" }, { kind: "process", fn: udfSpec(fn, "process", "window process") }, "ProcessWindowFunction");
  }
  /**
   * Calls `fn(key, window, elements, out)` with all of a window's records when it fires.
   * @example
   * clicks.keyBy((c) => c[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
   *   .apply((key, window, clicks, out) => out.collect([key, [...clicks].length]));
   */
  apply<R>(fn: WindowFunction<T, R, K>): DataStream<R> {
    return this.build({ kind: "list" }, { kind: "apply", fn: udfSpec(fn, "apply", "window apply") }, "WindowFunction");
  }

  /** Adds the window operator. @internal */
  build<R>(contents: ContentsSpec, emit: EmitSpec, functionName: string): DataStream<R> {
    const spec = {
      assigner: this.assigner,
      key: this.input.key,
      allowedLateness: this.lateness,
      lateDataTag: this.lateTag,
      contents,
      emit,
    };
    return this.input.transform<R>(`Window(${this.assigner.toString()}, EventTimeTrigger, ${functionName})`, () => new WindowOperator(spec));
  }

  private followUp(windowFunction: ProcessWindowFunctionLike<any, any, K> | undefined): EmitSpec {
    return windowFunction === undefined ? { kind: "passThrough" } : { kind: "process", fn: udfSpec(windowFunction, "process", "window process") };
  }
}
