/** Strategies for join, coGroup and cross. */
import { InvalidProgramException } from "../../common/errors.js";
import type { CoGroupNode, CrossNode, JoinNode } from "../../plan/logical.js";
import type { Translated, Translator } from "../translator.js";

export function translateJoin(node: JoinNode, _t: Translator): Translated {
  throw new InvalidProgramException(`${node.name}: joins are not available yet`);
}
export function translateCoGroup(node: CoGroupNode, _t: Translator): Translated {
  throw new InvalidProgramException(`${node.name}: coGroup is not available yet`);
}
export function translateCross(node: CrossNode, _t: Translator): Translated {
  throw new InvalidProgramException(`${node.name}: cross is not available yet`);
}
