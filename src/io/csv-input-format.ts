/**
 * CsvInputFormat: delimited lines split into fields and converted to tuples or objects (Flink's
 * TupleCsvInputFormat / PojoCsvInputFormat). Header and comment lines are skipped; a line that
 * cannot be parsed fails the job naming file, line and field, or, when lenient
 * (`ignoreInvalidLines`), is skipped and counted in the accumulator INVALID_LINES_ACCUMULATOR.
 * Usually built by `env.readCsvFile(path)...types(...)` (api/csv-reader.ts).
 */
import { InvalidProgramException } from "../common/errors.js";
import type { LongCounter } from "../common/accumulators.js";
import type { RuntimeContext } from "../common/runtime-context.js";
import type { Shape } from "../common/shape.js";
import { DECODE, DelimitedInputFormat, type LineScanner } from "./delimited-input-format.js";
import type { NumberRows } from "../common/number-rows.js";
import { StringInterner } from "./string-interner.js";
import { byteDelimiter, NUMBER, PARSED, readCsvBytes, STRING, type CsvBytePlan } from "./csv-byte-parser.js";
import { compileCsvScanner } from "./csv-line-scanner.js";
import { CSV_KINDS, FIELD_PARSERS, INVALID, type CsvKind, type FieldParser } from "./csv-field-parsers.js";
import { splitCsvLine, type CsvLineSyntax } from "./csv-line-parser.js";
import { RecordError } from "./io-errors.js";

/**
 * Name of the accumulator (a LongCounter, in `JobExecutionResult.getAccumulatorResult(name)`)
 * counting the lines that CSV sources with `ignoreInvalidLines()` skipped, summed over sources.
 */
export const INVALID_LINES_ACCUMULATOR = "skipped-invalid-lines";

export interface CsvOptions {
  readonly fieldDelimiter?: string;
  readonly lineDelimiter?: string;
  readonly ignoreFirstLine?: boolean;
  /** Lines starting with this prefix are skipped. */
  readonly commentPrefix?: string;
  /** Skip (and count) lines that cannot be parsed instead of failing. */
  readonly lenient?: boolean;
  /** Parse quoted strings with this quote character (RFC 4180). */
  readonly quoteChar?: string;
  /** Which columns are read; default: the first `kinds.length` columns. */
  readonly includedMask?: readonly boolean[];
  /** One kind per read column. */
  readonly kinds: readonly CsvKind[];
  /** When set, records are objects with these fields (one per read column), else tuples. */
  readonly pojoFields?: readonly string[];
}

export class CsvInputFormat<T> extends DelimitedInputFormat<T> {
  readonly shape: Shape;
  private readonly fieldDelimiter: string;
  private readonly quoteChar: string | undefined;
  private readonly ignoreFirstLine: boolean;
  private readonly commentPrefix: string | undefined;
  private readonly lenient: boolean;
  /** Column index of each output field. */
  private readonly columns: readonly number[];
  private readonly kinds: readonly CsvKind[];
  private readonly pojoFields: readonly string[] | undefined;
  // Runtime state, made in open() on each subtask's copy.
  private parsers: FieldParser[] = [];
  private fields: string[] = [];
  private syntax: CsvLineSyntax = { fieldDelimiter: ",", quote: undefined };
  private invalidLines: LongCounter | undefined;
  // The byte path (csv-byte-parser.ts): what it reads of a line, the comment byte (-1: none).
  private bytePlan: CsvBytePlan | undefined;
  private commentByte = -1;
  private interners: (StringInterner | undefined)[] | undefined;
  /** The line scanner filling NumberRows (number columns only). */
  private numberScanner: LineScanner | undefined;

  constructor(path: string, options: CsvOptions) {
    super(path);
    validateCsvOptions(path, options);
    this.fieldDelimiter = options.fieldDelimiter ?? ",";
    if (options.lineDelimiter !== undefined) this.setDelimiter(options.lineDelimiter);
    this.quoteChar = options.quoteChar;
    this.ignoreFirstLine = options.ignoreFirstLine ?? false;
    this.commentPrefix = options.commentPrefix;
    this.lenient = options.lenient ?? false;
    this.kinds = [...options.kinds];
    this.columns = includedColumns(options.includedMask, options.kinds.length);
    this.pojoFields = options.pojoFields ? [...options.pojoFields] : undefined;
    this.shape = this.pojoFields ? Object.fromEntries(this.pojoFields.map((f, i) => [f, this.kinds[i]!])) : [...this.kinds];
  }

  override setRuntimeContext(context: RuntimeContext): void {
    super.setRuntimeContext(context);
    // Registered up front so the result reports 0 when nothing was skipped.
    if (this.lenient) this.invalidLines = context.getLongCounter(INVALID_LINES_ACCUMULATOR);
  }

  override async open(split: Parameters<DelimitedInputFormat<T>["open"]>[0]): Promise<void> {
    this.parsers = this.kinds.map((k) => FIELD_PARSERS[k]);
    this.fields = new Array<string>(this.width());
    this.syntax = { fieldDelimiter: this.fieldDelimiter, quote: this.quoteChar };
    const ascii = (c: string | undefined): number => (c !== undefined && c.length >= 1 && c.charCodeAt(0) < 128 ? c.charCodeAt(0) : -1);
    const delim = this.fieldDelimiter.length === 1 ? ascii(this.fieldDelimiter) : -1;
    const quote = ascii(this.quoteChar);
    this.commentByte = ascii(this.commentPrefix);
    this.bytePath = this.charset === "utf8" && byteDelimiter(delim) && (this.quoteChar === undefined || quote >= 0) &&
      (this.commentPrefix === undefined || this.commentByte >= 0);
    const slotOf = new Int32Array(this.width()).fill(-1);
    this.columns.forEach((c, i) => (slotOf[c] = i));
    const kindOf = Uint8Array.from(this.kinds, (k) => (k === "number" ? NUMBER : k === "string" ? STRING : PARSED));
    // One interner per string column, kept across this subtask's splits.
    this.interners ??= this.kinds.map((k) => (k === "string" ? new StringInterner() : undefined));
    this.bytePlan = { delim, quote, slotOf, kindOf, parsers: this.parsers, strings: this.interners };
    // Many lines at a time where the line delimiter is "\n" ("__proto__" as a field name would set the prototype of a literal).
    const scans = this.bytePath && this.delimiter === "\n" && !this.pojoFields?.includes("__proto__");
    this.lineScanner = scans ? compileCsvScanner(this.bytePlan, this.commentByte, { kind: "records", pojoFields: this.pojoFields }) : undefined;
    this.numberScanner = scans && this.numberRowsWidth() !== undefined ? compileCsvScanner(this.bytePlan, this.commentByte, { kind: "numbers" }) : undefined;
    await super.open(split);
  }

  /** Records of number columns only, as tuples: their width (they can come as NumberRows), else undefined. */
  numberRowsWidth(): number | undefined {
    return this.pojoFields === undefined && this.kinds.every((k) => k === "number") ? this.kinds.length : undefined;
  }

  /** The next records as rows of numbers (when `numberRowsWidth` says they are tuples of numbers). */
  async nextNumberRows(rows: NumberRows): Promise<void> {
    await this.readNumberRows(rows, this.numberScanner);
  }

  /** The plain case straight from the buffer; whatever it does not handle is decoded (DECODE). */
  protected override readRecordBytes(buf: Buffer, start: number, end: number): T | undefined | typeof DECODE {
    if (this.ignoreFirstLine && this.isFirstLineOfFile()) return undefined;
    if (this.commentByte >= 0 && start < end && buf[start] === this.commentByte) return DECODE;
    const values = new Array<unknown>(this.columns.length);
    if (!readCsvBytes(buf, start, end, this.bytePlan!, values)) return DECODE;
    if (!this.pojoFields) return values as T;
    const obj: Record<string, unknown> = {};
    for (let i = 0; i < values.length; i++) obj[this.pojoFields[i]!] = values[i];
    return obj as T;
  }

  protected readRecord(line: string): T | undefined {
    if (this.ignoreFirstLine && this.isFirstLineOfFile()) return undefined;
    if (this.commentPrefix !== undefined && line.startsWith(this.commentPrefix)) return undefined;
    if (!this.lenient) return this.parseLine(line);
    try {
      return this.parseLine(line);
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      this.invalidLines?.add(1);
      return undefined;
    }
  }

  private width(): number {
    return this.columns.length === 0 ? 0 : this.columns[this.columns.length - 1]! + 1;
  }

  private parseLine(line: string): T {
    const fields = this.fields;
    const width = fields.length;
    const found = splitCsvLine(line, this.syntax, width, fields);
    if (found < width) {
      throw new RecordError(`wrong field count: expected at least ${width} fields, found ${found} (field ${found + 1} is missing)`, found + 1);
    }
    const cols = this.columns;
    const values = new Array<unknown>(cols.length);
    for (let i = 0; i < cols.length; i++) {
      const text = fields[cols[i]!]!;
      const v = this.parsers[i]!(text);
      if (v === INVALID) throw this.fieldError(i, text);
      values[i] = v;
    }
    if (!this.pojoFields) return values as T;
    const obj: Record<string, unknown> = {};
    for (let i = 0; i < values.length; i++) obj[this.pojoFields[i]!] = values[i];
    return obj as T;
  }

  private fieldError(i: number, text: string): RecordError {
    const kind = this.kinds[i]!;
    const name = this.pojoFields ? ` ('${this.pojoFields[i]}')` : "";
    const what = text === "" ? "empty field" : JSON.stringify(text);
    return new RecordError(`cannot parse ${what} as ${kind === "bigint" ? "a bigint" : `a ${kind}`}${name}`, this.columns[i]! + 1);
  }
}

/** Column indexes of the mask's true entries, or 0..n-1 without a mask. */
function includedColumns(mask: readonly boolean[] | undefined, n: number): number[] {
  if (!mask) return Array.from({ length: n }, (_, i) => i);
  const cols: number[] = [];
  mask.forEach((m, i) => m && cols.push(i));
  return cols;
}

/** Checks options at definition time; errors name the path and what is wrong. @internal */
export function validateCsvOptions(path: string, o: CsvOptions): void {
  const bad = (reason: string): never => {
    throw new InvalidProgramException(`readCsvFile('${path}'): ${reason}`);
  };
  const field = o.fieldDelimiter ?? ",";
  const line = o.lineDelimiter ?? "\n";
  if (typeof field !== "string" || field === "") bad("the field delimiter must be a non-empty string");
  if (typeof line !== "string" || line === "") bad("the line delimiter must be a non-empty string");
  if (field.includes(line) || line.includes(field))
    bad(`the field delimiter ${JSON.stringify(field)} and the line delimiter ${JSON.stringify(line)} must not contain each other`);
  if (o.quoteChar !== undefined) {
    if (typeof o.quoteChar !== "string" || o.quoteChar.length !== 1) bad(`the quote character must be one character, got ${JSON.stringify(o.quoteChar)}`);
    if (field.includes(o.quoteChar) || line.includes(o.quoteChar)) bad(`the quote character ${JSON.stringify(o.quoteChar)} must not appear in a delimiter`);
  }
  if (o.commentPrefix !== undefined && (typeof o.commentPrefix !== "string" || o.commentPrefix === "")) bad("the comment prefix must be a non-empty string");
  if (!Array.isArray(o.kinds) || o.kinds.length === 0) bad("at least one field type is needed");
  for (const k of o.kinds) if (!CSV_KINDS.includes(k)) bad(`unknown field type ${JSON.stringify(k)}; allowed: ${CSV_KINDS.join(", ")}`);
  const included = o.includedMask ? o.includedMask.filter(Boolean).length : o.kinds.length;
  if (included !== o.kinds.length) bad(`includeFields selects ${included} field(s) but ${o.kinds.length} type(s) were given; they must match`);
  if (o.pojoFields) {
    if (o.pojoFields.length !== o.kinds.length) bad(`pojoType names ${o.pojoFields.length} field(s) for ${o.kinds.length} column(s)`);
    const seen = new Set<string>();
    for (const f of o.pojoFields) {
      if (typeof f !== "string" || f === "") bad("pojoType field names must be non-empty strings");
      if (seen.has(f)) bad(`pojoType names field '${f}' twice`);
      seen.add(f);
    }
  }
}
