/**
 * The schema of a columnar file (Parquet, Arrow) and how records map to it. Tuples (arrays) map
 * to columns by position, named `f0`, `f1`, ... as Flink names tuple fields unless the schema
 * names them; objects map by field name. Column kinds and the JS values they hold:
 * `int` (32-bit number), `double` (number), `bigint` (64-bit integer, bigint), `string`,
 * `boolean`, `timestamp` (Date, millisecond precision); every column accepts null (and
 * undefined, written as null). Without a schema a sink infers one from its first records:
 * number → double, bigint → bigint, string, boolean, Date → timestamp, all-null → string.
 * @example
 * ds.writeAsParquet("/tmp/people.parquet", { name: "string", age: "int", joined: "timestamp" });
 * pairs.writeAsParquet("/tmp/pairs.parquet", [["word", "string"], ["count", "bigint"]]);
 */
import { InvalidProgramException } from "../../common/errors.js";
import { isObjectShape, isTupleShape, type Shape } from "../../common/shape.js";

/** A column's type. `number` is `double`, `bool` is `boolean`, `date` is `timestamp`. */
export type ColumnKind = "int" | "double" | "number" | "bigint" | "string" | "boolean" | "bool" | "timestamp" | "date";

/**
 * What to write: an array for tuple records (a kind, or `[name, kind]`, per position) or an
 * object of column → kind for object records.
 */
export type ColumnarSchema = readonly (ColumnKind | readonly [name: string, kind: ColumnKind])[] | { readonly [column: string]: ColumnKind };

/** A schema after normalizing aliases. */
export interface ResolvedSchema {
  /** Records are tuples (read by position) rather than objects (read by name). */
  readonly tuple: boolean;
  readonly columns: readonly { readonly name: string; readonly kind: CanonicalKind }[];
}
export type CanonicalKind = "int" | "double" | "bigint" | "string" | "boolean" | "timestamp";

const ALIASES: Record<ColumnKind, CanonicalKind> = {
  int: "int",
  double: "double",
  number: "double",
  bigint: "bigint",
  string: "string",
  boolean: "boolean",
  bool: "boolean",
  timestamp: "timestamp",
  date: "timestamp",
};

/** Checks and normalizes a user's schema; `where` names the sink in errors. */
export function resolveSchema(schema: ColumnarSchema, where: string): ResolvedSchema {
  const kind = (k: unknown, col: string): CanonicalKind => {
    const c = typeof k === "string" ? ALIASES[k as ColumnKind] : undefined;
    if (c === undefined)
      throw new InvalidProgramException(`${where}: column '${col}' has unknown kind ${JSON.stringify(k)}; use one of ${Object.keys(ALIASES).join(", ")}`);
    return c;
  };
  if (Array.isArray(schema)) {
    const columns = schema.map((entry: unknown, i) => {
      if (Array.isArray(entry)) {
        const [name, k] = entry as [unknown, unknown];
        if (typeof name !== "string" || name === "")
          throw new InvalidProgramException(`${where}: column ${i} needs a non-empty name, got ${JSON.stringify(name)}`);
        return { name, kind: kind(k, name) };
      }
      return { name: `f${i}`, kind: kind(entry, `f${i}`) };
    });
    return { tuple: true, columns: unique(columns, where) };
  }
  if (typeof schema !== "object" || schema === null)
    throw new InvalidProgramException(`${where}: a schema is an array of kinds (tuples) or an object of column -> kind, got ${String(schema)}`);
  const columns = Object.entries(schema).map(([name, k]) => ({ name, kind: kind(k, name) }));
  if (columns.length === 0) throw new InvalidProgramException(`${where}: the schema has no columns`);
  return { tuple: false, columns };
}

function unique<C extends { name: string }>(columns: C[], where: string): C[] {
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c.name)) throw new InvalidProgramException(`${where}: column name '${c.name}' appears twice`);
    seen.add(c.name);
  }
  return columns;
}

/** A schema from a DataSet's definition-time shape, when every field is a known primitive. @internal */
export function schemaFromShape(shape: Shape | undefined): ResolvedSchema | undefined {
  const fromKind = (s: Shape): CanonicalKind | undefined =>
    s === "number" ? "double" : s === "bigint" ? "bigint" : s === "string" ? "string" : s === "boolean" ? "boolean" : s === "date" ? "timestamp" : undefined;
  if (isTupleShape(shape)) {
    const kinds = shape.map(fromKind);
    if (kinds.length === 0 || kinds.some((k) => k === undefined)) return undefined;
    return { tuple: true, columns: kinds.map((k, i) => ({ name: `f${i}`, kind: k! })) };
  }
  if (isObjectShape(shape)) {
    const entries = Object.entries(shape).map(([name, s]) => ({ name, kind: fromKind(s) }));
    if (entries.length === 0 || entries.some((e) => e.kind === undefined)) return undefined;
    return { tuple: false, columns: entries as { name: string; kind: CanonicalKind }[] };
  }
  return undefined;
}

/** Infers a schema from sample records (the first ones a subtask writes). @internal */
export function inferSchema(records: readonly unknown[], where: string): ResolvedSchema {
  const first = records.find((r) => r !== null && r !== undefined);
  if (first === undefined) throw new InvalidProgramException(`${where}: cannot infer a schema from null records; pass a schema`);
  const tuple = Array.isArray(first);
  if (!tuple && (typeof first !== "object" || first instanceof Date)) {
    throw new InvalidProgramException(`${where}: records must be tuples (arrays) or objects to become columns, got ${typeof first}; map them first`);
  }
  const names = tuple ? (first as unknown[]).map((_, i) => `f${i}`) : Object.keys(first as object);
  const columns = names.map((name, i) => {
    let kind: CanonicalKind | undefined;
    for (const r of records) {
      const v = field(r, tuple, name, i);
      if (v === null || v === undefined) continue;
      kind = kindOfValue(v);
      if (kind === undefined)
        throw new InvalidProgramException(
          `${where}: column '${name}' holds ${describeValue(v)}, which has no column kind; pass a schema or map it to a primitive`,
        );
      break;
    }
    return { name, kind: kind ?? "string" };
  });
  return { tuple, columns };
}

function kindOfValue(v: unknown): CanonicalKind | undefined {
  switch (typeof v) {
    case "number":
      return "double";
    case "bigint":
      return "bigint";
    case "string":
      return "string";
    case "boolean":
      return "boolean";
    default:
      return v instanceof Date ? "timestamp" : undefined;
  }
}

/** One field of a record. @internal */
export function field(record: unknown, tuple: boolean, name: string, index: number): unknown {
  if (record === null || record === undefined) return null;
  return tuple ? (record as unknown[])[index] : (record as Record<string, unknown>)[name];
}

/**
 * Checks a value against its column kind and returns it as the writer wants it (null for
 * null/undefined). Throws a message naming the column and the value.
 */
export function columnValue(v: unknown, kind: CanonicalKind, column: string): unknown {
  if (v === null || v === undefined) return null;
  switch (kind) {
    case "int":
      if (typeof v === "number" && Number.isInteger(v) && v >= -2147483648 && v <= 2147483647) return v;
      break;
    case "double":
      if (typeof v === "number") return v;
      break;
    case "bigint":
      if (typeof v === "bigint") return v;
      if (typeof v === "number" && Number.isSafeInteger(v)) return BigInt(v);
      break;
    case "string":
      if (typeof v === "string") return v;
      break;
    case "boolean":
      if (typeof v === "boolean") return v;
      break;
    case "timestamp":
      if (v instanceof Date && !Number.isNaN(v.getTime())) return v;
      break;
  }
  throw new TypeError(`column '${column}' (${kind}) cannot hold ${describeValue(v)}`);
}

function describeValue(v: unknown): string {
  if (typeof v === "string") return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + "…" : v)}`;
  if (typeof v === "bigint") return `the bigint ${v}n`;
  if (v instanceof Date) return `the Date ${v.getTime()}`;
  if (typeof v === "object") return Array.isArray(v) ? "an array" : "an object";
  return `the ${typeof v} ${String(v)}`;
}
