/**
 * The DataSet result of a two-input operator: semantic annotations per input (Flink's
 * TwoInputUdfOperator).
 */
import { InvalidProgramException } from "../../common/errors.js";
import { DataSet } from "../data-set.js";
import { parseForwardedFields } from "../forwarded-fields.js";
import { inputShape } from "../operator-utils.js";

/** The key of TwoInputOperator's compile-time marker; not exported, so it is not offered in autocomplete. */
declare const INPUT_TYPES: unique symbol;
/** A DataSet computed from two inputs of types `T1` and `T2`. */
export class TwoInputOperator<T1, T2, O> extends DataSet<O> {
  /**
   * Declares fields of the first input that reach the output unchanged ("f0", "f1->f3", "*",
   * several separated by ";"), so the optimizer can keep partitionings across this operator.
   * @example
   * users.join(orders).where(0).equalTo(0).with((u, o): [number, number] => [u[0], o[1]]).withForwardedFieldsFirst("f0");
   */
  withForwardedFieldsFirst(...fields: string[]): this {
    this.node.semantic.forwarded[0] = parseForwardedFields(fields, inputShape(this.node, 0), this.node.shape, this.node.name);
    return this;
  }
  /**
   * As withForwardedFieldsFirst, for the second input.
   * @example
   * users.join(orders).where(0).equalTo(0).with((u, o): [number, number] => [u[0], o[1]]).withForwardedFieldsSecond("f1");
   */
  withForwardedFieldsSecond(...fields: string[]): this {
    this.node.semantic.forwarded[1] = parseForwardedFields(fields, inputShape(this.node, 1), this.node.shape, this.node.name);
    return this;
  }
  /**
   * Two-input operators annotate each input: use withForwardedFieldsFirst / withForwardedFieldsSecond.
   * @example
   * users.join(orders).where(0).equalTo(0).withForwardedFieldsFirst("f0"); // not withForwardedFields("f0")
   */
  override withForwardedFields(..._fields: string[]): this {
    throw new InvalidProgramException(
      `${this.node.name}: a two-input operator takes withForwardedFieldsFirst(...) and withForwardedFieldsSecond(...), not withForwardedFields(...)`,
    );
  }
  /**
   * Kept for Flink compatibility (Java's `types(...)` after a join or cross); it changes nothing.
   * @example
   * users.cross(orders).types(); // a no-op, as Java's types(Integer.class, ...)
   */
  types(..._classes: unknown[]): this {
    return this;
  }
  /** Keeps the input types in the signature (a compile-time marker: no such property exists at run time). */
  declare readonly [INPUT_TYPES]?: [T1, T2];
}
