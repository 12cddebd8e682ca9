/**
 * Cross products (API.md "Binary operators"): `a.cross(b)` is a DataSet of `[a, b]` pairs;
 * `.with((a, b) => r)` maps them; `.projectFirst/.projectSecond` build flat tuples.
 * crossWithTiny / crossWithHuge tell the optimizer which side to broadcast.
 */
import { InvalidProgramException } from "../../common/errors.js";
import type { Shape } from "../../common/shape.js";
import { udfSpec, type UdfSpec } from "../../common/udf.js";
import type { CrossNode } from "../../plan/logical.js";
import type { DataSet } from "../data-set.js";
import type { SideFields, TupleLike, TuplePosition } from "../../common/record-types.js";
import { createNode } from "../node-factory.js";
import { extendProjection, type ProjectedField } from "./projection.js";
import { TwoInputOperator } from "./two-input.js";

/** A cross with a user function (or a projection). */
export class CrossOperator<T1, T2, O> extends TwoInputOperator<T1, T2, O> {}

/** The default cross result, `[first, second]` pairs, which `.with` or a projection can replace. */
export class DefaultCross<T1, T2> extends CrossOperator<T1, T2, [T1, T2]> {
  /**
   * Applies a CrossFunction `(first, second) => result` to every pair.
   * @example
   * nums.cross(words).with((n, w) => w.repeat(n)); // DataSet<string>
   */
  with<O extends TupleLike>(fn: CrossFunctionArg<T1, T2, O>): CrossOperator<T1, T2, O>;
  with<O>(fn: CrossFunctionArg<T1, T2, O>): CrossOperator<T1, T2, O>;
  with<O>(fn: CrossFunctionArg<T1, T2, O>): CrossOperator<T1, T2, O> {
    return new CrossOperator<T1, T2, O>(this.env, this.withFunction(udfSpec(fn, "cross", this.node.name), undefined));
  }
  /**
   * Starts a projection with fields of the first input (none: the whole record).
   * @example
   * users.cross(orders).projectFirst(1).projectSecond(1); // DataSet<[string, number]>
   */
  projectFirst<const P extends readonly TuplePosition<T1>[]>(...positions: P): ProjectCross<T1, T2, SideFields<T1, T1, P>> {
    return this.startProjection().projectFirst(...positions) as unknown as ProjectCross<T1, T2, SideFields<T1, T1, P>>;
  }
  /**
   * Starts a projection with fields of the second input (none: the whole record).
   * @example
   * users.cross(orders).projectSecond(0).projectFirst(1); // DataSet<[number, string]>
   */
  projectSecond<const P extends readonly TuplePosition<T2>[]>(...positions: P): ProjectCross<T1, T2, SideFields<T2, T2, P>> {
    return this.startProjection().projectSecond(...positions) as unknown as ProjectCross<T1, T2, SideFields<T2, T2, P>>;
  }
  private startProjection(): ProjectCross<T1, T2, []> {
    return new ProjectCross<T1, T2, []>(this.env, this.withFunction((this.node as CrossNode).udf, "project"), []);
  }
  private withFunction(udf: UdfSpec, builtin: CrossNode["builtin"]): CrossNode {
    const n = this.node as CrossNode;
    return createNode<CrossNode>({ kind: "cross", first: n.first, second: n.second, sizeHintSecond: n.sizeHintSecond, udf, builtin }, n.name);
  }
}

/** A cross building flat tuples from fields of both inputs (Flink's ProjectCross). */
export class ProjectCross<T1, T2, O extends unknown[]> extends CrossOperator<T1, T2, O> {
  /** @internal */
  constructor(env: DataSet<unknown>["env"], node: CrossNode, private readonly fields: ProjectedField[]) {
    super(env, node);
  }
  /**
   * Appends fields of the first input (none: the whole record).
   * @example
   * users.cross(orders).projectSecond(1).projectFirst(0, 1); // DataSet<[number, number, string]>
   */
  projectFirst<const P extends readonly TuplePosition<T1>[]>(...positions: P): ProjectCross<T1, T2, [...O, ...SideFields<T1, T1, P>]> {
    extendProjection(this.node as CrossNode, this.fields, 0, positions);
    return this as unknown as ProjectCross<T1, T2, [...O, ...SideFields<T1, T1, P>]>;
  }
  /**
   * Appends fields of the second input (none: the whole record).
   * @example
   * users.cross(orders).projectFirst(1).projectSecond(); // DataSet<[string, [number, number]]>
   */
  projectSecond<const P extends readonly TuplePosition<T2>[]>(...positions: P): ProjectCross<T1, T2, [...O, ...SideFields<T2, T2, P>]> {
    extendProjection(this.node as CrossNode, this.fields, 1, positions);
    return this as unknown as ProjectCross<T1, T2, [...O, ...SideFields<T2, T2, P>]>;
  }
}

/** A CrossFunction `(first, second) => result`, or an object with `cross`. */
export type CrossFunctionArg<A, B, O> = ((first: A, second: B) => O) | { cross(first: A, second: B): O };

/** `a.cross(b)`: the pairs of every record of `a` with every record of `b`. */
export function crossOf<T, R>(first: DataSet<T>, second: DataSet<R>, sizeHint?: "tiny" | "huge"): DefaultCross<T, R> {
  if (first.env !== second.env) throw new InvalidProgramException("Cross: both inputs must belong to the same ExecutionEnvironment");
  const udf = udfSpec((a: T, b: R) => [a, b], "cross", "Cross");
  const shape: Shape | undefined = first.shape !== undefined || second.shape !== undefined ? [first.shape ?? "any", second.shape ?? "any"] : undefined;
  const node = createNode<CrossNode>({ kind: "cross", first: first.node, second: second.node, sizeHintSecond: sizeHint, udf, builtin: "pair" }, "Cross", shape);
  node.semantic.forwarded[0] = [{ from: "*", to: "f0" }];
  node.semantic.forwarded[1] = [{ from: "*", to: "f1" }];
  return new DefaultCross<T, R>(first.env, node);
}
