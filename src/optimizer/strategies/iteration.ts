/** Strategies for bulk and delta iterations. */
import { InvalidProgramException } from "../../common/errors.js";
import type { BulkIterationNode, DeltaIterationNode, IterationPlaceholderNode } from "../../plan/logical.js";
import type { Translated, Translator } from "../translator.js";

export function translateBulkIteration(node: BulkIterationNode, _t: Translator): Translated {
  throw new InvalidProgramException(`${node.name}: iterations are not available yet`);
}
export function translateDeltaIteration(node: DeltaIterationNode, _t: Translator): Translated {
  throw new InvalidProgramException(`${node.name}: iterations are not available yet`);
}
export function translatePlaceholder(node: IterationPlaceholderNode, _t: Translator): Translated {
  throw new InvalidProgramException(`${node.name}: the ${node.kind} of an iteration can only be used inside that iteration's step function`);
}
