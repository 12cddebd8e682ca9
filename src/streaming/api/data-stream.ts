/**
 * DataStream<T> and KeyedStream<T, K> (Flink's DataStream API): each method adds a
 * transformation to the environment's program; nothing runs until `env.execute()`.
 * @example
 * env.socketTextStream("localhost", 9999)
 *   .map((line) => line.split(","))
 *   .keyBy((f) => f[0])
 *   .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
 */
import { checkParallelism, InvalidProgramException } from "../../common/errors.js";
import type { FilterFunction, FlatMapFunction, KeySelector, MapFunction } from "../../common/functions.js";
import { parseKeyArgs, type KeyDefinition } from "../../common/keys.js";
import { udfSpec } from "../../common/udf.js";
import type { FieldRefOf, KeyType, KeyTypes, TupleLike } from "../../common/record-types.js";
import type { OutputTag } from "../output-tag.js";
import { newTransformationId, type OperatorTransformation, type PartitionerSpec, type Transformation } from "../graph/transformation.js";
import type { StreamOperator } from "../runtime/operator.js";
import { FilterOperator, FlatMapOperator, MapOperator } from "../runtime/operators/record-operators.js";
import { CollectSinkOperator, PrintSinkOperator, SinkFunctionOperator } from "../runtime/operators/sink-operators.js";
import { TimestampsAndWatermarksOperator } from "../runtime/operators/timestamps-watermarks-operator.js";
import type { WatermarkStrategy } from "../watermarks/watermark-strategy.js";
import type { WindowAssigner } from "../windows/assigners.js";
import { CoGroupedStreams, JoinedStreams } from "./co-grouped-streams.js";
import { DataStreamSink } from "./data-stream-sink.js";
import type { SinkFunction } from "./sink-function.js";
import type { StreamExecutionEnvironment } from "./stream-execution-environment.js";
import { WindowedStream } from "./windowed-stream.js";

export class DataStream<T> {
  /** @internal */
  constructor(
    protected readonly environment: StreamExecutionEnvironment,
    /** @internal */ readonly transformation: Transformation,
  ) {}

  /**
   * The StreamExecutionEnvironment this stream belongs to.
   * @example
   * clicks.getExecutionEnvironment().execute();
   */
  getExecutionEnvironment(): StreamExecutionEnvironment {
    return this.environment;
  }
  /**
   * The id of this stream's transformation (unique in its environment).
   * @example
   * clicks.getId();
   */
  getId(): number {
    return this.transformation.id;
  }
  /**
   * The operator's name.
   * @example
   * clicks.name("clicks").getName(); // "clicks"
   */
  getName(): string {
    return this.transformation.name;
  }
  /**
   * The parallelism this stream's operator runs at (the environment's if not set).
   * @example
   * clicks.getParallelism();
   */
  getParallelism(): number {
    return resolveParallelism(this.transformation, this.environment.getParallelism());
  }

  /**
   * Applies `mapper` to every record.
   * @example
   * clicks.map((c) => [c[0], 1]); // DataStream<[string, number]>
   */
  map<R extends TupleLike>(mapper: MapFunction<T, R>): DataStream<R>;
  map<R>(mapper: MapFunction<T, R>): DataStream<R>;
  map<R>(mapper: MapFunction<T, R>): DataStream<R> {
    const spec = udfSpec(mapper, "map", "map");
    return this.transform<R>("Map", () => new MapOperator(spec));
  }
  /**
   * Emits any number of records per input record through `out`.
   * @example
   * senv.fromElements("a b", "c").flatMap((line, out) => line.split(" ").forEach((w) => out.collect(w)));
   */
  flatMap<R>(flatMapper: FlatMapFunction<T, R>): DataStream<R> {
    const spec = udfSpec(flatMapper, "flatMap", "flatMap");
    return this.transform<R>("Flat Map", () => new FlatMapOperator(spec));
  }
  /**
   * Keeps the records for which `filter` returns true.
   * @example
   * clicks.filter((c) => c[0] !== "bot");
   */
  filter(filter: FilterFunction<T>): DataStream<T> {
    const spec = udfSpec(filter, "filter", "filter");
    return this.transform<T>("Filter", () => new FilterOperator(spec));
  }

  /**
   * Partitions by key (key groups, as Flink): a selector, or tuple positions / field expressions.
   * @example
   * clicks.keyBy((c) => c[0]); // KeyedStream<[string, number], string>
   * clicks.keyBy(0); // the same key by position
   */
  keyBy<K>(key: KeySelector<T, K>): KeyedStream<T, K>;
  keyBy<const F extends readonly FieldRefOf<T>[]>(...fields: F): KeyedStream<T, F extends readonly [infer One] ? KeyType<T, One> : KeyTypes<T, F>>;
  keyBy(...args: unknown[]): KeyedStream<T, unknown> {
    return this.keyByDefinition<unknown>(parseKeyArgs(args, "keyBy"));
  }
  /** keyBy with a parsed key (the windowed joins key their tagged union so). @internal */
  keyByDefinition<K>(key: KeyDefinition): KeyedStream<T, K> {
    return new KeyedStream<T, K>(this.environment, this, key);
  }

  /**
   * Sets record timestamps and generates watermarks, per parallel instance.
   * @example
   * clicks.assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps<[string, number]>().withTimestampAssigner((c) => c[1]));
   */
  assignTimestampsAndWatermarks(strategy: WatermarkStrategy<T>): DataStream<T> {
    if (strategy === null || typeof strategy !== "object" || typeof strategy.createWatermarkGenerator !== "function") {
      throw new InvalidProgramException("assignTimestampsAndWatermarks: expected a WatermarkStrategy");
    }
    const s = strategy as WatermarkStrategy<unknown>;
    // As Flink: the watermark operator runs at its input's parallelism, forward-connected (chained).
    return this.transform<T>("Timestamps/Watermarks", () => new TimestampsAndWatermarksOperator(s), "input");
  }

  /**
   * The records of this stream and of `others`.
   * @example
   * clicks.union(senv.fromElements<[string, number]>(["x", 5]));
   */
  union(...others: DataStream<T>[]): DataStream<T> {
    for (const o of others) {
      if (!(o instanceof DataStream)) throw new InvalidProgramException("union: expected DataStreams");
      if (o.environment !== this.environment) throw new InvalidProgramException("union: cannot union streams of different environments");
    }
    const t: Transformation = { kind: "union", id: newTransformationId(), name: "Union", inputs: [this, ...others].map((s) => s.transformation) };
    return new DataStream<T>(this.environment, t);
  }

  /**
   * A windowed coGroup with `other`: `.where(k1).equalTo(k2).window(assigner).apply(f)`.
   * @example
   * clicks.coGroup(views).where((c) => c[0]).equalTo((v) => v[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
   *   .apply((cs, vs, out) => out.collect([...cs].length));
   */
  coGroup<T2>(other: DataStream<T2>): CoGroupedStreams<T, T2> {
    return new CoGroupedStreams<T, T2>(this, other);
  }
  /**
   * A windowed join with `other`: `.where(k1).equalTo(k2).window(assigner).apply(f)`.
   * @example
   * clicks.join(views).where((c) => c[0]).equalTo((v) => v[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))).apply((c, v) => [c[0], v[1]]);
   */
  join<T2>(other: DataStream<T2>): JoinedStreams<T, T2> {
    return new JoinedStreams<T, T2>(this, other);
  }

  /**
   * Distributes round-robin to the next operator's instances.
   * @example
   * clicks.rebalance().map((c) => c[1]);
   */
  rebalance(): DataStream<T> {
    return this.partition({ kind: "rebalance" });
  }
  /**
   * Sends instance i's records to the next operator's instance i (same parallelism needed).
   * @example
   * clicks.forward().map((c) => c[1]); // subtask i feeds subtask i
   */
  forward(): DataStream<T> {
    return this.partition({ kind: "forward" });
  }

  /**
   * Prints each record on stdout, prefixed `k> ` (1-based subtask) at parallelism above 1.
   * @example
   * clicks.print(); // 1> (a,1000) at parallelism above 1
   */
  print(sinkIdentifier?: string): DataStreamSink<T> {
    return this.sink("Print to Std. Out", () => new PrintSinkOperator(false, sinkIdentifier));
  }
  /**
   * Like print(), on stderr.
   * @example
   * clicks.printToErr("clicks");
   */
  printToErr(sinkIdentifier?: string): DataStreamSink<T> {
    return this.sink("Print to Std. Err", () => new PrintSinkOperator(true, sinkIdentifier));
  }
  /**
   * Hands each record to a sink function.
   * @example
   * clicks.addSink({ invoke(c) { console.log(c[0]); } });
   */
  addSink(sinkFunction: SinkFunction<T>): DataStreamSink<T> {
    const spec = udfSpec(sinkFunction, "invoke", "addSink");
    return this.sink("Unnamed", () => new SinkFunctionOperator(spec));
  }
  /**
   * Runs the program (with every sink defined so far) and returns this stream's records.
   * @example
   * const first10 = await clicks.executeAndCollect(10);
   */
  async executeAndCollect(limit = Infinity): Promise<T[]> {
    const records: T[] = [];
    this.sink("Collect Sink", () => new CollectSinkOperator(records, limit)).setParallelism(1);
    await this.environment.execute("DataStream Collect");
    return records;
  }

  /**
   * Names the operator (shown in errors and getTaskName()).
   * @example
   * clicks.map((c) => c[1]).name("timestamps");
   */
  name(name: string): this {
    operatorOf(this.transformation, "name").name = name;
    return this;
  }
  /**
   * Runs this operator with `parallelism` subtasks.
   * @example
   * clicks.map((c) => c[1]).setParallelism(2);
   */
  setParallelism(parallelism: number): this {
    checkParallelism(parallelism, "setParallelism");
    const t = this.transformation;
    if (t.kind === "source") {
      if (parallelism !== 1) throw new InvalidProgramException(`The parallelism of non parallel operator '${t.name}' must be 1.`);
      return this;
    }
    operatorOf(t, "setParallelism").parallelism = parallelism;
    return this;
  }
  /**
   * The records this operator emitted to `tag` (e.g. late window data).
   * @example
   * const late = new OutputTag<[string, number]>("late");
   * const counted = clicks.keyBy((c) => c[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))).sideOutputLateData(late)
   *   .reduce((a, b) => [a[0], a[1] + b[1]]);
   * counted.getSideOutput(late).print();
   */
  getSideOutput<X>(tag: OutputTag<X>): DataStream<X> {
    operatorOf(this.transformation, "getSideOutput");
    const t: Transformation = {
      kind: "sideOutput", id: newTransformationId(), name: `SideOutput(${tag.id})`, input: this.transformation, tag: tag as OutputTag<unknown>,
    };
    return new DataStream<X>(this.environment, t);
  }

  /** Adds a one-input operator after this stream. @internal */
  transform<R>(name: string, create: () => StreamOperator, parallelism?: number | "input"): DataStream<R> {
    const t: OperatorTransformation = { kind: "operator", id: newTransformationId(), name, input: this.transformation, parallelism, create, role: "operator" };
    this.environment.addOperator(t);
    return new DataStream<R>(this.environment, t);
  }

  private sink(name: string, create: () => StreamOperator): DataStreamSink<T> {
    const t: OperatorTransformation = {
      kind: "operator", id: newTransformationId(), name, input: this.transformation, parallelism: undefined, create, role: "sink",
    };
    this.environment.addOperator(t);
    return new DataStreamSink<T>(t);
  }

  private partition(partitioner: PartitionerSpec): DataStream<T> {
    const t: Transformation = { kind: "partition", id: newTransformationId(), name: partitioner.kind.toUpperCase(), input: this.transformation, partitioner };
    return new DataStream<T>(this.environment, t);
  }
}

/** A stream partitioned by key; windows on it are per key. */
export class KeyedStream<T, K> extends DataStream<T> {
  /** @internal */
  constructor(environment: StreamExecutionEnvironment, input: DataStream<T>, /** @internal */ readonly key: KeyDefinition) {
    super(environment, { kind: "partition", id: newTransformationId(), name: "HASH", input: input.transformation, partitioner: { kind: "hash", key } });
  }

  /**
   * Groups each key's records into event-time windows.
   * @example
   * clicks.keyBy((c) => c[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))).reduce((a, b) => [a[0], a[1] + b[1]]);
   */
  window(assigner: WindowAssigner): WindowedStream<T, K> {
    return new WindowedStream<T, K>(this, assigner);
  }
}

function operatorOf(t: Transformation, method: string): OperatorTransformation {
  if (t.kind === "operator") return t;
  const what = t.kind === "partition" ? "a keyBy/partitioning" : t.kind === "union" ? "a union" : t.kind === "source" ? "a source" : "a side output";
  throw new InvalidProgramException(`${method}() applies to an operator, but this stream is ${what}`);
}

/** @internal */
export function resolveParallelism(t: Transformation, envParallelism: number): number {
  switch (t.kind) {
    case "source":
      return 1;
    case "operator":
      return t.parallelism === "input" ? resolveParallelism(t.input, envParallelism) : t.parallelism ?? envParallelism;
    case "partition":
    case "sideOutput":
      return resolveParallelism(t.input, envParallelism);
    case "union":
      return resolveParallelism(t.inputs[0]!, envParallelism);
  }
}
