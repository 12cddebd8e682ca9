/**
 * The reduce-style operators DataSet and its groupings share (Flink's ReduceOperator,
 * GroupReduceOperator, GroupCombineOperator and the first/minBy/maxBy built-ins), with or without
 * a grouping key. They build the logical node and derive the result from the input DataSet.
 */
import { InvalidProgramException } from "../common/errors.js";
import { validateFieldRef, type FieldRef } from "../common/field-access.js";
import type { GroupCombineFunction, GroupReduceFunction, ReduceFunction } from "../common/functions.js";
import type { KeyDefinition } from "../common/keys.js";
import { udfSpec } from "../common/udf.js";
import { firstReducer } from "../common/builtins/first.js";
import { selectByReducer } from "../common/builtins/select-by.js";
import type { Ordering } from "../plan/logical.js";
import type { DataSet } from "./data-set.js";
import { createNode } from "./node-factory.js";
import { checkFirstN } from "./operator-utils.js";

/** `reduce(f)`, of the whole input or of each group. @internal */
export function reduceOp<T>(input: DataSet<T>, key: KeyDefinition | undefined, reducer: ReduceFunction<T>): DataSet<T> {
  const udf = udfSpec(reducer, "reduce", "Reduce");
  return input.derive<T>(createNode({ kind: "reduce", input: input.node, key, udf, builtin: undefined }, "Reduce", input.node.shape));
}

/** `reduceGroup(f)`; an object with a `combine` method is also the combiner. @internal */
export function groupReduceOp<T, R>(
  input: DataSet<T>, key: KeyDefinition | undefined, groupOrder: Ordering[], reducer: GroupReduceFunction<T, R>,
): DataSet<R> {
  const udf = udfSpec(reducer, "reduce", "GroupReduce");
  const combinable = typeof reducer === "object" && reducer !== null && typeof (reducer as { combine?: unknown }).combine === "function";
  const combiner = combinable ? udfSpec(reducer, "combine", "GroupReduce") : undefined;
  const node = createNode({ kind: "groupReduce", input: input.node, key, groupOrder, udf, combiner, builtin: undefined }, "GroupReduce");
  return input.derive<R>(node);
}

/** `combineGroup(f)`. @internal */
export function groupCombineOp<T, R>(
  input: DataSet<T>, key: KeyDefinition | undefined, groupOrder: Ordering[], combiner: GroupCombineFunction<T, R>,
): DataSet<R> {
  const udf = udfSpec(combiner, "combine", "GroupCombine");
  return input.derive<R>(createNode({ kind: "groupCombine", input: input.node, key, groupOrder, udf }, "GroupCombine"));
}

/** `first(n)`: the first n records of the input or of each group (in group order, if sorted). @internal */
export function firstOp<T>(input: DataSet<T>, key: KeyDefinition | undefined, groupOrder: Ordering[], n: number): DataSet<T> {
  checkFirstN(n);
  const udf = udfSpec(firstReducer<T>(n), "reduce", "First");
  const node = createNode(
    { kind: "groupReduce", input: input.node, key, groupOrder, udf, combiner: udf, builtin: `first(${n})` },
    `First(${n})`,
    input.node.shape,
  );
  return input.derive<T>(node);
}

/** `minBy(...)` / `maxBy(...)`. @internal */
export function selectByOp<T>(input: DataSet<T>, key: KeyDefinition | undefined, fields: readonly FieldRef[], max: boolean): DataSet<T> {
  const name = max ? "MaxBy" : "MinBy";
  if (fields.length === 0) throw new InvalidProgramException(`${name}: give at least one field`);
  for (const f of fields) validateFieldRef(f, input.node.shape, name, "field");
  const udf = udfSpec(selectByReducer(fields, max), "reduce", name);
  const node = createNode({ kind: "reduce", input: input.node, key, udf, builtin: name }, `${name} [${fields.join(", ")}]`, input.node.shape);
  return input.derive<T>(node);
}
