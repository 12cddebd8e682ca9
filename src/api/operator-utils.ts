/**
 * Definition-time helpers shared by DataSet, its groupings and the two-input operators: they read
 * logical nodes and key arguments only, so every api module can use them without importing DataSet.
 */
import { Order } from "../common/enums.js";
import { InvalidProgramException } from "../common/errors.js";
import { parseKeyArgs, validateKey } from "../common/keys.js";
import type { Shape } from "../common/shape.js";
import type { LogicalNode, Ordering } from "../plan/logical.js";

/** Parses one sort key and checks the order constant. @internal */
export function parseOrdering(key: unknown, order: Order, shape: Shape | undefined, operator: string): Ordering {
  if (order !== Order.ASCENDING && order !== Order.DESCENDING) {
    throw new InvalidProgramException(`${operator}: order must be Order.ASCENDING or Order.DESCENDING`);
  }
  const k = parseKeyArgs([key], operator);
  validateKey(k, shape, operator);
  return { key: k, order };
}

/** `first(n)` takes a positive integer. @internal */
export function checkFirstN(n: number): void {
  if (!Number.isInteger(n) || n < 1) throw new InvalidProgramException(`First: n must be a positive integer, got ${n}`);
}

/** The shape of a node's i-th input, if known. @internal */
export function inputShape(node: LogicalNode, i: number): Shape | undefined {
  switch (node.kind) {
    case "join":
    case "coGroup":
    case "cross":
      return (i === 0 ? node.first : node.second).shape;
    case "source":
    case "union":
    case "partialSolution":
    case "solutionSet":
    case "workset":
    case "bulkIteration":
    case "deltaIteration":
      return undefined;
    default:
      return node.input.shape;
  }
}
