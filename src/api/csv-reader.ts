/**
 * CsvReader: the builder `env.readCsvFile(path)` returns (Flink's CsvReader). Options configure
 * the parsing; `types(...)` or `pojoType(...)` ends the builder with a DataSet.
 * @example
 * const users = env.readCsvFile("users.csv").ignoreFirstLine().parseQuotedStrings('"')
 *   .types("number", "string", "number"); // DataSet<[number, string, number]>
 */
import { InvalidProgramException } from "../common/errors.js";
import { CsvInputFormat, type CsvOptions } from "../io/csv-input-format.js";
import type { CsvKind } from "../io/csv-field-parsers.js";
import type { DataSet } from "./data-set.js";
import type { ExecutionEnvironment } from "./execution-environment.js";

export type { CsvKind } from "../io/csv-field-parsers.js";

/** The TypeScript type a CSV field kind reads as. */
export type CsvKindType<K> = K extends "string" ? string : K extends "number" ? number : K extends "bigint" ? bigint : K extends "boolean" ? boolean : never;
/** The tuple type `types(...kinds)` produces. */
export type CsvTuple<K extends readonly CsvKind[]> = { -readonly [I in keyof K]: CsvKindType<K[I]> };

type Mutable<T> = { -readonly [P in keyof T]: T[P] };

export class CsvReader {
  private readonly options: Mutable<Omit<CsvOptions, "kinds" | "pojoFields">> = {};
  private charset: BufferEncoding = "utf8";

  /** @internal use env.readCsvFile(path) */
  constructor(
    private readonly env: ExecutionEnvironment,
    private readonly path: string,
  ) {
    if (typeof path !== "string" || path === "") throw new InvalidProgramException(`readCsvFile: the path must be a non-empty string, got ${String(path)}`);
  }

  /**
   * The text between fields (any length; default ",").
   * @example
   * env.readCsvFile("users.csv").fieldDelimiter(";").types("number", "string");
   */
  fieldDelimiter(delimiter: string): this {
    this.options.fieldDelimiter = this.nonEmpty(delimiter, "field delimiter");
    return this;
  }
  /**
   * The text between records (any length; default "\n", which also accepts "\r\n").
   * @example
   * env.readCsvFile("users.csv").lineDelimiter("|").types("number", "string");
   */
  lineDelimiter(delimiter: string): this {
    this.options.lineDelimiter = this.nonEmpty(delimiter, "line delimiter");
    return this;
  }
  /**
   * Skips the first line of every file (a header).
   * @example
   * env.readCsvFile("users.csv").ignoreFirstLine().types("number", "string");
   */
  ignoreFirstLine(): this {
    this.options.ignoreFirstLine = true;
    return this;
  }
  /**
   * Skips lines that start with `prefix`.
   * @example
   * env.readCsvFile("users.csv").ignoreComments("#").types("number", "string");
   */
  ignoreComments(prefix: string): this {
    this.options.commentPrefix = this.nonEmpty(prefix, "comment prefix");
    return this;
  }
  /**
   * Skips lines that cannot be parsed, counting them in the accumulator "skipped-invalid-lines".
   * @example
   * env.readCsvFile("users.csv").ignoreInvalidLines().types("number", "string");
   */
  ignoreInvalidLines(): this {
    this.options.lenient = true;
    return this;
  }
  /**
   * Parses quoted fields (RFC 4180: `""` is one quote, delimiters inside quotes are data).
   * @example
   * env.readCsvFile("users.csv").parseQuotedStrings('"').types("number", "string");
   */
  parseQuotedStrings(quoteChar = '"'): this {
    if (typeof quoteChar !== "string" || quoteChar.length !== 1) {
      throw this.error(`the quote character must be one character, got ${JSON.stringify(quoteChar)}`);
    }
    this.options.quoteChar = quoteChar;
    return this;
  }
  /**
   * Which columns to read: a mask string ("1"/"T"/"t" read, "0"/"F"/"f" skip), booleans (an array
   * or several arguments), or a number whose bits from the lowest up select columns (Flink's long
   * mask). Columns after the last selected one are ignored.
   * @example
   * env.readCsvFile("users.csv").includeFields("101").types("number", "string"); // columns 1 and 3
   */
  includeFields(...mask: (string | boolean | number | readonly boolean[])[]): this {
    this.options.includedMask = parseMask(mask, (r) => this.error(r));
    return this;
  }
  /**
   * Character set of the file (default utf8).
   * @example
   * env.readCsvFile("users.csv").setCharset("latin1").types("number", "string");
   */
  setCharset(charset: BufferEncoding): this {
    if (!Buffer.isEncoding(charset)) throw this.error(`unknown charset ${JSON.stringify(charset)}`);
    this.charset = charset;
    return this;
  }

  /**
   * Reads tuples with one field per kind.
   * @example
   * env.readCsvFile("users.csv").types("number", "string"); // DataSet<[number, string]>
   */
  types<const K extends readonly CsvKind[]>(...kinds: K): DataSet<CsvTuple<K>> {
    return this.source<CsvTuple<K>>({ ...this.options, kinds });
  }
  /**
   * Reads objects with the given fields (kinds default to "string").
   * @example
   * env.readCsvFile("people.csv").pojoType<{ id: number; name: string }>(["id", "name"], { id: "number" });
   */
  pojoType<T = Record<string, unknown>>(fieldNames: readonly string[], kinds?: readonly CsvKind[] | Readonly<Record<string, CsvKind>>): DataSet<T> {
    if (!Array.isArray(fieldNames)) throw this.error("pojoType expects an array of field names");
    const list = kinds === undefined
      ? fieldNames.map(() => "string" as CsvKind)
      : Array.isArray(kinds)
        ? (kinds as readonly CsvKind[])
        : fieldNames.map((f) => (kinds as Record<string, CsvKind>)[f] ?? "string");
    if (list.length !== fieldNames.length) throw this.error(`pojoType got ${fieldNames.length} field name(s) but ${list.length} kind(s)`);
    return this.source<T>({ ...this.options, kinds: list, pojoFields: fieldNames });
  }

  private source<T>(options: CsvOptions): DataSet<T> {
    const format = new CsvInputFormat<T>(this.path, options).setCharset(this.charset);
    return this.env.createInput<T>(format, `DataSource (readCsvFile ${this.path})`);
  }
  private nonEmpty(value: string, what: string): string {
    if (typeof value !== "string" || value === "") throw this.error(`the ${what} must be a non-empty string, got ${JSON.stringify(value)}`);
    return value;
  }
  private error(reason: string): InvalidProgramException {
    return new InvalidProgramException(`readCsvFile('${this.path}'): ${reason}`);
  }
}

function parseMask(args: readonly (string | boolean | number | readonly boolean[])[], error: (reason: string) => Error): boolean[] {
  let mask: boolean[];
  const [first] = args;
  if (args.length === 1 && typeof first === "string") mask = [...first].map((c) => maskChar(c, error));
  else if (args.length === 1 && Array.isArray(first)) mask = first.map((b) => maskBool(b, error));
  else if (args.length === 1 && typeof first === "number") mask = bitMask(first, error);
  else mask = args.map((b) => maskBool(b, error));
  const last = mask.lastIndexOf(true);
  if (last < 0) throw error("includeFields must select at least one field");
  return mask.slice(0, last + 1);
}

function maskChar(c: string, error: (reason: string) => Error): boolean {
  if (c === "1" || c === "T" || c === "t") return true;
  if (c === "0" || c === "F" || c === "f") return false;
  throw error(`includeFields mask may only hold 1/T/t (read) and 0/F/f (skip), got ${JSON.stringify(c)}`);
}

function maskBool(b: unknown, error: (reason: string) => Error): boolean {
  if (typeof b !== "boolean") throw error(`includeFields expects booleans, a mask string or a bit mask number, got ${JSON.stringify(b)}`);
  return b;
}

function bitMask(n: number, error: (reason: string) => Error): boolean[] {
  if (!Number.isSafeInteger(n) || n <= 0) throw error(`includeFields bit mask must be a positive integer, got ${n}`);
  const out: boolean[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 2)) out.push(v % 2 === 1);
  return out;
}
