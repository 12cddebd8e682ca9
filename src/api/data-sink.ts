/** A sink added to the program (Flink's DataSink): name and parallelism can be set. */
import { checkParallelism } from "../common/errors.js";
import type { SinkNode } from "../plan/logical.js";

export class DataSink<T> {
  declare private readonly _recordType?: T;
  /** @internal */
  constructor(/** @internal */ readonly node: SinkNode) {}

  /**
   * Names the sink (shown in the plan).
   * @example
   * words.writeAsText("/tmp/out").name("words out");
   */
  name(name: string): this {
    this.node.name = name;
    return this;
  }
  /**
   * Runs the sink with `parallelism` subtasks.
   * @example
   * words.writeAsText("/tmp/out").setParallelism(1); // one file
   */
  setParallelism(parallelism: number): this {
    checkParallelism(parallelism, this.node.name);
    this.node.parallelism = parallelism;
    return this;
  }
  /**
   * The parallelism set on the sink, if any.
   * @example
   * words.writeAsText("/tmp/out").getParallelism(); // undefined: the input's
   */
  getParallelism(): number | undefined {
    return this.node.parallelism;
  }
}
