/** The iteration's side of its own step drivers: where outputs go, where the solution set is. */
import type { SolutionSetIndex } from "./solution-set.js";

export interface IterationStepIO {
  /** Where the next partial solution (bulk) or next workset (delta) of `subtask` is gathered. */
  gather(subtask: number): unknown[];
  /** Counts records that reached the termination criterion this superstep. */
  countCriterion(n: number): void;
  /** The solution set index of `subtask` (delta iterations only). */
  solutionSet(subtask: number): SolutionSetIndex;
}
