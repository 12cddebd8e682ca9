/**
 * The DataSet result of a two-input operator: semantic annotations per input (Flink's
 * TwoInputUdfOperator).
 *
 * Why no `extends DataSet`: data-set.ts imports this package (its join/coGroup/cross methods call
 * it), so when data-set.ts is loaded first this module runs before the DataSet class exists and
 * `class ... extends DataSet` would throw. The class is therefore declared with DataSet's
 * instance type merged in, and its prototype is linked to DataSet.prototype on first use (by
 * then data-set.ts has run); instances get DataSet's own fields from a real DataSet.
 */
import { InvalidProgramException } from "../../common/errors.js";
import type { LogicalNode } from "../../plan/logical.js";
import * as dataSet from "../data-set.js";
import type { DataSet } from "../data-set.js";
import type { ExecutionEnvironment } from "../execution-environment.js";
import { parseForwardedFields } from "../forwarded-fields.js";

// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
export interface TwoInputOperator<T1, T2, O> extends DataSet<O> {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class TwoInputOperator<T1, T2, O> {
  /** @internal */
  constructor(env: ExecutionEnvironment, node: LogicalNode) {
    linkToDataSet();
    Object.assign(this, new dataSet.DataSet<O>(env, node));
  }

  /**
   * Declares fields of the first input that reach the output unchanged ("f0", "f1->f3", "*",
   * several separated by ";"), so the optimizer can keep partitionings across this operator.
   */
  withForwardedFieldsFirst(...fields: string[]): this {
    this.node.semantic.forwarded[0] = parseForwardedFields(fields, dataSet.inputShape(this.node, 0), this.node.shape, this.node.name);
    return this;
  }
  /** As withForwardedFieldsFirst, for the second input. */
  withForwardedFieldsSecond(...fields: string[]): this {
    this.node.semantic.forwarded[1] = parseForwardedFields(fields, dataSet.inputShape(this.node, 1), this.node.shape, this.node.name);
    return this;
  }
  /** Two-input operators annotate each input: use withForwardedFieldsFirst / withForwardedFieldsSecond. */
  withForwardedFields(..._fields: string[]): this {
    throw new InvalidProgramException(`${this.node.name}: a two-input operator takes withForwardedFieldsFirst(...) and withForwardedFieldsSecond(...), not withForwardedFields(...)`);
  }
  /** Kept for Flink compatibility (Java's `types(...)` after a join or cross); it changes nothing. */
  types(..._classes: unknown[]): this {
    return this;
  }
  /** @internal keeps the input types in the signature */
  declare readonly __inputs?: [T1, T2];
}

let linked = false;
function linkToDataSet(): void {
  if (linked) return;
  Object.setPrototypeOf(TwoInputOperator.prototype, dataSet.DataSet.prototype);
  linked = true;
}
