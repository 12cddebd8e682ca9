/**
 * Text -> value for the CSV field kinds of API.md (`types(...)`), strict as Flink's field parsers:
 * numbers are decimal literals without surrounding spaces (also NaN, Infinity, as Java's
 * Double.parseDouble), bigints are optionally signed digit strings, booleans are true/false/1/0
 * in any case (Flink's BooleanParser), and an empty field is no number. Strings are kept as is.
 */
export type CsvKind = "string" | "number" | "bigint" | "boolean";

export const CSV_KINDS: readonly CsvKind[] = ["string", "number", "bigint", "boolean"];

/** Returned by a field parser for text it cannot convert. */
export const INVALID: unique symbol = Symbol("invalid field");

export type FieldParser = (text: string) => unknown;

export const FIELD_PARSERS: Readonly<Record<CsvKind, FieldParser>> = {
  string: (s) => s,
  number: parseNumber,
  bigint: parseBigInt,
  boolean: parseBoolean,
};

function parseNumber(s: string): number | typeof INVALID {
  const n = s.length;
  if (n === 0) return INVALID;
  const v = +s;
  if (v !== v) return s === "NaN" ? NaN : INVALID;
  // `+s` also accepts spaces, hex/octal/binary prefixes and "" which Flink's parsers reject.
  const first = s.charCodeAt(0);
  const last = s.charCodeAt(n - 1);
  if (isSpace(first) || isSpace(last)) return INVALID;
  if (first === 48 && n > 2) {
    const c = s.charCodeAt(1) | 32;
    if (c === 120 || c === 111 || c === 98) return INVALID; // 0x.., 0o.., 0b..
  }
  return v;
}

function isSpace(c: number): boolean {
  return c <= 32 || (c > 126 && /\s/.test(String.fromCharCode(c)));
}

const DIGITS = /^[+-]?\d+$/;

function parseBigInt(s: string): bigint | typeof INVALID {
  if (!DIGITS.test(s)) return INVALID;
  return BigInt(s.charCodeAt(0) === 43 ? s.slice(1) : s);
}

function parseBoolean(s: string): boolean | typeof INVALID {
  if (s.length > 5) return INVALID;
  switch (s.toLowerCase()) {
    case "true":
    case "1":
      return true;
    case "false":
    case "0":
      return false;
    default:
      return INVALID;
  }
}
