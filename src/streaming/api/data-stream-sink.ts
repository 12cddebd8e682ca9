/** The end of a stream (Flink's DataStreamSink): name it or set its parallelism. */
import { checkParallelism } from "../../common/errors.js";
import type { OperatorTransformation } from "../graph/transformation.js";

export class DataStreamSink<T> {
  /** Phantom field carrying the element type. */
  declare readonly __type?: T;

  /** @internal */
  constructor(private readonly transformation: OperatorTransformation) {}

  /**
   * Names the sink.
   * @example
   * clicks.print().name("console");
   */
  name(name: string): this {
    this.transformation.name = name;
    return this;
  }
  /**
   * Runs the sink with `parallelism` subtasks.
   * @example
   * clicks.print().setParallelism(1);
   */
  setParallelism(parallelism: number): this {
    checkParallelism(parallelism, "setParallelism");
    this.transformation.parallelism = parallelism;
    return this;
  }
}
