/** Local sorts of each partition (Flink's SortPartitionOperator): `sortPartition(key, order)`, chainable. */
import type { Order } from "../common/enums.js";
import { InvalidProgramException } from "../common/errors.js";
import type { SortPartitionNode } from "../plan/logical.js";
import { DataSet } from "./data-set.js";
import type { KeyArg } from "../common/record-types.js";
import { createNode } from "./node-factory.js";
import { inputShape, parseOrdering } from "./operator-utils.js";

/** The result of sortPartition: `.sortPartition(...)` again adds a key to the same sort. */
export class SortPartitionDataSet<T> extends DataSet<T> {
  override sortPartition(key: KeyArg<T>, order: Order): SortPartitionDataSet<T> {
    const node = this.node as SortPartitionNode;
    if (node.orderings.some((o) => o.key.kind === "selector") || typeof key === "function") {
      throw new InvalidProgramException(
        "SortPartition: KeySelector sort keys cannot be chained with other keys; return a tuple from one selector instead",
      );
    }
    node.orderings.push(parseOrdering(key, order, inputShape(node, 0), "SortPartition"));
    return this;
  }
}

/** `input.sortPartition(key, order)`. @internal */
export function sortPartitionOf<T>(input: DataSet<T>, key: unknown, order: Order): SortPartitionDataSet<T> {
  const ordering = parseOrdering(key, order, input.node.shape, "SortPartition");
  const node = createNode<SortPartitionNode>({ kind: "sortPartition", input: input.node, orderings: [ordering] }, "Sort-Partition", input.node.shape);
  return new SortPartitionDataSet<T>(input.env, node);
}
