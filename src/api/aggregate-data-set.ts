/**
 * Built-in aggregations (Flink's AggregateOperator): `sum/min/max/aggregate(...)` of the whole
 * DataSet or of each group, and `.and(...)` / `.andSum(...)` adding aggregations to the same operator.
 */
import { Aggregations } from "../common/enums.js";
import { InvalidProgramException } from "../common/errors.js";
import { validateFieldRef, type FieldRef } from "../common/field-access.js";
import type { KeyDefinition } from "../common/keys.js";
import { fieldShape, type Shape } from "../common/shape.js";
import { udfSpec } from "../common/udf.js";
import { aggregationReducer, describeAggregations, type AggregationSpec } from "../common/builtins/aggregations.js";
import type { LogicalNode } from "../plan/logical.js";
import { DataSet, type AggregationField } from "./data-set.js";
import type { ComparableField, NumericField } from "../common/record-types.js";
import type { ExecutionEnvironment } from "./execution-environment.js";
import { createNode } from "./node-factory.js";
import { inputShape } from "./operator-utils.js";

/** The result of aggregate/sum/min/max: `.and(...)` adds aggregations to the same operator. */
export class AggregateDataSet<T> extends DataSet<T> {
  /** @internal */
  constructor(env: ExecutionEnvironment, node: LogicalNode, private readonly aggs: AggregationSpec[]) {
    super(env, node);
  }
  /**
   * Adds an aggregation of another (or the same) field to this operator.
   * @example
   * orders.groupBy(0).sum(1).and(Aggregations.MIN, 1);
   */
  and<A extends Aggregations>(agg: A, field: AggregationField<T, A>): this {
    validateAggField(field, inputShape(this.node, 0), agg);
    this.aggs.push({ agg, field });
    this.node.name = `Aggregate (${describeAggregations(this.aggs)})`;
    return this;
  }
  /**
   * Adds a SUM of `field`.
   * @example
   * orders.max(0).andSum(1);
   */
  andSum(field: NumericField<T>): this {
    return this.and(Aggregations.SUM, field as AggregationField<T, Aggregations.SUM>);
  }
  /**
   * Adds a MIN of `field`.
   * @example
   * orders.groupBy(0).sum(1).andMin(1);
   */
  andMin(field: ComparableField<T>): this {
    return this.and(Aggregations.MIN, field as AggregationField<T, Aggregations.MIN>);
  }
  /**
   * Adds a MAX of `field`.
   * @example
   * orders.groupBy(0).sum(1).andMax(1);
   */
  andMax(field: ComparableField<T>): this {
    return this.and(Aggregations.MAX, field as AggregationField<T, Aggregations.MAX>);
  }
}

/** `aggregate(agg, field)` of the input or of each group. @internal */
export function aggregateOp<T>(input: DataSet<T>, key: KeyDefinition | undefined, agg: Aggregations, field: FieldRef): AggregateDataSet<T> {
  validateAggField(field, input.node.shape, agg);
  const aggs: AggregationSpec[] = [{ agg, field }];
  const udf = udfSpec(aggregationReducer(aggs), "reduce", "Aggregate");
  const name = `Aggregate (${describeAggregations(aggs)})`;
  const node = createNode({ kind: "reduce", input: input.node, key, udf, builtin: "aggregate" }, name, input.node.shape);
  return new AggregateDataSet<T>(input.env, node, aggs);
}

function validateAggField(field: FieldRef, shape: Shape | undefined, agg: Aggregations): void {
  const op = `Aggregate ${agg}`;
  validateFieldRef(field, shape, op, "aggregation");
  if (agg === Aggregations.SUM && shape !== undefined) {
    const kind = fieldShape(shape, typeof field === "number" ? `f${field}` : field);
    if (kind !== undefined && kind !== "number" && kind !== "bigint" && kind !== "any") {
      const what = typeof kind === "string" ? kind : "not a number";
      throw new InvalidProgramException(`${op}: field ${field} is ${what}; SUM needs a number or bigint field`);
    }
  }
}
