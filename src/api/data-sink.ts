/** A sink added to the program (Flink's DataSink): name and parallelism can be set. */
import { checkParallelism } from "../common/errors.js";
import type { SinkNode } from "../plan/logical.js";

export class DataSink<T> {
  declare private readonly _recordType?: T;
  /** @internal */
  constructor(/** @internal */ readonly node: SinkNode) {}

  name(name: string): this {
    this.node.name = name;
    return this;
  }
  setParallelism(parallelism: number): this {
    checkParallelism(parallelism, this.node.name);
    this.node.parallelism = parallelism;
    return this;
  }
  getParallelism(): number | undefined {
    return this.node.parallelism;
  }
}
