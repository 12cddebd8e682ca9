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
 * A test of whether a value has exactly `shape` (what `inferShape(value)` would give, field order
 * included), compiled once per shape so that checking many values builds no shape and lists no
 * field names per value: what a collection runs on every sampled element.
 * @example shapeTest({ k: "number", v: "string" })({ k: 1, v: "a" }) // true
 */
export function shapeTest(shape: Shape): (value: unknown) => boolean {
  if (typeof shape === "string") {
    if (shape === "any") return (v) => v === null || v === undefined || (typeof v !== "object" && !PRIMITIVE_KINDS.has(typeof v));
    if (shape === "date") return (v) => v instanceof Date;
    return (v) => typeof v === shape;
  }
  if (Array.isArray(shape)) {
    const parts = shape.map(shapeTest);
    const n = parts.length;
    return (v) => {
      if (!Array.isArray(v) || v.length !== n) return false;
      for (let i = 0; i < n; i++) if (!parts[i]!(v[i])) return false;
      return true;
    };
  }
  const fields = shape as { readonly [field: string]: Shape };
  const names = Object.keys(fields);
  const tests = names.map((k) => shapeTest(fields[k]!));
  const n = names.length;
  return (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v) || v instanceof Date) return false;
    // inferShape's objects list fields in Object.keys order: the same names in the same order.
    const keys = Object.keys(v);
    if (keys.length !== n) return false;
    for (let i = 0; i < n; i++) {
      const k = keys[i]!;
      if (k !== names[i] || !tests[i]!((v as Record<string, unknown>)[k])) return false;
    }
    return true;
  };
}

/** The kinds inferShape names after their typeof. */
const PRIMITIVE_KINDS = new Set(["string", "number", "bigint", "boolean"]);

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
