/** Entry points of bulk and delta iterations. */
import { InvalidProgramException } from "../../common/errors.js";
import type { DataSet } from "../data-set.js";

export function iterateOf<T>(_input: DataSet<T>, _maxIterations: number): never {
  throw new InvalidProgramException("iterations are not available yet");
}
export function iterateDeltaOf<T, W>(_initial: DataSet<T>, _workset: DataSet<W>, _maxIterations: number, _keys: (number | string)[]): never {
  throw new InvalidProgramException("delta iterations are not available yet");
}
