/**
 * Parses Flink's forwarded-field annotations: "f0" (or "0"), "f1->f3" ("1->3"), "*", several separated by ";"
 * (or given as separate strings); POJO field names and dotted paths work the same way.
 * Each side is checked against the known input/output shapes.
 */
import { InvalidProgramException } from "../common/errors.js";
import { normalizeFieldExpression, validateFieldRef } from "../common/field-access.js";
import type { Shape } from "../common/shape.js";
import type { ForwardedField } from "../plan/semantic-properties.js";

// A name or a tuple position (Flink's (f?)([0-9]+): "f0" or "0"), dotted for nesting.
const FIELD = /^(\*|(\d+|[A-Za-z_$][\w$]*)(\.(\d+|[A-Za-z_$][\w$]*))*(\.\*)?)$/;

export function parseForwardedFields(specs: readonly string[], inShape: Shape | undefined, outShape: Shape | undefined, operator: string): ForwardedField[] {
  const out: ForwardedField[] = [];
  for (const spec of specs) {
    for (const raw of spec.split(";")) {
      const part = raw.trim();
      if (part === "") continue;
      const arrow = part.split("->").map((s) => s.trim());
      if (arrow.length > 2 || arrow.some((s) => !FIELD.test(s))) {
        throw new InvalidProgramException(`${operator}: invalid forwarded field annotation '${part}' (expected e.g. "f0", "f1->f3", "*" or "a.b->c")`);
      }
      const from = normalizeFieldExpression(arrow[0]!);
      const to = arrow[1] === undefined ? from : normalizeFieldExpression(arrow[1]);
      validateFieldRef(from, inShape, operator, "forwarded");
      validateFieldRef(to, outShape, operator, "forwarded");
      out.push({ from, to });
    }
  }
  return out;
}
