/**
 * Parses Flink's forwarded-field annotations: "f0", "f1->f3", "*", several separated by ";"
 * (or given as separate strings); POJO field names and dotted paths work the same way.
 * Each side is checked against the known input/output shapes.
 */
import { InvalidProgramException } from "../common/errors.js";
import { validateFieldRef } from "../common/field-access.js";
import type { Shape } from "../common/shape.js";
import type { ForwardedField } from "../plan/semantic-properties.js";

const FIELD = /^(\*|[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*(\.\*)?)$/;

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
      const from = arrow[0]!;
      const to = arrow[1] ?? from;
      validateFieldRef(from, inShape, operator, "forwarded");
      validateFieldRef(to, outShape, operator, "forwarded");
      out.push({ from, to });
    }
  }
  return out;
}
