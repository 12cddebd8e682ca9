/** Creates logical nodes with the common fields filled in. */
import type { LogicalNode } from "../plan/logical.js";
import { emptySemanticProperties } from "../plan/semantic-properties.js";
import type { Shape } from "../common/shape.js";

let nextNodeId = 1;

type Common = "id" | "name" | "parallelism" | "broadcastSets" | "parameters" | "shape" | "semantic";
type Specific<N> = N extends LogicalNode ? Omit<N, Common> : never;

export function createNode<N extends LogicalNode>(fields: Specific<N>, name: string, shape?: Shape): N {
  return {
    id: nextNodeId++,
    name,
    parallelism: undefined,
    broadcastSets: [],
    parameters: undefined,
    shape,
    semantic: emptySemanticProperties(),
    ...fields,
  } as unknown as N;
}
