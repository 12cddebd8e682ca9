/**
 * DataSet<T>: a node of the logical plan plus the transformations of API.md's "DataSet<T>"
 * section. Every method validates what it can at definition time and adds a logical node;
 * nothing runs until an action or `env.execute()`.
 */
import { Configuration } from "../common/configuration.js";
import { Aggregations, JoinHint, JoinType, type Order, WriteMode } from "../common/enums.js";
import { checkParallelism, InvalidProgramException } from "../common/errors.js";
import { validateFieldRef } from "../common/field-access.js";
import type {
  FilterFunction, FlatMapFunction, GroupCombineFunction, GroupReduceFunction, KeySelector, MapFunction, MapPartitionFunction,
  Partitioner, ReduceFunction, TextFormatter,
} from "../common/functions.js";
import type { OutputFormat } from "../common/formats.js";
import { parseKeyArgs, validateKey, type KeyDefinition } from "../common/keys.js";
import { isTupleShape, type Shape } from "../common/shape.js";
import { udfSpec, type UdfSpec } from "../common/udf.js";
import { formatRecord } from "../common/printing.js";
import type { LogicalNode } from "../plan/logical.js";
import { PrintingOutputFormat } from "../io/printing-output-format.js";
import type { AggregateDataSet } from "./aggregate-data-set.js";
import type { CoGroupOperatorSets } from "./binary/cogroup.js";
import type { DefaultCross } from "./binary/cross.js";
import type { JoinOperatorSets } from "./binary/join.js";
import type { DataSink } from "./data-sink.js";
import type { ExecutionEnvironment } from "./execution-environment.js";
import * as fileSinks from "./file-sinks.js";
import * as columnarSinks from "./columnar-sinks.js";
import type { ColumnarSchema } from "../io/columnar/columnar-schema.js";
import { parseForwardedFields } from "./forwarded-fields.js";
import { firstOp, groupCombineOp, groupReduceOp, reduceOp, selectByOp } from "./group-ops.js";
import type { UnsortedGrouping } from "./grouping.js";
import type {
  ComparableField, FieldRefOf, KeyArg, NumericField, Projection, TupleLike, TuplePosition,
} from "../common/record-types.js";
import type { DeltaIteration } from "./iteration/delta-iteration.js";
import type { IterativeDataSet } from "./iteration/iterative-data-set.js";
import { createNode } from "./node-factory.js";
import { inputShape } from "./operator-utils.js";
import type { SortPartitionDataSet } from "./sort-partition-data-set.js";


export class DataSet<T> {
  /** @internal */
  constructor(
    /** @internal */ readonly env: ExecutionEnvironment,
    /** @internal */ readonly node: LogicalNode,
  ) {}

  /**
   * The ExecutionEnvironment this DataSet belongs to.
   * @example
   * const env2 = users.getExecutionEnvironment(); // the environment users was made in
   */
  getExecutionEnvironment(): ExecutionEnvironment {
    return this.env;
  }

  // ---- operator configuration (Flink's Operator / UdfOperator) ----

  /**
   * Names the operator (shown in the plan, task names and error messages).
   * @example
   * users.map((u) => u[1]).name("names"); // shown in the plan and in errors
   */
  name(name: string): this {
    this.node.name = name;
    return this;
  }
  /**
   * The operator's name.
   * @example
   * users.name("users").getName(); // "users"
   */
  getName(): string {
    return this.node.name;
  }
  /**
   * Runs this operator with `parallelism` subtasks instead of the environment's default.
   * @example
   * words.map((w) => w.toUpperCase()).setParallelism(2);
   */
  setParallelism(parallelism: number): this {
    checkParallelism(parallelism, this.node.name);
    if (this.node.kind === "source" && this.node.source.kind === "collection" && parallelism !== 1) {
      throw new InvalidProgramException(`${this.node.name}: collection sources are non-parallel (parallelism 1)`);
    }
    this.node.parallelism = parallelism;
    return this;
  }
  /**
   * This operator's parallelism.
   * @example
   * nums.getParallelism(); // the environment's, unless set on the operator
   */
  getParallelism(): number {
    return this.node.parallelism ?? this.env.getParallelism();
  }
  /**
   * Makes `data` available to this operator's functions as `getBroadcastVariable(name)`.
   * @example
   * nums.map(new Scale()).withBroadcastSet(env.fromElements(10), "factor"); // Scale reads getBroadcastVariable("factor")
   */
  withBroadcastSet(data: DataSet<any>, name: string): this {
    this.node.broadcastSets.push({ name, input: data.node });
    return this;
  }
  /**
   * Hands `config` to the function's `open(parameters)`.
   * @example
   * nums.filter(new Above()).withParameters({ limit: 3 }); // Above reads parameters in open()
   */
  withParameters(config: Configuration | Record<string, unknown>): this {
    this.node.parameters = Configuration.from(config);
    return this;
  }
  /**
   * Declares fields the function copies unchanged to the same (or, with `"f0->f1"`, another) position, so the optimizer can keep a partitioning or order.
   * @example
   * users.map((u): [number, string] => [u[0], u[1].trim()]).withForwardedFields("f0"); // keeps a partitioning on f0
   */
  withForwardedFields(...fields: string[]): this {
    this.node.semantic.forwarded[0] = parseForwardedFields(fields, inputShape(this.node, 0), this.node.shape, this.node.name);
    return this;
  }
  /**
   * Declares the result's shape where a function hides it: `["number", "string"]` or `{ id: "number" }`.
   * @example
   * words.map((w) => JSON.parse(w)).returns({ id: "number" }).groupBy("id");
   */
  returns(shape: Shape): this {
    this.node.shape = shape;
    return this;
  }
  /** @internal */
  get shape(): Shape | undefined {
    return this.node.shape;
  }

  // ---- record-at-a-time ----

  /**
   * Applies `mapper` to every record (Flink's MapFunction).
   * @example
   * words.map((w) => [w, 1]); // DataSet<[string, number]>
   */
  map<R extends TupleLike>(mapper: MapFunction<T, R>): DataSet<R>;
  map<R>(mapper: MapFunction<T, R>): DataSet<R>;
  map<R>(mapper: MapFunction<T, R>): DataSet<R> {
    return this.udfOp<R>("map", mapper, "map", "Map");
  }
  /**
   * Emits any number of records per input record through `out` (Flink's FlatMapFunction).
   * @example
   * words.flatMap((line, out) => line.split(" ").forEach((w) => out.collect(w)));
   */
  flatMap<R>(flatMapper: FlatMapFunction<T, R>): DataSet<R> {
    return this.udfOp<R>("flatMap", flatMapper, "flatMap", "FlatMap");
  }
  /**
   * Keeps the records for which `filter` returns true.
   * @example
   * nums.filter((n) => n % 2 === 0);
   */
  filter(filter: FilterFunction<T>): DataSet<T> {
    return this.udfOp<T>("filter", filter, "filter", "Filter", this.node.shape);
  }
  /**
   * Calls `mapPartition(records, out)` once per parallel partition.
   * @example
   * nums.mapPartition((part, out) => out.collect([...part].length)); // one count per subtask
   */
  mapPartition<R>(mapPartition: MapPartitionFunction<T, R>): DataSet<R> {
    return this.udfOp<R>("mapPartition", mapPartition, "mapPartition", "MapPartition");
  }
  private udfOp<R>(kind: "map" | "flatMap" | "filter" | "mapPartition", fn: unknown, method: string, name: string, shape?: Shape): DataSet<R> {
    const udf = udfSpec(fn, method, name);
    return this.derive<R>(createNode({ kind, input: this.node, udf }, name, shape));
  }

  /**
   * Projects tuple fields into a new tuple: `project(2, 0)`.
   * @example
   * users.project(1, 0); // DataSet<[string, number]>
   */
  project<const P extends readonly TuplePosition<T>[]>(...fields: P): DataSet<Projection<T, P>> {
    type R = Projection<T, P>;
    const name = `Projection [${fields.join(", ")}]`;
    if (fields.length === 0) throw new InvalidProgramException(`${name}: give at least one field position`);
    for (const f of fields) {
      if (typeof f !== "number") throw new InvalidProgramException(`${name}: project takes field positions, got '${String(f)}'`);
      validateFieldRef(f, this.node.shape, name, "projection");
    }
    const s = this.node.shape;
    const shape = isTupleShape(s) ? fields.map((f) => s[f]!) : undefined;
    return this.derive<R>(createNode({ kind: "project", input: this.node, fields }, name, shape));
  }

  // ---- set-level ----

  /**
   * Removes duplicates: of whole records, or of records with equal keys (the first is kept).
   * @example
   * users.distinct(1); // one record per name
   */
  distinct(...keys: KeyArg<T>[]): DataSet<T> {
    const key: KeyDefinition = keys.length === 0 ? { kind: "fields", fields: ["*"] } : parseKeyArgs(keys, "Distinct");
    validateKey(key, this.node.shape, "Distinct");
    const udf = udfSpec((a: T) => a, "reduce", "Distinct");
    return this.derive<T>(createNode({ kind: "reduce", input: this.node, key, udf, builtin: "distinct" }, "Distinct", this.node.shape));
  }
  /**
   * The first n records (of an arbitrary order).
   * @example
   * nums.first(3);
   */
  first(n: number): DataSet<T> {
    return firstOp(this, undefined, [], n);
  }
  /**
   * The records of this DataSet and of `others` (duplicates kept).
   * @example
   * nums.union(env.fromElements(7, 8));
   */
  union(...others: DataSet<T>[]): DataSet<T> {
    for (const o of others) if (o.env !== this.env) throw new InvalidProgramException("Union: all inputs must belong to the same ExecutionEnvironment");
    return this.derive<T>(createNode({ kind: "union", inputs: [this.node, ...others.map((o) => o.node)] }, "Union", this.node.shape));
  }
  /**
   * Redistributes the records round-robin over the subtasks.
   * @example
   * nums.filter((n) => n > 100).rebalance().map((n) => n * 2); // spreads skewed partitions evenly
   */
  rebalance(): DataSet<T> {
    return this.partition("rebalance", undefined, undefined, "Rebalance");
  }
  /**
   * Hash-partitions the records on `keys`: equal keys meet in one subtask.
   * @example
   * orders.partitionByHash(0).mapPartition((part, out) => out.collect([...part].length));
   */
  partitionByHash(...keys: KeyArg<T>[]): DataSet<T> {
    return this.partition("hash", parseKeyArgs(keys, "PartitionByHash"), undefined, "Hash Partition");
  }
  /**
   * Range-partitions on `keys` (boundaries sampled from the data): subtask i holds smaller keys than subtask i+1.
   * @example
   * orders.partitionByRange(1).sortPartition(1, Order.ASCENDING); // a total order across subtasks
   */
  partitionByRange(...keys: KeyArg<T>[]): DataSet<T> {
    return this.partition("range", parseKeyArgs(keys, "PartitionByRange"), undefined, "Range Partition");
  }
  /**
   * Partitions with `partitioner(key, numPartitions)` on one field or selector.
   * @example
   * orders.partitionCustom((key: number, n) => key % n, 0);
   */
  partitionCustom<K>(partitioner: Partitioner<K>, key: FieldRefOf<T> | KeySelector<T, K>): DataSet<T> {
    const k = parseKeyArgs([key], "PartitionCustom");
    if (k.kind === "fields" && k.fields.length !== 1) throw new InvalidProgramException("PartitionCustom: a custom partitioner takes exactly one key field");
    return this.partition("custom", k, udfSpec(partitioner, "partition", "PartitionCustom"), "Custom Partition");
  }
  private partition(
    method: "hash" | "range" | "custom" | "rebalance", key: KeyDefinition | undefined, partitioner: UdfSpec | undefined, name: string,
  ): DataSet<T> {
    if (key) validateKey(key, this.node.shape, name);
    return this.derive<T>(createNode({ kind: "partition", input: this.node, method, key, partitioner }, name, this.node.shape));
  }
  /**
   * Sorts each partition locally; chain `.sortPartition(...)` for more keys.
   * @example
   * orders.sortPartition(0, Order.ASCENDING).sortPartition(1, Order.DESCENDING);
   */
  sortPartition(key: KeyArg<T>, order: Order): SortPartitionDataSet<T> {
    return this.env.operators.sortPartition(this, key, order);
  }

  // ---- reductions (whole DataSet) ----

  /**
   * Combines all records into one with `reducer(a, b)` (Flink's ReduceFunction).
   * @example
   * nums.reduce((a, b) => a + b); // the sum of all records
   */
  reduce(reducer: ReduceFunction<T>): DataSet<T> {
    return reduceOp(this, undefined, reducer);
  }
  /**
   * Calls `reducer(records, out)` once with all records (Flink's GroupReduceFunction).
   * @example
   * nums.reduceGroup((all, out) => out.collect([...all].length)); // DataSet<number>
   */
  reduceGroup<R>(reducer: GroupReduceFunction<T, R>): DataSet<R> {
    return groupReduceOp<T, R>(this, undefined, [], reducer);
  }
  /**
   * Calls `combiner(records, out)` on the records of each subtask (a partial, local reduce).
   * @example
   * nums.combineGroup((part, out) => { let s = 0; for (const n of part) s += n; out.collect(s); }); // partial sums
   */
  combineGroup<R>(combiner: GroupCombineFunction<T, R>): DataSet<R> {
    return groupCombineOp<T, R>(this, undefined, [], combiner);
  }
  /**
   * Aggregates one field over all records; `.and(...)` adds more (the other fields are those of an arbitrary record).
   * @example
   * orders.aggregate(Aggregations.SUM, 1).and(Aggregations.MAX, 0);
   */
  aggregate<A extends Aggregations>(agg: A, field: AggregationField<T, A>): AggregateDataSet<T> {
    return this.env.operators.aggregate(this, undefined, agg, field);
  }
  /**
   * Sums a numeric field over all records.
   * @example
   * orders.sum(1); // only numeric fields compile
   */
  sum(field: NumericField<T>): AggregateDataSet<T> {
    return this.aggregate(Aggregations.SUM, field);
  }
  /**
   * The minimum of a field over all records.
   * @example
   * orders.min(1);
   */
  min(field: ComparableField<T>): AggregateDataSet<T> {
    return this.aggregate(Aggregations.MIN, field);
  }
  /**
   * The maximum of a field over all records.
   * @example
   * orders.max(1);
   */
  max(field: ComparableField<T>): AggregateDataSet<T> {
    return this.aggregate(Aggregations.MAX, field);
  }
  /**
   * The record with the smallest value of `fields` (compared in order).
   * @example
   * orders.minBy(1, 0); // the whole record with the smallest amount
   */
  minBy(...fields: ComparableField<T>[]): DataSet<T> {
    return selectByOp(this, undefined, fields, false);
  }
  /**
   * The record with the largest value of `fields` (compared in order).
   * @example
   * orders.maxBy(1);
   */
  maxBy(...fields: ComparableField<T>[]): DataSet<T> {
    return selectByOp(this, undefined, fields, true);
  }
  /**
   * Groups the records by positions, field expressions or a key selector, for the grouped operators.
   * @example
   * orders.groupBy(0).sum(1); users.groupBy("f1"); users.groupBy((u) => u[1].length);
   */
  groupBy(...keys: KeyArg<T>[]): UnsortedGrouping<T> {
    const key = parseKeyArgs(keys, "GroupBy");
    validateKey(key, this.node.shape, "GroupBy");
    return this.env.operators.groupBy(this, key);
  }

  // ---- two inputs ----

  /**
   * Inner equi-join with `other`: pick the keys with `.where(...).equalTo(...)`.
   * @example
   * users.join(orders).where(0).equalTo(0).with((u, o) => [u[1], o[1]]);
   */
  join<R>(other: DataSet<R>, hint: JoinHint = JoinHint.OPTIMIZER_CHOOSES): JoinOperatorSets<T, R> {
    return this.env.operators.join(this, other, JoinType.INNER, hint);
  }
  /**
   * Join hinting that `other` is small (it is broadcast).
   * @example
   * orders.joinWithTiny(users).where(0).equalTo(0);
   */
  joinWithTiny<R>(other: DataSet<R>): JoinOperatorSets<T, R> {
    return this.env.operators.join(this, other, JoinType.INNER, JoinHint.OPTIMIZER_CHOOSES, "tiny");
  }
  /**
   * Join hinting that `other` is large (this side builds the hash table).
   * @example
   * users.joinWithHuge(orders).where(0).equalTo(0);
   */
  joinWithHuge<R>(other: DataSet<R>): JoinOperatorSets<T, R> {
    return this.env.operators.join(this, other, JoinType.INNER, JoinHint.OPTIMIZER_CHOOSES, "huge");
  }
  /**
   * Left outer join: every record of this DataSet, with `null` where `other` has no match.
   * @example
   * users.leftOuterJoin(orders).where(0).equalTo(0).with((u, o) => [u[1], o === null ? 0 : o[1]]); // o: [number, number] | null
   */
  leftOuterJoin<R>(other: DataSet<R>, hint: JoinHint = JoinHint.OPTIMIZER_CHOOSES): JoinOperatorSets<T, R, T, R | null> {
    return this.env.operators.join<T, R, T, R | null>(this, other, JoinType.LEFT_OUTER, hint);
  }
  /**
   * Right outer join: every record of `other`, with `null` where this DataSet has no match.
   * @example
   * users.rightOuterJoin(orders).where(0).equalTo(0).with((u, o) => [u?.[1] ?? "?", o[1]]);
   */
  rightOuterJoin<R>(other: DataSet<R>, hint: JoinHint = JoinHint.OPTIMIZER_CHOOSES): JoinOperatorSets<T, R, T | null, R> {
    return this.env.operators.join<T, R, T | null, R>(this, other, JoinType.RIGHT_OUTER, hint);
  }
  /**
   * Full outer join: every record of both sides, with `null` for the missing one.
   * @example
   * users.fullOuterJoin(orders).where(0).equalTo(0).with((u, o) => [u?.[0] ?? o?.[0] ?? -1, o?.[1] ?? 0]);
   */
  fullOuterJoin<R>(other: DataSet<R>, hint: JoinHint = JoinHint.OPTIMIZER_CHOOSES): JoinOperatorSets<T, R, T | null, R | null> {
    return this.env.operators.join<T, R, T | null, R | null>(this, other, JoinType.FULL_OUTER, hint);
  }
  /**
   * Groups both inputs on their keys and calls a function once per key with both groups (Flink's CoGroup).
   * @example
   * users.coGroup(orders).where(0).equalTo(0).with((us, os, out) => out.collect([...os].length));
   */
  coGroup<R>(other: DataSet<R>): CoGroupOperatorSets<T, R> {
    return this.env.operators.coGroup(this, other);
  }
  /**
   * The Cartesian product with `other`: `[a, b]` pairs, or `.with(fn)` / a projection.
   * @example
   * nums.cross(words); // DataSet<[number, string]>, every pair
   */
  cross<R>(other: DataSet<R>): DefaultCross<T, R> {
    return this.env.operators.cross(this, other);
  }
  /**
   * Cross hinting that `other` is small (it is broadcast).
   * @example
   * nums.crossWithTiny(env.fromElements("a", "b"));
   */
  crossWithTiny<R>(other: DataSet<R>): DefaultCross<T, R> {
    return this.env.operators.cross(this, other, "tiny");
  }
  /**
   * Cross hinting that `other` is large (this side is broadcast).
   * @example
   * env.fromElements("a").crossWithHuge(nums);
   */
  crossWithHuge<R>(other: DataSet<R>): DefaultCross<T, R> {
    return this.env.operators.cross(this, other, "huge");
  }

  // ---- iterations ----

  /**
   * Starts a bulk iteration: build the step function on the result, then `closeWith(next)`.
   * @example
   * const it = nums.iterate(10);
   * const result = it.closeWith(it.map((n) => n + 1));
   */
  iterate(maxIterations: number): IterativeDataSet<T> {
    return this.env.operators.iterate(this, maxIterations);
  }
  /**
   * Starts a delta iteration with this DataSet as the initial solution set.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * const delta = it.getWorkset().join(it.getSolutionSet()).where(0).equalTo(0).with((w, s) => [w[0], Math.min(w[1], s[1])]);
   * it.closeWith(delta, delta);
   */
  iterateDelta<W>(workset: DataSet<W>, maxIterations: number, ...keyPositions: FieldRefOf<T>[]): DeltaIteration<T, W> {
    return this.env.operators.iterateDelta(this, workset, maxIterations, keyPositions);
  }

  /**
   * Runs a custom unary operation (Flink's CustomUnaryOperation).
   * @example
   * class Twice {
   *   input: DataSet<number> | undefined;
   *   setInput(input: DataSet<number>): void { this.input = input; }
   *   createResult(): DataSet<number> { return this.input!.map((n) => n * 2); }
   * }
   * nums.runOperation(new Twice());
   */
  runOperation<X>(operation: { setInput(input: DataSet<T>): void; createResult(): DataSet<X> }): DataSet<X> {
    operation.setInput(this);
    return operation.createResult();
  }

  // ---- actions ----

  /**
   * Runs the program (with every sink defined so far) and returns this DataSet's records.
   * @example
   * const names: string[] = await users.map((u) => u[1]).collect();
   */
  async collect(): Promise<T[]> {
    return (await this.env.collectAll([this]))[0] as T[];
  }
  /**
   * Runs the program and returns the number of records (streamed: nothing is buffered).
   * @example
   * const n = await words.filter((w) => w.length > 3).count();
   */
  async count(): Promise<number> {
    const one = udfSpec(() => 1, "map", "Count");
    const ones = this.derive<number>(createNode({ kind: "map", input: this.node, udf: one, builtin: "count" }, "Count", "number"));
    const add = udfSpec((a: number, b: number) => a + b, "reduce", "Count");
    const sum = createNode({ kind: "reduce", input: ones.node, key: undefined, udf: add, builtin: "count" }, "Count (sum)", "number");
    const total = ones.derive<number>(sum);
    const parts = await total.collect();
    return parts[0] ?? 0;
  }
  /**
   * Prints each record on its own line to stdout, Flink-style (`(1,Alice)`).
   * @example
   * await users.print(); // (1,Ann)\n(2,Bob)
   */
  async print(): Promise<void> {
    const records = await this.collect();
    if (records.length > 0) process.stdout.write(records.map(formatRecord).join("\n") + "\n");
  }
  /**
   * Prints each record on its own line to stderr, as print() does to stdout.
   * @example
   * await users.printToErr();
   */
  async printToErr(): Promise<void> {
    const records = await this.collect();
    if (records.length > 0) process.stderr.write(records.map(formatRecord).join("\n") + "\n");
  }

  // ---- sinks ----

  /**
   * Writes the records with an OutputFormat (`open`, `writeRecord`, `close`) when the program runs.
   * @example
   * users.output({ open() {}, writeRecord(r) { console.log(r[1]); }, close() {} });
   * await env.execute();
   */
  output(format: OutputFormat<T>): DataSink<T> {
    const description = format.constructor?.name ?? "OutputFormat";
    return this.env.addSink(this, { kind: "format", format: format as OutputFormat<unknown>, description }, "DataSink (OutputFormat)");
  }
  /**
   * Prints on the subtasks: `prefix:k> record` at parallelism above 1, `prefix> record` at 1.
   * @example
   * users.printOnTaskManager("users"); // users:1> (1,Ann) at parallelism above 1
   */
  printOnTaskManager(prefix: string): DataSink<T> {
    const format = new PrintingOutputFormat(prefix, false);
    return this.env.addSink(this, { kind: "format", format, description: `Print to System.out` }, `DataSink (Print to System.out)`);
  }

  /** @internal */
  derive<R>(node: LogicalNode): DataSet<R> {
    return new DataSet<R>(this.env, node);
  }

  /**
   * Writes one record per line (its text form) to `path`: a file at parallelism 1, else a directory of files named 1, 2, ...
   * @example
   * words.writeAsText("/tmp/words.txt", WriteMode.OVERWRITE);
   * await env.execute();
   */
  writeAsText(path: string, writeMode: WriteMode = WriteMode.NO_OVERWRITE): DataSink<T> {
    return fileSinks.writeAsText(this, path, writeMode);
  }
  /**
   * Writes one line per record, the text `formatter` makes of it.
   * @example
   * users.writeAsFormattedText("/tmp/users.txt", (u) => `${u[0]}: ${u[1]}`);
   */
  writeAsFormattedText(path: string, formatter: TextFormatter<T>): DataSink<T>;
  writeAsFormattedText(path: string, writeMode: WriteMode, formatter: TextFormatter<T>): DataSink<T>;
  writeAsFormattedText(path: string, a: WriteMode | TextFormatter<T>, b?: TextFormatter<T>): DataSink<T> {
    const [mode, formatter] = b === undefined ? [WriteMode.NO_OVERWRITE, a as TextFormatter<T>] : [a as WriteMode, b];
    return fileSinks.writeAsFormattedText(this, path, mode, formatter);
  }
  /**
   * Writes tuples as delimited text, fields unquoted (as Flink's CsvOutputFormat).
   * @example
   * users.writeAsCsv("/tmp/users.csv", "\n", ";");
   */
  writeAsCsv(path: string, rowDelimiter = "\n", fieldDelimiter = ",", writeMode: WriteMode = WriteMode.NO_OVERWRITE): DataSink<T> {
    return fileSinks.writeAsCsv(this, path, rowDelimiter, fieldDelimiter, writeMode);
  }
  /**
   * Writes one JSON value per line.
   * @example
   * users.writeAsJsonLines("/tmp/users.jsonl");
   */
  writeAsJsonLines(path: string, writeMode: WriteMode = WriteMode.NO_OVERWRITE): DataSink<T> {
    return fileSinks.writeAsJsonLines(this, path, writeMode);
  }
  /**
   * Writes Apache Parquet (one row group per 100,000 records of a subtask), with the path rules,
   * write modes and all-or-nothing commit of every file sink. The schema maps tuples (an array of
   * kinds or `[name, kind]`, columns `f0..` by default) or objects (column → kind); kinds: `int`,
   * `double`, `bigint`, `string`, `boolean`, `timestamp`. Without one, the DataSet's known shape
   * or each subtask's first records decide (number → double).
   * @example
   * people.writeAsParquet("/tmp/people.parquet", { name: "string", age: "int" }, WriteMode.OVERWRITE);
   */
  writeAsParquet(path: string, schemaOrWriteMode?: ColumnarSchema | WriteMode, writeMode?: WriteMode): DataSink<T> {
    return this.addColumnarSink(columnarSinks.parquetSink(path, this.node.shape, schemaOrWriteMode, writeMode));
  }
  /**
   * Writes the Apache Arrow IPC file format (Feather v2); schema and paths as writeAsParquet.
   * @example
   * counts.writeAsArrow("/tmp/counts.arrow", [["word", "string"], ["n", "int"]]);
   */
  writeAsArrow(path: string, schemaOrWriteMode?: ColumnarSchema | WriteMode, writeMode?: WriteMode): DataSink<T> {
    return this.addColumnarSink(columnarSinks.arrowSink(path, this.node.shape, schemaOrWriteMode, writeMode, "file"));
  }
  /**
   * Writes the Apache Arrow IPC stream format; schema and paths as writeAsParquet.
   * @example
   * counts.writeAsArrowStream("/tmp/counts.arrows", WriteMode.OVERWRITE);
   */
  writeAsArrowStream(path: string, schemaOrWriteMode?: ColumnarSchema | WriteMode, writeMode?: WriteMode): DataSink<T> {
    return this.addColumnarSink(columnarSinks.arrowSink(path, this.node.shape, schemaOrWriteMode, writeMode, "stream"));
  }
  private addColumnarSink(sink: columnarSinks.FormatSink): DataSink<T> {
    return this.env.addSink(this, sink, `DataSink (${sink.description})`);
  }
}

/** The fields an aggregation takes: numbers for SUM, comparable values for MIN and MAX. */
export type AggregationField<T, A extends Aggregations> = A extends Aggregations.SUM ? NumericField<T> : ComparableField<T>;
