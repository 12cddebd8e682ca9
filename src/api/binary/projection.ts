/**
 * Projections of two-input results (Flink's ProjectJoin / ProjectCross): `projectFirst(...)` and
 * `projectSecond(...)` append fields of either input to a flat result tuple, in call order; no
 * position means the whole record. A missing side (outer joins) gives null fields.
 */
import { InvalidProgramException } from "../../common/errors.js";
import { validateFieldRef } from "../../common/field-access.js";
import { isTupleShape, type Shape } from "../../common/shape.js";
import { udfSpec } from "../../common/udf.js";
import { repeatedSources } from "../../common/builtins/projection.js";
import { copyRecord } from "../../common/copy.js";
import type { CrossNode, JoinNode } from "../../plan/logical.js";
import type { ForwardedField } from "../../plan/semantic-properties.js";

export interface ProjectedField {
  readonly side: 0 | 1;
  /** Tuple position, or -1 for the whole record. */
  readonly index: number;
}

const SIDE = ["projectFirst", "projectSecond"] as const;

/** Validates `positions` of one side against its shape and returns the fields to append. */
export function projectedFields(side: 0 | 1, positions: readonly number[], shape: Shape | undefined, operator: string): ProjectedField[] {
  if (positions.length === 0) return [{ side, index: -1 }];
  return positions.map((p) => {
    if (typeof p !== "number") throw new InvalidProgramException(`${operator}: ${SIDE[side]} takes tuple positions, got '${String(p)}'`);
    validateFieldRef(p, shape, `${operator} ${SIDE[side]}`, "projection");
    return { side, index: p };
  });
}

/** The function building one result tuple from a pair of records. */
export function pairProjector(fields: readonly ProjectedField[], operator: string): (first: any, second: any) => any[] {
  const n = fields.length;
  const sides = fields.map((f) => f.side);
  const positions = fields.map((f) => f.index);
  const again = repeatedSources(fields);
  return (first, second) => {
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      const side = sides[i]!;
      const r = side === 0 ? first : second;
      const pos = positions[i]!;
      if (pos < 0 || r === null) {
        out[i] = pos < 0 ? r : null;
      } else if (Array.isArray(r) && pos < r.length) {
        out[i] = r[pos];
      } else {
        throw new InvalidProgramException(
          `${operator}: ${SIDE[side]}(${pos}) needs tuples with at least ${pos + 1} fields, got ${Array.isArray(r) ? `a Tuple${r.length}` : typeof r}`,
        );
      }
      if (again[i]) out[i] = copyRecord(out[i]);
    }
    return out;
  };
}

/** The result's shape where both inputs' shapes are known enough. */
export function projectionShape(fields: readonly ProjectedField[], shapes: readonly [Shape | undefined, Shape | undefined]): Shape {
  return fields.map((f) => {
    const s = shapes[f.side];
    if (f.index < 0) return s ?? "any";
    return isTupleShape(s) ? s[f.index] ?? "any" : "any";
  });
}

/** What each input forwards into the result tuple (used to keep partitionings). */
export function projectionForwarding(fields: readonly ProjectedField[]): [ForwardedField[], ForwardedField[]] {
  const out: [ForwardedField[], ForwardedField[]] = [[], []];
  fields.forEach((f, i) => out[f.side].push({ from: f.index < 0 ? "*" : `f${f.index}`, to: `f${i}` }));
  return out;
}

/**
 * Appends fields of input `side` to a ProjectJoin's or ProjectCross's projection (`fields`, kept
 * by the operator) and re-derives the node's function, shape and forwarded fields from it.
 */
export function extendProjection(node: JoinNode | CrossNode, fields: ProjectedField[], side: 0 | 1, positions: readonly number[]): void {
  const inputs = [node.first.shape, node.second.shape] as const;
  fields.push(...projectedFields(side, positions, inputs[side], node.name));
  node.udf = udfSpec(pairProjector([...fields], node.name), node.kind, node.name);
  node.shape = projectionShape(fields, inputs);
  [node.semantic.forwarded[0], node.semantic.forwarded[1]] = projectionForwarding(fields);
}
