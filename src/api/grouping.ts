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

  /**
   * Calls `reducer(records, out)` once per group (Flink's GroupReduceFunction).
   * @example
   * orders.groupBy(0).reduceGroup((rows, out) => out.collect([...rows].length)); // orders per user
   */
  reduceGroup<R>(reducer: GroupReduceFunction<T, R>): DataSet<R> {
    return groupReduceOp<T, R>(this.input, this.key, this.groupOrder, reducer);
  }
  /**
   * Calls `combiner(records, out)` on the part of each group one subtask holds (a partial reduce before the shuffle).
   * @example
   * orders.groupBy(0).combineGroup((rows, out) => { let s = 0; for (const r of rows) s += r[1]; out.collect(s); });
   */
  combineGroup<R>(combiner: GroupCombineFunction<T, R>): DataSet<R> {
    return groupCombineOp<T, R>(this.input, this.key, this.groupOrder, combiner);
  }
  /**
   * The first n records of each group (in group order, if sorted).
   * @example
   * orders.groupBy(0).sortGroup(1, Order.DESCENDING).first(2); // each user's two largest orders
   */
  first(n: number): DataSet<T> {
    return firstOp(this.input, this.key, this.groupOrder, n);
  }
  /**
   * Orders the records of each group by `key` for the group function; chain it for more keys.
   * @example
   * orders.groupBy(0).sortGroup(1, Order.ASCENDING).reduceGroup((rows, out) => out.collect([...rows][0]!));
   */
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
  /**
   * Combines the records of each group into one with `reducer(a, b)`.
   * @example
   * orders.groupBy(0).reduce((a, b) => [a[0], a[1] + b[1]]); // total per user
   */
  reduce(reducer: ReduceFunction<T>): DataSet<T> {
    return reduceOp(this.input, this.key, reducer);
  }
  /**
   * Aggregates one field per group; `.and(...)` adds more.
   * @example
   * orders.groupBy(0).aggregate(Aggregations.SUM, 1).andMax(1);
   */
  aggregate<A extends Aggregations>(agg: A, field: AggregationField<T, A>): AggregateDataSet<T> {
    return aggregateOp(this.input, this.key, agg, field);
  }
  /**
   * Sums a numeric field per group.
   * @example
   * orders.groupBy(0).sum(1);
   */
  sum(field: NumericField<T>): AggregateDataSet<T> {
    return this.aggregate(Aggregations.SUM, field);
  }
  /**
   * The minimum of a field per group.
   * @example
   * orders.groupBy(0).min(1);
   */
  min(field: ComparableField<T>): AggregateDataSet<T> {
    return this.aggregate(Aggregations.MIN, field);
  }
  /**
   * The maximum of a field per group.
   * @example
   * orders.groupBy(0).max(1);
   */
  max(field: ComparableField<T>): AggregateDataSet<T> {
    return this.aggregate(Aggregations.MAX, field);
  }
  /**
   * The record of each group with the smallest value of `fields`.
   * @example
   * orders.groupBy(0).minBy(1); // each user's smallest order, the whole record
   */
  minBy(...fields: ComparableField<T>[]): DataSet<T> {
    return selectByOp(this.input, this.key, fields, false);
  }
  /**
   * The record of each group with the largest value of `fields`.
   * @example
   * orders.groupBy(0).maxBy(1);
   */
  maxBy(...fields: ComparableField<T>[]): DataSet<T> {
    return selectByOp(this.input, this.key, fields, true);
  }
}

export class SortedGrouping<T> extends Grouping<T> {}
