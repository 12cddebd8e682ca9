/**
 * Names a side output of an operator (Flink's OutputTag): late window data with
 * `sideOutputLateData(tag)`, read back with `getSideOutput(tag)`. Tags are equal by name.
 * @example const late = new OutputTag<[string, number]>("late-data");
 */
import { InvalidProgramException } from "../common/errors.js";

export class OutputTag<T> {
  /** Phantom field carrying the element type. */
  declare readonly __type?: T;

  constructor(readonly id: string) {
    if (typeof id !== "string" || id.length === 0) throw new InvalidProgramException("OutputTag: the id must be a non-empty string");
  }
  getId(): string {
    return this.id;
  }
  toString(): string {
    return `OutputTag(${this.id})`;
  }
}
