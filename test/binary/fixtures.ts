/** Data and reference results for the two-input operator tests. */
import { JoinHint, JoinType } from "../../src/index.js";
import { canon } from "../helpers.js";

export type T3 = [number, number, string];
export type T5 = [number, number, number, string, number];

/** Flink's CollectionDataSets.getSmall3TupleDataSet. */
export const SMALL3: T3[] = [[1, 1, "Hi"], [2, 2, "Hello"], [3, 2, "Hello world"]];

/** Flink's CollectionDataSets.get5TupleDataSet. */
export const TUPLE5: T5[] = [
  [1, 1, 0, "Hallo", 1], [2, 2, 1, "Hallo Welt", 2], [2, 3, 2, "Hallo Welt wie", 1],
  [3, 4, 3, "Hallo Welt wie gehts?", 2], [3, 5, 4, "ABC", 2], [3, 6, 5, "BCD", 3],
  [4, 7, 6, "CDE", 2], [4, 8, 7, "DEF", 1], [4, 9, 8, "EFG", 1], [4, 10, 9, "FGH", 2],
  [5, 11, 10, "GHI", 1], [5, 12, 11, "HIJ", 3], [5, 13, 12, "IJK", 3], [5, 14, 13, "JKL", 2], [5, 15, 14, "KLM", 2],
];

export const USERS: [number, string][] = [[1, "Alice"], [2, "Bob"], [3, "Carol"]];
export const ORDERS: [number, string][] = [[1, "Order1"], [1, "Order2"], [2, "Order3"], [4, "Order4"]];

export const ALL_HINTS = Object.values(JoinHint);
export const INNER_STRATEGIES = ALL_HINTS.filter((h) => h !== JoinHint.OPTIMIZER_CHOOSES);

/** Every pair of equal keys, with nulls for unmatched records of outer sides (nested-loop reference). */
export function referenceJoin<A, B>(
  first: readonly A[],
  second: readonly B[],
  keyA: (a: A) => unknown,
  keyB: (b: B) => unknown,
  type: JoinType = JoinType.INNER,
): [A | null, B | null][] {
  const out: [A | null, B | null][] = [];
  const matchedB = new Set<number>();
  for (const a of first) {
    let matched = false;
    second.forEach((b, j) => {
      if (canon(keyA(a)) === canon(keyB(b))) {
        out.push([a, b]);
        matched = true;
        matchedB.add(j);
      }
    });
    if (!matched && (type === JoinType.LEFT_OUTER || type === JoinType.FULL_OUTER)) out.push([a, null]);
  }
  if (type === JoinType.RIGHT_OUTER || type === JoinType.FULL_OUTER)
    second.forEach((b, j) => {
      if (!matchedB.has(j)) out.push([null, b]);
    });
  return out;
}

export interface PlanNode {
  id: number;
  pact: string;
  contents: string;
  parallelism: string;
  driver_strategy: string;
  predecessors?: { id: number; ship_strategy: string; local_strategy?: string; side?: string }[];
}

/** The plan's nodes of one pact ("Join", "Outer Join", "CoGroup", "Cross"...). */
export function planNodes(planJson: string, pact: string): PlanNode[] {
  return (JSON.parse(planJson) as { nodes: PlanNode[] }).nodes.filter((n) => n.pact === pact);
}

/** ship_strategy of the predecessor on `side` ("first" / "second"). */
export function shipOf(node: PlanNode, side: "first" | "second"): string | undefined {
  return node.predecessors?.find((p) => p.side === side)?.ship_strategy;
}
export function localOf(node: PlanNode, side: "first" | "second"): string | undefined {
  return node.predecessors?.find((p) => p.side === side)?.local_strategy;
}
