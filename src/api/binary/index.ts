/** Entry points of the two-input operators (join, outer joins, coGroup, cross). */
import { InvalidProgramException } from "../../common/errors.js";
import type { JoinHint, JoinType } from "../../common/enums.js";
import type { DataSet } from "../data-set.js";

/** `a.join(b)`: pick keys with `.where(...).equalTo(...)`. */
export class JoinOperatorSets<T, R> {
  /** @internal */
  constructor(readonly first: DataSet<T>, readonly second: DataSet<R>, readonly joinType: JoinType, readonly hint: JoinHint, readonly sizeHint: "tiny" | "huge" | undefined) {}
  where(..._keys: unknown[]): never {
    throw new InvalidProgramException("joins are not available yet");
  }
}

export class CoGroupOperatorSets<T, R> {
  /** @internal */
  constructor(readonly first: DataSet<T>, readonly second: DataSet<R>) {}
  where(..._keys: unknown[]): never {
    throw new InvalidProgramException("coGroup is not available yet");
  }
}

export function joinSets<T, R>(first: DataSet<T>, second: DataSet<R>, joinType: JoinType, hint: JoinHint, sizeHint?: "tiny" | "huge"): JoinOperatorSets<T, R> {
  return new JoinOperatorSets(first, second, joinType, hint, sizeHint);
}
export function coGroupSets<T, R>(first: DataSet<T>, second: DataSet<R>): CoGroupOperatorSets<T, R> {
  return new CoGroupOperatorSets(first, second);
}
export function crossOf<T, R>(_first: DataSet<T>, _second: DataSet<R>, _sizeHint?: "tiny" | "huge"): DataSet<[T, R]> {
  throw new InvalidProgramException("cross is not available yet");
}
