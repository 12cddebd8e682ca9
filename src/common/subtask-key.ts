/** The grouping key of a node, compiled for one subtask (selector keys get their own instance). */
import { compileKey, type CompiledKey, type KeyDefinition } from "./keys.js";
import { instantiateUdf } from "./udf.js";

export function subtaskKey(key: KeyDefinition, operator: string): CompiledKey {
  const sel = key.kind === "selector" ? instantiateUdf(key.selector).call : undefined;
  return compileKey(key, operator, sel);
}
