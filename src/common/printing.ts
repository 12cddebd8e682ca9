/**
 * Flink-style record text (API.md "Printing"): tuples as `(1,Alice)`, nested as
 * `((1,Alice),(1,Order1))`, null as `null`, primitives as themselves, objects with their own
 * toString through it, other objects as JSON.
 */
export function formatRecord(value: unknown): string {
  if (value === null || value === undefined) return "null";
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "bigint":
    case "boolean":
      return String(value);
    case "object":
      return formatObject(value);
    default:
      return String(value);
  }
}

function formatObject(value: object): string {
  if (Array.isArray(value)) {
    let s = "(";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) s += ",";
      s += formatRecord(value[i]);
    }
    return s + ")";
  }
  if (typeof (value as { toString?: unknown }).toString === "function" && (value as { toString: unknown }).toString !== Object.prototype.toString) {
    return String(value);
  }
  return JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
}
