/**
 * Groupings (API.md "Groupings"): `groupBy(...)` gives an UnsortedGrouping; `sortGroup(...)`
 * a SortedGrouping whose groups reach the function in that order.
 */
import { Aggregations, type Order } from "../common/enums.js";
import { InvalidProgramException } from "../common/errors.js";
import type { FieldRef } from "../common/field-access.js";
import type { GroupCombineFunction, GroupReduceFunction, ReduceFunction } from "../common/functions.js";
import type { KeyDefinition } from "../common/keys.js";
import { udfSpec } from "../common/udf.js";
import type { Ordering } from "../plan/logical.js";
import { createNode } from "./node-factory.js";
import { firstReducer } from "../common/builtins/first.js";
import {
  aggregateOp, checkFirstN, groupCombineOp, groupReduceOp, parseOrdering, reduceOp, selectByOp,
  type AggregateDataSet, type DataSet, type KeyArg,
} from "./data-set.js";

abstract class Grouping<T> {
  /** @internal */
  constructor(
    /** @internal */ readonly input: DataSet<T>,
    /** @internal */ readonly key: KeyDefinition,
    /** @internal */ readonly groupOrder: Ordering[],
  ) {}

  reduceGroup<R>(reducer: GroupReduceFunction<T, R>): DataSet<R> {
    return groupReduceOp<T, R>(this.input, this.key, this.groupOrder, reducer);
  }
  combineGroup<R>(combiner: GroupCombineFunction<T, R>): DataSet<R> {
    return groupCombineOp<T, R>(this.input, this.key, this.groupOrder, combiner);
  }
  /** The first n records of each group (in group order, if sorted). */
  first(n: number): DataSet<T> {
    checkFirstN(n);
    const udf = udfSpec(firstReducer<T>(n), "reduce", "First");
    const node = createNode({ kind: "groupReduce", input: this.input.node, key: this.key, groupOrder: this.groupOrder, udf, combiner: udf, builtin: `first(${n})` }, `First(${n})`, this.input.node.shape);
    return this.input.derive<T>(node);
  }
  sortGroup(key: KeyArg<T>, order: Order): SortedGrouping<T> {
    if (this.key.kind === "selector" && typeof key !== "function") {
      throw new InvalidProgramException("SortGroup: a grouping by KeySelector can only be sorted by a KeySelector");
    }
    const ordering = parseOrdering(key, order, this.input.node.shape, "SortGroup");
    if (this.groupOrder.some((o) => o.key.kind === "selector") || (ordering.key.kind === "selector" && this.groupOrder.length > 0)) {
      throw new InvalidProgramException("SortGroup: a KeySelector group order cannot be combined with other sort keys");
    }
    return new SortedGrouping<T>(this.input, this.key, [...this.groupOrder, ordering]);
  }
}

export class UnsortedGrouping<T> extends Grouping<T> {
  /** @internal */
  constructor(input: DataSet<T>, key: KeyDefinition) {
    super(input, key, []);
  }
  reduce(reducer: ReduceFunction<T>): DataSet<T> {
    return reduceOp(this.input, this.key, reducer);
  }
  aggregate(agg: Aggregations, field: FieldRef): AggregateDataSet<T> {
    return aggregateOp(this.input, this.key, agg, field);
  }
  sum(field: FieldRef): AggregateDataSet<T> {
    return this.aggregate(Aggregations.SUM, field);
  }
  min(field: FieldRef): AggregateDataSet<T> {
    return this.aggregate(Aggregations.MIN, field);
  }
  max(field: FieldRef): AggregateDataSet<T> {
    return this.aggregate(Aggregations.MAX, field);
  }
  minBy(...fields: FieldRef[]): DataSet<T> {
    return selectByOp(this.input, this.key, fields, false);
  }
  maxBy(...fields: FieldRef[]): DataSet<T> {
    return selectByOp(this.input, this.key, fields, true);
  }
}

export class SortedGrouping<T> extends Grouping<T> {}
