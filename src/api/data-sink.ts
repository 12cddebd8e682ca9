/** A sink added to the program (Flink's DataSink): name and parallelism can be set. */
import { InvalidProgramException } from "../common/errors.js";
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
    if (!Number.isInteger(parallelism) || parallelism < 1) throw new InvalidProgramException(`${this.node.name}: parallelism must be a positive integer, got ${parallelism}`);
    this.node.parallelism = parallelism;
    return this;
  }
  getParallelism(): number | undefined {
    return this.node.parallelism;
  }
}
