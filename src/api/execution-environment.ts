/**
 * ExecutionEnvironment: where a DataSet program starts (sources), collects its sinks, and runs.
 * Default parallelism is the number of cores, as Flink's local environment. A script (not a job
 * module) runs in one thread, so while it keeps that default a job nothing in it observes the
 * parallelism of runs at 1 (client/choose-execution.ts, scriptExecution): same results, no partitioning.
 * @example
 * const env = ExecutionEnvironment.getExecutionEnvironment();
 * await env.fromElements(1, 2, 3).map((x) => x * 2).print();
 */
import { availableParallelism } from "node:os";
import { currentJobScope } from "../common/job-scope.js";
import { checkParallelism, InvalidProgramException } from "../common/errors.js";
import type { InputFormat } from "../common/formats.js";
import type { JobListener } from "../common/progress.js";
import { inferShape, shapeTest, type Shape } from "../common/shape.js";
import { COLLECTION_SAMPLE, type SinkDescriptor, type SourceDescriptor } from "../plan/descriptors.js";
import { collectionElements } from "../client/action-session.js";
import type { LogicalNode, SinkNode } from "../plan/logical.js";
import { executePlan, explainPlan, registerRecordType } from "../client/execute-plan.js";
import { JobClient, startCancellableJob } from "../common/job-client.js";
import type { JobExecutionResult } from "../common/job-execution-result.js";
import { DataSet } from "./data-set.js";
import { DataSink } from "./data-sink.js";
import { ExecutionConfig } from "./execution-config.js";
import { createNode } from "./node-factory.js";
import * as fileSources from "./file-sources.js";
import * as columnarSources from "./columnar-sources.js";
import type { ColumnarReadOptions } from "../io/columnar/parquet-input-format.js";
import { OPERATORS, type Operators } from "./operators.js";
import type { TupleLike } from "../common/record-types.js";

export class ExecutionEnvironment {
  private parallelism: number;
  /** Whether the parallelism is the machine's default: never given nor set (a script then runs at 1 when nothing observes it). */
  private parallelismIsDefault: boolean;
  private readonly config = new ExecutionConfig();
  private sinks: SinkNode[] = [];
  /** Whether a job ran (execute, collect, count, print): execute() without new sinks then says so. */
  private wasExecuted = false;
  private lastResult: JobExecutionResult | undefined;
  /** The operators DataSet methods build (see operators.ts for why they come from here). @internal */
  readonly operators: Operators = OPERATORS;

  /** @internal use getExecutionEnvironment / createLocalEnvironment */
  constructor(parallelism?: number) {
    const scoped = currentJobScope()?.parallelism;
    this.parallelism = parallelism ?? scoped ?? availableParallelism();
    this.parallelismIsDefault = parallelism === undefined && scoped === undefined;
  }

  /**
   * The environment of the running program (a local one at the machine's parallelism; in a script,
   * jobs that do not observe it run at 1).
   * @example
   * const env = ExecutionEnvironment.getExecutionEnvironment();
   */
  static getExecutionEnvironment(): ExecutionEnvironment {
    return new ExecutionEnvironment();
  }
  /**
   * A local environment running `parallelism` subtasks per operator (default: the number of cores).
   * @example
   * const env = ExecutionEnvironment.createLocalEnvironment(4);
   */
  static createLocalEnvironment(parallelism?: number): ExecutionEnvironment {
    return new ExecutionEnvironment(parallelism);
  }

  /**
   * The default parallelism of the operators defined after this call.
   * @example
   * env.setParallelism(2);
   */
  setParallelism(parallelism: number): this {
    checkParallelism(parallelism);
    this.parallelism = parallelism;
    this.parallelismIsDefault = false;
    return this;
  }
  /**
   * The default parallelism.
   * @example
   * env.getParallelism();
   */
  getParallelism(): number {
    return this.parallelism;
  }
  /**
   * The ExecutionConfig of this environment.
   * @example
   * env.getConfig().enableObjectReuse();
   */
  getConfig(): ExecutionConfig {
    return this.config;
  }
  /** What the client needs of the config, as plain data. */
  private runConfig(): {
    objectReuse: boolean;
    parallelismIsDefault: boolean;
    mode: string | undefined;
    watch: ExecutionConfig;
    memory: { budgetBytes: number | undefined; spillRoot: string | undefined };
  } {
    const mode = this.config.isExecutionModeSet() ? this.config.getExecutionMode() : undefined;
    const memory = { budgetBytes: this.config.getMemoryBudget(), spillRoot: this.config.getSpillDirectory() };
    return { objectReuse: this.config.isObjectReuseEnabled(), parallelismIsDefault: this.parallelismIsDefault, mode, watch: this.config, memory };
  }
  /**
   * Adds a listener told about every job this environment runs (Flink's registerJobListener):
   * `onJobSubmitted`, `onProgress(snapshot)` (records in/out per operator chain, bytes of file
   * sources, the busy operators; sampled every ~200 ms and once at the end) and `onJobExecuted`.
   * @example
   * env.registerJobListener({ onProgress: (s) => console.error(s.busy.join(", ")) });
   */
  registerJobListener(listener: JobListener): this {
    if (typeof listener !== "object" || listener === null) {
      throw new InvalidProgramException(`registerJobListener: expected an object with onJobSubmitted/onProgress/onJobExecuted, got ${String(listener)}`);
    }
    this.config.addJobListener(listener);
    return this;
  }
  /**
   * Registers a record class (Flink's registerType): its instances keep their prototype when they
   * cross worker threads. Call it at the program's top level, so every worker registers it too.
   * @example
   * env.registerType(Point); // Point instances keep their class through serialization
   */
  registerType(type: new (...args: any[]) => unknown): this {
    registerRecordType(type);
    return this;
  }

  // ---- sources ----

  /**
   * A DataSet of the given records (their shape checks keys at definition).
   * @example
   * env.fromElements([1, "Ann"], [2, "Bob"]); // DataSet<[number, string]>
   */
  fromElements<T extends TupleLike>(...items: T[]): DataSet<T>;
  fromElements<T>(...items: T[]): DataSet<T>;
  fromElements<T>(...items: T[]): DataSet<T> {
    return this.fromArray(items, "fromElements");
  }
  /**
   * A DataSet of the records of an iterable.
   * @example
   * env.fromCollection(new Set([1, 2, 3])); // DataSet<number>
   */
  fromCollection<T extends TupleLike>(collection: Iterable<T>): DataSet<T>;
  fromCollection<T>(collection: Iterable<T>): DataSet<T>;
  fromCollection<T>(collection: Iterable<T>): DataSet<T> {
    if (collection === null || collection === undefined || typeof (collection as Iterable<T>)[Symbol.iterator] !== "function") {
      throw new InvalidProgramException("fromCollection: expected an iterable");
    }
    return this.fromArray(collection, "fromCollection");
  }
  private fromArray<T>(items: Iterable<T>, what: string): DataSet<T> {
    // In a worker's copy of a job module's entry only a sample is taken: the coordinator ships the elements.
    const { elements, shipped } = collectionElements(items);
    const source: SourceDescriptor = { kind: "collection", elements, description: what, ...(shipped ? { shipped } : {}) };
    const node = createNode({ kind: "source", source }, `DataSource (${what})`, commonShape(elements));
    node.parallelism = 1;
    return new DataSet<T>(this, node);
  }
  /**
   * The numbers from..to (inclusive), split across the subtasks.
   * @example
   * env.generateSequence(1, 100).filter((n) => n % 7 === 0);
   */
  generateSequence(from: number, to: number): DataSet<number> {
    if (!Number.isInteger(from) || !Number.isInteger(to)) throw new InvalidProgramException(`generateSequence: bounds must be integers, got ${from}, ${to}`);
    const node = createNode({ kind: "source", source: { kind: "sequence", from, to } }, `DataSource (generateSequence ${from}..${to})`, "number");
    return new DataSet<number>(this, node);
  }
  /**
   * Reads with any InputFormat; its splits are spread over the subtasks.
   * @example
   * env.createInput(lineFormat); // any InputFormat<T>: its splits, then open(split) / nextRecord() / close() per split
   */
  createInput<T>(format: InputFormat<T>, name = "DataSource (createInput)"): DataSet<T> {
    if (!format || typeof format.createInputSplits !== "function" || typeof format.nextRecord !== "function") {
      throw new InvalidProgramException("createInput: expected an InputFormat with createInputSplits, open, reachedEnd, nextRecord and close");
    }
    const source: SourceDescriptor = { kind: "format", format: format as InputFormat<unknown>, description: name };
    const node = createNode({ kind: "source", source }, name, format.shape as Shape | undefined);
    return new DataSet<T>(this, node);
  }
  /**
   * The lines of a file or of every file in a directory (split across the subtasks).
   * @example
   * env.readTextFile("logs/").filter((line) => line.includes("ERROR"));
   */
  readTextFile(path: string, charset: BufferEncoding = "utf8"): DataSet<string> {
    return fileSources.readTextFile(this, path, charset);
  }
  /**
   * Starts a CSV source: configure it, then give its field types with `types(...)` or `pojoType(...)`.
   * @example
   * env.readCsvFile("users.csv").ignoreFirstLine().types("number", "string");
   */
  readCsvFile(path: string): fileSources.CsvReaderType {
    return fileSources.readCsvFile(this, path);
  }
  /**
   * One record per line of JSON Lines files (the type parameter states the records' type).
   * @example
   * env.readJsonLines<{ id: number; name: string }>("users.jsonl").groupBy("name");
   */
  readJsonLines<T = unknown>(path: string): DataSet<T> {
    return fileSources.readJsonLines<T>(this, path);
  }
  /**
   * Reads Apache Parquet files (a file, or a directory's files), one row group per split.
   * Records are objects (column → value) or, with `{ as: "tuples" }`, arrays in column order;
   * INT64 → bigint, timestamps and dates → Date, null → null.
   * @example
   * const people = env.readParquet<{ name: string; age: number }>("/data/people.parquet");
   */
  readParquet<T = Record<string, unknown>>(path: string, options?: ColumnarReadOptions): DataSet<T> {
    return this.createInput(...columnarSources.parquetSource<T>(path, options));
  }
  /**
   * Reads Apache Arrow IPC data, file (Feather v2) or stream format, one file per split; values
   * as readParquet.
   * @example
   * const events = env.readArrow("/data/events.arrow", { columns: ["id", "at"], as: "tuples" });
   */
  readArrow<T = Record<string, unknown>>(path: string, options?: ColumnarReadOptions): DataSet<T> {
    return this.createInput(...columnarSources.arrowSource<T>(path, options));
  }

  // ---- running ----

  /**
   * Runs every sink defined since the last run.
   * @example
   * words.writeAsText("/tmp/out");
   * const result = await env.execute("write words");
   * result.getNetRuntime();
   */
  async execute(jobName = "Sluice Job"): Promise<JobExecutionResult> {
    // Without a timeout nothing can cancel the job: it runs without a signal (no cancellation checks).
    if (this.config.getJobTimeout() > 0) return (await this.executeAsync(jobName)).getJobExecutionResult();
    const sinks = this.takeSinks();
    if (sinks.length === 0) {
      // Flink's words (ExecutionEnvironment.createProgramPlan): print(), collect() and count() run a job themselves.
      if (this.wasExecuted) {
        throw new InvalidProgramException(
          "No new data sinks have been defined since the last execution. The last execution refers to the latest call to " +
            "'execute()', 'count()', 'collect()', or 'print()'.",
        );
      }
      throw new InvalidProgramException(
        "No data sinks have been created yet. A program needs at least one sink (print, collect, writeAs...) before execute().",
      );
    }
    const { result } = await executePlan(sinks, { jobName, parallelism: this.parallelism, ...this.runConfig() });
    this.lastResult = result;
    return result;
  }
  /**
   * Starts every sink defined since the last run and returns at once with a JobClient (Flink's
   * executeAsync): `cancel()` stops the job, which then fails with a JobExecutionException
   * "Job '<name>' was cancelled" and leaves no output; `getJobExecutionResult()` waits for it.
   * The job timeout (`getConfig().setJobTimeout(ms)`) applies here too.
   * @example
   * ds.writeAsText("/tmp/out");
   * const client = await env.executeAsync("export");
   * await client.cancel();
   */
  async executeAsync(jobName = "Sluice Job"): Promise<JobClient<JobExecutionResult>> {
    const sinks = this.takeSinks();
    if (sinks.length === 0) throw new InvalidProgramException("No data sinks have been created yet. A program needs at least one sink before executeAsync().");
    const job = startCancellableJob(jobName, this.config.getJobTimeout(), async (signal) => {
      const { result } = await executePlan(sinks, { jobName, parallelism: this.parallelism, ...this.runConfig(), signal });
      this.lastResult = result;
      return result;
    });
    return new JobClient(job, jobName);
  }
  /**
   * The optimized plan as JSON in the shape of Flink's plan JSON; runs nothing.
   * @example
   * words.output(format);
   * console.log(env.getExecutionPlan());
   */
  getExecutionPlan(): string {
    if (this.sinks.length === 0) throw new InvalidProgramException("No data sinks have been created yet. getExecutionPlan() needs at least one sink.");
    return explainPlan(this.sinks, { jobName: "plan", parallelism: this.parallelism, ...this.runConfig() });
  }
  /**
   * The result of the last job this environment ran (execute or an action), if any.
   * @example
   * await nums.count();
   * env.getLastJobExecutionResult()?.getNetRuntime();
   */
  getLastJobExecutionResult(): JobExecutionResult | undefined {
    return this.lastResult;
  }

  /** @internal Adds collect sinks for `datasets`, runs the program, returns their records. */
  async collectAll(datasets: DataSet<any>[]): Promise<unknown[][]> {
    const slots = datasets.map((ds, slot) => {
      const node = createNode<SinkNode>({ kind: "sink", input: ds.node, sink: { kind: "collect", slot } }, "DataSink (collect())");
      this.sinks.push(node);
      return node;
    });
    const sinks = this.takeSinks();
    const options = { jobName: "collect", parallelism: this.parallelism, ...this.runConfig() };
    const timeout = this.config.getJobTimeout();
    const run = timeout > 0
      ? startCancellableJob("collect", timeout, (signal) => executePlan(sinks, { ...options, signal })).result()
      : executePlan(sinks, options);
    const { result, collected } = await run;
    this.lastResult = result;
    return slots.map((_, i) => collected[i] ?? []);
  }
  /** @internal */
  addSink<T>(ds: DataSet<T>, sink: SinkDescriptor, name: string): DataSink<T> {
    if (ds.env !== this) throw new InvalidProgramException("a DataSet can only be written by its own ExecutionEnvironment");
    const node = createNode<SinkNode>({ kind: "sink", input: ds.node as LogicalNode, sink }, name);
    this.sinks.push(node);
    return new DataSink<T>(node);
  }
  private takeSinks(): SinkNode[] {
    const s = this.sinks;
    this.sinks = [];
    if (s.length > 0) this.wasExecuted = true;
    return s;
  }
}

/** The shape shared by all elements, or undefined when they differ. */
function commonShape(elements: readonly unknown[]): Shape | undefined {
  if (elements.length === 0) return undefined;
  const first = inferShape(elements[0]);
  const limit = Math.min(elements.length, COLLECTION_SAMPLE);
  const sameShape = shapeTest(first);
  for (let i = 1; i < limit; i++) if (!sameShape(elements[i])) return undefined;
  return first;
}
