/**
 * Groupings (API.md "Groupings"): `groupBy(...)` gives an UnsortedGrouping; `sortGroup(...)`
 * a SortedGrouping whose groups reach the function in that order.
 */
import { Aggregations, type Order } from "../common/enums.js";
import { InvalidProgramException } from "../common/errors.js";
import type { GroupCombineFunction, GroupReduceFunction, ReduceFunction } from "../common/functions.js";
import type { KeyDefinition } from "../common/keys.js";
import type { Ordering } from "../plan/logical.js";
import { aggregateOp, type AggregateDataSet } from "./aggregate-data-set.js";
import type { AggregationField, DataSet } from "./data-set.js";
import type { ComparableField, KeyArg, NumericField } from "../common/record-types.js";
import { firstOp, groupCombineOp, groupReduceOp, reduceOp, selectByOp } from "./group-ops.js";
import { parseOrdering } from "./operator-utils.js";

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
    return firstOp(this.input, this.key, this.groupOrder, n);
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
  aggregate<A extends Aggregations>(agg: A, field: AggregationField<T, A>): AggregateDataSet<T> {
    return aggregateOp(this.input, this.key, agg, field);
  }
  sum(field: NumericField<T>): AggregateDataSet<T> {
    return this.aggregate(Aggregations.SUM, field);
  }
  min(field: ComparableField<T>): AggregateDataSet<T> {
    return this.aggregate(Aggregations.MIN, field);
  }
  max(field: ComparableField<T>): AggregateDataSet<T> {
    return this.aggregate(Aggregations.MAX, field);
  }
  minBy(...fields: ComparableField<T>[]): DataSet<T> {
    return selectByOp(this.input, this.key, fields, false);
  }
  maxBy(...fields: ComparableField<T>[]): DataSet<T> {
    return selectByOp(this.input, this.key, fields, true);
  }
}

export class SortedGrouping<T> extends Grouping<T> {}
