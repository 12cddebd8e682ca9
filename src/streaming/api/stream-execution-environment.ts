/**
 * The entry point of a streaming program (Flink's StreamExecutionEnvironment): sources, settings
 * and execution. Sources are non-parallel; operators run at the environment's parallelism
 * unless set (default: the number of cores).
 * @example
 * const env = StreamExecutionEnvironment.getExecutionEnvironment();
 * env.setParallelism(2);
 * env.fromElements(1, 2, 3).map((x) => x * 2).print();
 * await env.execute();
 */
import { availableParallelism } from "node:os";
import { copyRecord } from "../../common/copy.js";
import type { TupleLike } from "../../common/record-types.js";
import { checkParallelism, InvalidProgramException } from "../../common/errors.js";
import { buildJobGraph, shipStrategyName, type Vertex } from "../graph/job-graph.js";
import { newTransformationId, type OperatorTransformation, type SourceTransformation } from "../graph/transformation.js";
import { CollectionSource, SequenceSource } from "../runtime/sources/collection-source.js";
import type { SourceFunction } from "../runtime/sources/source-function.js";
import { SocketSource } from "../runtime/sources/socket-source.js";
import { StreamJob } from "../runtime/stream-job.js";
import { UPPER_BOUND_MAX_PARALLELISM } from "../routing/key-groups.js";
import { DataStream } from "./data-stream.js";
import { streamJobClient, type JobClient } from "./job-client.js";
import { StreamExecutionConfig } from "./stream-execution-config.js";
import type { StreamJobExecutionResult } from "./stream-job-result.js";
import { currentJobScope } from "../../common/job-scope.js";

const DEFAULT_JOB_NAME = "Flink Streaming Job";

export class StreamExecutionEnvironment {
  private parallelism: number;
  private maxParallelism: number | undefined;
  private chaining = true;
  private readonly config = new StreamExecutionConfig();
  private operators: OperatorTransformation[] = [];

  private constructor(parallelism: number) {
    this.parallelism = parallelism;
  }

  /**
   * The environment of the running program (a local one at the machine's parallelism).
   * @example
   * const senv = StreamExecutionEnvironment.getExecutionEnvironment();
   */
  static getExecutionEnvironment(): StreamExecutionEnvironment {
    return new StreamExecutionEnvironment(availableParallelism());
  }
  /**
   * A local environment running `parallelism` subtasks per operator.
   * @example
   * const senv = StreamExecutionEnvironment.createLocalEnvironment(2);
   */
  static createLocalEnvironment(parallelism: number = availableParallelism()): StreamExecutionEnvironment {
    return new StreamExecutionEnvironment(checkParallelism(parallelism, "createLocalEnvironment"));
  }

  /**
   * The StreamExecutionConfig of this environment.
   * @example
   * senv.getConfig().setAutoWatermarkInterval(200);
   */
  getConfig(): StreamExecutionConfig {
    return this.config;
  }
  /**
   * The default parallelism of the operators defined after this call.
   * @example
   * senv.setParallelism(2);
   */
  setParallelism(parallelism: number): this {
    this.parallelism = checkParallelism(parallelism, "setParallelism");
    return this;
  }
  /**
   * The default parallelism.
   * @example
   * senv.getParallelism();
   */
  getParallelism(): number {
    return this.parallelism;
  }
  /**
   * Number of key groups (default: from the parallelism, 128 up to parallelism 85).
   * @example
   * senv.setMaxParallelism(128); // the number of key groups
   */
  setMaxParallelism(maxParallelism: number): this {
    if (!Number.isInteger(maxParallelism) || maxParallelism < 1 || maxParallelism > UPPER_BOUND_MAX_PARALLELISM) {
      throw new InvalidProgramException(`setMaxParallelism: expected 1..${UPPER_BOUND_MAX_PARALLELISM}, got ${maxParallelism}`);
    }
    this.maxParallelism = maxParallelism;
    return this;
  }
  /**
   * The maximum parallelism (the number of key groups), if set.
   * @example
   * senv.getMaxParallelism(); // undefined unless set
   */
  getMaxParallelism(): number | undefined {
    return this.maxParallelism;
  }
  /**
   * Accepted for Flink compatibility. Records move between operators by synchronous calls either
   * way, so results are the same with and without chaining.
   * @example
   * senv.disableOperatorChaining();
   */
  disableOperatorChaining(): this {
    this.chaining = false;
    return this;
  }
  /**
   * Whether operators are chained into one task where they can be.
   * @example
   * senv.isChainingEnabled(); // true unless disabled
   */
  isChainingEnabled(): boolean {
    return this.chaining;
  }

  /**
   * A non-parallel source of the given elements (copied now, as Flink serializes them).
   * @example
   * senv.fromElements<[string, number]>(["a", 1000], ["b", 2000]);
   */
  fromElements<T extends TupleLike>(...elements: T[]): DataStream<T>;
  fromElements<T>(...elements: T[]): DataStream<T>;
  fromElements<T>(...elements: T[]): DataStream<T> {
    if (elements.length === 0) throw new InvalidProgramException("fromElements needs at least one element as argument");
    const items = elements.map((e) => copyRecord(e));
    return this.source("Collection Source", () => new CollectionSource<unknown>(() => items));
  }
  /**
   * A non-parallel source reading `collection` once, when the job runs.
   * @example
   * senv.fromCollection([1, 2, 3]);
   */
  fromCollection<T extends TupleLike>(collection: Iterable<T>): DataStream<T>;
  fromCollection<T>(collection: Iterable<T>): DataStream<T>;
  fromCollection<T>(collection: Iterable<T>): DataStream<T> {
    if (collection === null || typeof (collection as { [Symbol.iterator]?: unknown })?.[Symbol.iterator] !== "function") {
      throw new InvalidProgramException("fromCollection: expected an iterable");
    }
    return this.source("Collection Source", () => new CollectionSource<unknown>(() => collection));
  }
  /**
   * The numbers from..to (inclusive), generated as the job runs (non-parallel).
   * @example
   * senv.fromSequence(1, 1000).filter((n) => n % 10 === 0);
   */
  fromSequence(from: number, to: number): DataStream<number> {
    if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from > to) {
      throw new InvalidProgramException(`fromSequence: expected integers from <= to, got ${from}, ${to}`);
    }
    return this.source("Sequence Source", () => new SequenceSource(from, to) as SourceFunction<unknown>);
  }
  /**
   * Lines read from a TCP socket as they arrive; at EOF (maxRetry 0) the source ends.
   * @example
   * senv.socketTextStream("localhost", 9999).flatMap((line, out) => line.split(" ").forEach((w) => out.collect(w)));
   */
  socketTextStream(hostname: string, port: number, delimiter = "\n", maxRetry = 0): DataStream<string> {
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidProgramException(`socketTextStream: port must be 0..65535, got ${port}`);
    if (typeof delimiter !== "string" || delimiter.length === 0) {
      throw new InvalidProgramException("socketTextStream: the delimiter must be a non-empty string");
    }
    if (!Number.isInteger(maxRetry) || maxRetry < -1) throw new InvalidProgramException("socketTextStream: maxRetry must be >= -1");
    return this.source("Socket Stream", () => new SocketSource(hostname, port, delimiter, maxRetry));
  }

  /**
   * Runs the program; resolves when every source has ended and all output is written.
   * @example
   * clicks.print();
   * await senv.execute("clicks");
   */
  async execute(jobName = DEFAULT_JOB_NAME): Promise<StreamJobExecutionResult> {
    const client = await this.executeAsync(jobName);
    return client.getJobExecutionResult();
  }
  /**
   * Starts the program and returns at once with a JobClient (cancel, result).
   * @example
   * clicks.print();
   * const client = await senv.executeAsync("clicks");
   * await client.cancel();
   */
  async executeAsync(jobName = DEFAULT_JOB_NAME): Promise<JobClient<StreamJobExecutionResult>> {
    const graph = this.jobGraph();
    this.operators = [];
    const job = new StreamJob(graph, {
      jobName, autoWatermarkInterval: this.config.getAutoWatermarkInterval(), objectReuse: this.config.isObjectReuseEnabled(),
    });
    // In a worker's copy of a job module's entry, the streaming job is the coordinator's alone.
    if (currentJobScope()?.role === "worker") job.finishWithoutRunning();
    else job.start();
    return streamJobClient(job, jobName);
  }
  /**
   * JSON of the job graph: operators, parallelism and ship strategies. Runs nothing.
   * @example
   * clicks.print();
   * console.log(senv.getExecutionPlan());
   */
  getExecutionPlan(): string {
    return JSON.stringify({ nodes: this.jobGraph().map(planNode) }, null, 2);
  }

  /** Registers an operator of the program. @internal */
  addOperator(t: OperatorTransformation): void {
    this.operators.push(t);
  }

  private jobGraph(): Vertex[] {
    if (this.operators.length === 0) throw new InvalidProgramException("No operators defined in streaming topology. Cannot execute.");
    return buildJobGraph(this.operators, { parallelism: this.parallelism, maxParallelism: this.maxParallelism });
  }

  private source<T>(name: string, create: () => SourceFunction<unknown>): DataStream<T> {
    const t: SourceTransformation = { kind: "source", id: newTransformationId(), name: `Source: ${name}`, create };
    return new DataStream<T>(this, t);
  }
}


function planNode(v: Vertex): object {
  return {
    id: v.id,
    type: v.name,
    pact: v.role === "source" ? "Data Source" : v.role === "sink" ? "Data Sink" : "Operator",
    contents: v.name,
    parallelism: v.parallelism,
    predecessors: v.inputs.map((e) => ({ id: e.from.id, ship_strategy: shipStrategyName(e.partitioner), side: "second" })),
  };
}
