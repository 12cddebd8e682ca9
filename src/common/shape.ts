/**
 * Record shapes: what is known at definition time about a DataSet's records, so keys,
 * projections and aggregations can be checked then (API.md "Records, tuples, keys").
 */
export type Kind = "string" | "number" | "bigint" | "boolean" | "date" | "any";
/** A kind, a tuple of shapes (array), or an object of field -> shape. */
export type Shape = Kind | readonly Shape[] | { readonly [field: string]: Shape };

export function isTupleShape(s: Shape | undefined): s is readonly Shape[] {
  return Array.isArray(s);
}
export function isObjectShape(s: Shape | undefined): s is { readonly [field: string]: Shape } {
  return typeof s === "object" && s !== null && !Array.isArray(s);
}

/** The shape of one value. */
export function inferShape(value: unknown): Shape {
  if (value === null || value === undefined) return "any";
  if (Array.isArray(value)) return value.map(inferShape);
  switch (typeof value) {
    case "string":
    case "number":
    case "bigint":
    case "boolean":
      return typeof value as Kind;
    case "object": {
      if (value instanceof Date) return "date";
      const out: Record<string, Shape> = {};
      for (const k of Object.keys(value as object)) out[k] = inferShape((value as Record<string, unknown>)[k]);
      return out;
    }
    default:
      return "any";
  }
}

/**
 * Whether `value` has exactly `shape` (what `inferShape(value)` would give, field order
 * included), without building a shape: the check a collection runs on every sampled element.
 * @example hasShape({ k: 1, v: "a" }, { k: "number", v: "string" }) // true
 */
export function hasShape(value: unknown, shape: Shape): boolean {
  if (value === null || value === undefined) return shape === "any";
  if (Array.isArray(value)) {
    if (!Array.isArray(shape) || shape.length !== value.length) return false;
    for (let i = 0; i < value.length; i++) if (!hasShape(value[i], shape[i]!)) return false;
    return true;
  }
  switch (typeof value) {
    case "string":
    case "number":
    case "bigint":
    case "boolean":
      return shape === typeof value;
    case "object": {
      if (value instanceof Date) return shape === "date";
      if (typeof shape !== "object" || Array.isArray(shape)) return false;
      const fields = shape as { readonly [field: string]: Shape };
      let n = 0;
      // Same fields in the same order: inferShape's objects list fields in Object.keys order.
      const names = Object.keys(fields);
      for (const k in value) {
        if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
        if (names[n] !== k || !hasShape((value as Record<string, unknown>)[k], fields[k]!)) return false;
        n++;
      }
      return n === names.length;
    }
    default:
      return shape === "any";
  }
}

/** Text for error messages. */
export function describeShape(s: Shape | undefined): string {
  if (s === undefined) return "unknown";
  if (typeof s === "string") return s;
  if (Array.isArray(s)) return `Tuple${s.length}(${s.map(describeShape).join(", ")})`;
  return `{${Object.keys(s).join(", ")}}`;
}

/** The shape of the field at `path` (dotted, "fN" for tuple positions), or undefined if unknown. */
export function fieldShape(s: Shape | undefined, path: string): Shape | undefined {
  let cur: Shape | undefined = s;
  for (const part of path.split(".")) {
    if (cur === undefined || typeof cur === "string") return undefined;
    if (Array.isArray(cur)) {
      const pos = tuplePosition(part);
      cur = pos === undefined ? undefined : cur[pos];
    } else cur = (cur as Record<string, Shape>)[part];
  }
  return cur;
}

/** "f3" -> 3; anything else -> undefined. */
export function tuplePosition(name: string): number | undefined {
  // Flink's tuple field pattern (f?)([0-9]+): "f1" and "1" both name position 1.
  return /^f?\d+$/.test(name) ? Number(name[0] === "f" ? name.slice(1) : name) : undefined;
}
