/**
 * CoGroup (API.md "Binary operators"):
 * `a.coGroup(b).where(...).equalTo(...)[.sortFirstGroup(key, Order)][.sortSecondGroup(key, Order)].with(f)`.
 * `f(first, second, out)` is called exactly once per key present on either side, with an empty
 * iterable for the side that lacks the key.
 */
import type { Collector } from "../../common/collector.js";
import type { Order } from "../../common/enums.js";
import { InvalidProgramException } from "../../common/errors.js";
import type { KeyDefinition } from "../../common/keys.js";
import { udfSpec } from "../../common/udf.js";
import type { CoGroupNode, Ordering } from "../../plan/logical.js";
import type { DataSet } from "../data-set.js";
import type { KeyArg, KeyTypes, MatchingKeys } from "../../common/record-types.js";
import { createNode } from "../node-factory.js";
import { parseOrdering } from "../operator-utils.js";
import { compatibleKeys, sideKey } from "./keys.js";
import { TwoInputOperator } from "./two-input.js";

const NAME = "CoGroup";

export type CoGroupFunctionArg<A, B, O> =
  | ((first: Iterable<A>, second: Iterable<B>, out: Collector<O>) => void)
  | { coGroup(first: Iterable<A>, second: Iterable<B>, out: Collector<O>): void };

/** `a.coGroup(b)`: pick the first input's key with `.where(...)`. */
export class CoGroupOperatorSets<T, R> {
  /** @internal */
  constructor(/** @internal */ readonly first: DataSet<T>, /** @internal */ readonly second: DataSet<R>) {
    if (first.env !== second.env) throw new InvalidProgramException(`${NAME}: both inputs must belong to the same ExecutionEnvironment`);
  }
  /**
   * The first input's key: positions, field expressions or one key selector.
   * @example
   * users.coGroup(orders).where(0);
   */
  where<const K extends readonly KeyArg<T>[]>(...keys: K): CoGroupOperatorSetsPredicate<T, R, KeyTypes<T, K>> {
    return new CoGroupOperatorSetsPredicate<T, R, KeyTypes<T, K>>(this.first, this.second, sideKey(keys, this.first.shape, NAME));
  }
}

/** `a.coGroup(b).where(...)`: pick the second input's key with `.equalTo(...)`. */
export class CoGroupOperatorSetsPredicate<T, R, K extends readonly unknown[] = unknown[]> {
  /** @internal */
  constructor(private readonly first: DataSet<T>, private readonly second: DataSet<R>, private readonly keyFirst: KeyDefinition) {}
  /**
   * The second input's key; it must match the first one's number and types of fields.
   * @example
   * users.coGroup(orders).where(0).equalTo(0); // keys of other types do not compile
   */
  equalTo(...keys: MatchingKeys<R, K>): CoGroupOperatorWithoutFunction<T, R> {
    const keySecond = sideKey(keys, this.second.shape, NAME);
    const [kf, ks] = compatibleKeys(this.keyFirst, this.first.shape, keySecond, this.second.shape, NAME);
    return new CoGroupOperatorWithoutFunction(this.first, this.second, kf, ks, [], []);
  }
}

/** Keys chosen; optionally sort the groups, then give the function with `.with(f)`. */
export class CoGroupOperatorWithoutFunction<T, R> {
  /** @internal */
  constructor(
    private readonly first: DataSet<T>,
    private readonly second: DataSet<R>,
    private readonly keyFirst: KeyDefinition,
    private readonly keySecond: KeyDefinition,
    private readonly orderFirst: Ordering[],
    private readonly orderSecond: Ordering[],
  ) {}
  /**
   * Orders each group of the first input by `key` before the function sees it.
   * @example
   * users.coGroup(orders).where(0).equalTo(0).sortFirstGroup(1, Order.ASCENDING);
   */
  sortFirstGroup(key: KeyArg<T>, order: Order): CoGroupOperatorWithoutFunction<T, R> {
    const o = parseOrdering(key, order, this.first.shape, `${NAME} sortFirstGroup`);
    return new CoGroupOperatorWithoutFunction(this.first, this.second, this.keyFirst, this.keySecond, [...this.orderFirst, o], this.orderSecond);
  }
  /**
   * Orders each group of the second input by `key` before the function sees it.
   * @example
   * users.coGroup(orders).where(0).equalTo(0).sortSecondGroup(1, Order.DESCENDING);
   */
  sortSecondGroup(key: KeyArg<R>, order: Order): CoGroupOperatorWithoutFunction<T, R> {
    const o = parseOrdering(key, order, this.second.shape, `${NAME} sortSecondGroup`);
    return new CoGroupOperatorWithoutFunction(this.first, this.second, this.keyFirst, this.keySecond, this.orderFirst, [...this.orderSecond, o]);
  }
  /**
   * Calls `fn(firstGroup, secondGroup, out)` once per key of either input.
   * @example
   * users.coGroup(orders).where(0).equalTo(0).with((us, os, out) => { for (const u of us) out.collect([u[1], [...os].length]); });
   */
  with<O>(fn: CoGroupFunctionArg<T, R, O>): CoGroupOperator<T, R, O> {
    const udf = udfSpec(fn, "coGroup", NAME);
    const node = createNode<CoGroupNode>({
      kind: "coGroup", first: this.first.node, second: this.second.node, keyFirst: this.keyFirst, keySecond: this.keySecond,
      groupOrderFirst: this.orderFirst, groupOrderSecond: this.orderSecond, udf,
    }, NAME);
    return new CoGroupOperator<T, R, O>(this.first.env, node);
  }
}

/** The result of a coGroup. */
export class CoGroupOperator<T1, T2, O> extends TwoInputOperator<T1, T2, O> {}
