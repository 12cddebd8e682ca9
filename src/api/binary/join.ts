/**
 * Joins (API.md "Binary operators"): `a.join(b[, hint]).where(keysA).equalTo(keysB)` is a DataSet
 * of `[a, b]` pairs; `.with(f)` applies a JoinFunction `(a, b) => r` or, declared with three
 * parameters, a FlatJoinFunction `(a, b, out) => void`; `.projectFirst/.projectSecond` build
 * flat tuples. Outer joins pass null for the absent side. Keys and hints are checked here, at
 * definition; the optimizer turns the hint into an execution strategy.
 */
import { JoinHint, JoinType } from "../../common/enums.js";
import { InvalidProgramException } from "../../common/errors.js";
import type { KeyDefinition } from "../../common/keys.js";
import type { Shape } from "../../common/shape.js";
import { udfArity, udfSpec } from "../../common/udf.js";
import type { JoinNode } from "../../plan/logical.js";
import type { DataSet } from "../data-set.js";
import type { JoinFunctionArg, JoinResult, KeyArg, KeyTypes, MatchingKeys, SideFields, TupleHint, TuplePosition } from "../../common/record-types.js";
import { createNode } from "../node-factory.js";
import { compatibleKeys, sideKey } from "./keys.js";
import { extendProjection, type ProjectedField } from "./projection.js";
import { TwoInputOperator } from "./two-input.js";

const JOIN_NAMES: Record<JoinType, string> = {
  [JoinType.INNER]: "Join",
  [JoinType.LEFT_OUTER]: "LeftOuterJoin",
  [JoinType.RIGHT_OUTER]: "RightOuterJoin",
  [JoinType.FULL_OUTER]: "FullOuterJoin",
};

/**
 * The hints each join type allows (as Flink's Java API): a hash strategy cannot broadcast the
 * side whose unmatched records must be emitted, since no subtask sees all of the other side.
 */
export function allowedJoinHints(joinType: JoinType): JoinHint[] {
  const all = Object.values(JoinHint);
  return all.filter((h) =>
    !(h === JoinHint.BROADCAST_HASH_FIRST && (joinType === JoinType.LEFT_OUTER || joinType === JoinType.FULL_OUTER)) &&
    !(h === JoinHint.BROADCAST_HASH_SECOND && (joinType === JoinType.RIGHT_OUTER || joinType === JoinType.FULL_OUTER)));
}

/** `a.join(b)`: pick the first input's key with `.where(...)`. */
export class JoinOperatorSets<T, R, F1 = T, F2 = R> {
  /** @internal */
  constructor(
    /** @internal */ readonly first: DataSet<T>,
    /** @internal */ readonly second: DataSet<R>,
    /** @internal */ readonly joinType: JoinType,
    /** @internal */ readonly hint: JoinHint,
    /** @internal */ readonly sizeHint: "tiny" | "huge" | undefined,
  ) {
    const name = JOIN_NAMES[joinType];
    if (first.env !== second.env) throw new InvalidProgramException(`${name}: both inputs must belong to the same ExecutionEnvironment`);
    if (!Object.values(JoinHint).includes(hint)) throw new InvalidProgramException(`${name}: unknown join hint ${String(hint)}; use a JoinHint value`);
    if (!allowedJoinHints(joinType).includes(hint)) {
      throw new InvalidProgramException(`${name}: the hint ${hint} is not supported for a ${joinType} join; allowed: ${allowedJoinHints(joinType).join(", ")}`);
    }
  }
  /**
   * The first input's key: positions, field expressions or one key selector.
   * @example
   * users.join(orders).where(0); users.join(orders).where((u) => u[0]); people.join(users).where("id");
   */
  where<const K extends readonly KeyArg<T>[]>(...keys: K): JoinOperatorSetsPredicate<T, R, KeyTypes<T, K>, F1, F2> {
    return new JoinOperatorSetsPredicate<T, R, KeyTypes<T, K>, F1, F2>(this, sideKey(keys, this.first.shape, JOIN_NAMES[this.joinType]));
  }
}

/** `a.join(b).where(...)`: pick the second input's key with `.equalTo(...)`. */
export class JoinOperatorSetsPredicate<T, R, K extends readonly unknown[] = unknown[], F1 = T, F2 = R> {
  /** @internal */
  constructor(private readonly sets: JoinOperatorSets<T, R, F1, F2>, private readonly keyFirst: KeyDefinition) {}

  /**
   * The second input's key; it must match the first one's number and types of fields.
   * @example
   * users.join(orders).where(0).equalTo(0); // DataSet<[[number, string], [number, number]]>
   */
  equalTo(...keys: MatchingKeys<R, K>): DefaultJoin<T, R, F1, F2> {
    const { first, second, joinType, hint, sizeHint } = this.sets;
    const name = JOIN_NAMES[joinType];
    const keySecond = sideKey(keys, second.shape, name);
    const [kf, ks] = compatibleKeys(this.keyFirst, first.shape, keySecond, second.shape, name);
    const udf = udfSpec((a: T, b: R) => [a, b], "join", name);
    const shape: Shape | undefined = first.shape !== undefined || second.shape !== undefined ? [first.shape ?? "any", second.shape ?? "any"] : undefined;
    const node = createNode<JoinNode>({
      kind: "join", first: first.node, second: second.node, joinType, keyFirst: kf, keySecond: ks, hint,
      sizeHintSecond: sizeHint, udf, flat: false, builtin: "pair",
    }, name, shape);
    node.semantic.forwarded[0] = [{ from: "*", to: "f0" }];
    node.semantic.forwarded[1] = [{ from: "*", to: "f1" }];
    return new DefaultJoin<T, R, F1, F2>(first.env, node);
  }
}

/** A join with a user function (or a projection): Flink's EquiJoin. */
export class JoinOperator<T1, T2, O> extends TwoInputOperator<T1, T2, O> {}

/** The default join result, `[first, second]` pairs, which `.with` or a projection can replace. */
export class DefaultJoin<T1, T2, F1 = T1, F2 = T2> extends JoinOperator<T1, T2, [F1, F2]> {
  /**
   * Applies a JoinFunction `(first, second) => result` to every matching pair or, declared with
   * three parameters, a FlatJoinFunction `(first, second, out) => void` emitting to its collector.
   * An outer join passes `null` for the absent side (typed `T | null`).
   * @example
   * users.join(orders).where(0).equalTo(0).with((u, o) => [u[1], o[1]]);
   * users.join(orders).where(0).equalTo(0).with((u, o, out: Collector<string>) => { if (o[1] > 10) out.collect(u[1]); });
   */
  with<O extends TupleHint | void, C = O>(fn: JoinFunctionArg<F1, F2, O, C>): JoinOperator<T1, T2, JoinResult<O, C>> {
    const udf = udfSpec(fn, "join", this.node.name);
    return new JoinOperator<T1, T2, JoinResult<O, C>>(this.env, this.withFunction(udf, udfArity(udf) >= 3, undefined));
  }
  /**
   * Starts a projection with fields of the first input (none: the whole record).
   * @example
   * users.join(orders).where(0).equalTo(0).projectFirst(1).projectSecond(1); // DataSet<[string, number]>
   */
  projectFirst<const P extends readonly TuplePosition<T1>[]>(...positions: P): ProjectJoin<T1, T2, SideFields<T1, F1, P>, F1, F2> {
    return this.startProjection().projectFirst(...positions) as unknown as ProjectJoin<T1, T2, SideFields<T1, F1, P>, F1, F2>;
  }
  /**
   * Starts a projection with fields of the second input (none: the whole record).
   * @example
   * users.leftOuterJoin(orders).where(0).equalTo(0).projectSecond(1); // DataSet<[number | null]>
   */
  projectSecond<const P extends readonly TuplePosition<T2>[]>(...positions: P): ProjectJoin<T1, T2, SideFields<T2, F2, P>, F1, F2> {
    return this.startProjection().projectSecond(...positions) as unknown as ProjectJoin<T1, T2, SideFields<T2, F2, P>, F1, F2>;
  }
  private startProjection(): ProjectJoin<T1, T2, [], F1, F2> {
    return new ProjectJoin<T1, T2, [], F1, F2>(this.env, this.withFunction((this.node as JoinNode).udf, false, "project"), []);
  }

  private withFunction(udf: JoinNode["udf"], flat: boolean, builtin: JoinNode["builtin"]): JoinNode {
    const n = this.node as JoinNode;
    return createNode<JoinNode>({
      kind: "join", first: n.first, second: n.second, joinType: n.joinType, keyFirst: n.keyFirst, keySecond: n.keySecond,
      hint: n.hint, sizeHintSecond: n.sizeHintSecond, udf, flat, builtin,
    }, n.name);
  }
}

/** A join building flat tuples from fields of both inputs (Flink's ProjectJoin). */
export class ProjectJoin<T1, T2, O extends unknown[], F1 = T1, F2 = T2> extends JoinOperator<T1, T2, O> {
  /** @internal */
  constructor(env: DataSet<unknown>["env"], node: JoinNode, private readonly fields: ProjectedField[]) {
    super(env, node);
  }
  /**
   * Appends fields of the first input (none: the whole record).
   * @example
   * users.join(orders).where(0).equalTo(0).projectSecond(1).projectFirst(1); // DataSet<[number, string]>
   */
  projectFirst<const P extends readonly TuplePosition<T1>[]>(...positions: P): ProjectJoin<T1, T2, [...O, ...SideFields<T1, F1, P>], F1, F2> {
    extendProjection(this.node as JoinNode, this.fields, 0, positions);
    return this as unknown as ProjectJoin<T1, T2, [...O, ...SideFields<T1, F1, P>], F1, F2>;
  }
  /**
   * Appends fields of the second input (none: the whole record).
   * @example
   * users.join(orders).where(0).equalTo(0).projectFirst(0).projectSecond(1); // DataSet<[number, number]>
   */
  projectSecond<const P extends readonly TuplePosition<T2>[]>(...positions: P): ProjectJoin<T1, T2, [...O, ...SideFields<T2, F2, P>], F1, F2> {
    extendProjection(this.node as JoinNode, this.fields, 1, positions);
    return this as unknown as ProjectJoin<T1, T2, [...O, ...SideFields<T2, F2, P>], F1, F2>;
  }
}
