/**
 * Result checksums that every engine must agree on. A result is a multiset of rows, so the
 * checksum is order-insensitive: the row count plus two sums (mod 2^32) of per-row hashes.
 * For an ordered result (sort) a rolling hash over the sequence of the sort field is added;
 * ties may come out in any order, so only that field's sequence is order-checked.
 * Values are compared by text: null/undefined as "null", bigint and numeric text as the
 * number (so 42n, 42, "42" and "42.0" agree).
 */

/** A result row: a plain object whose fields the checksum reads by name. */
export type Row = object;

const NUMERIC = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** The canonical text of one value. */
export function canon(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  const s = String(v);
  return NUMERIC.test(s) ? String(Number(s)) : s;
}

function fnv(s: string, basis: number): number {
  let h = basis;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const hex = (x: number): string => (x >>> 0).toString(16).padStart(8, "0");

/** Accumulates rows given as arrays of canonical field texts. */
export class Checksum {
  private count = 0;
  private sum1 = 0;
  private sum2 = 0;
  private seq = 0x811c9dc5;
  private ordered = false;

  add(fields: readonly string[], orderKey?: string): void {
    const s = fields.join("\u0001");
    this.count++;
    this.sum1 = (this.sum1 + fnv(s, 0x811c9dc5)) >>> 0;
    this.sum2 = (this.sum2 + fnv(s, 0x01000193)) >>> 0;
    if (orderKey !== undefined) {
      this.ordered = true;
      this.seq = Math.imul(this.seq ^ fnv(orderKey, 0x811c9dc5), 16777619) >>> 0;
    }
  }

  /** e.g. `1000000:1a2b3c4d5e6f7a8b` (plus `/seq` for an ordered result). */
  value(): string {
    return `${this.count}:${hex(this.sum1)}${hex(this.sum2)}${this.ordered ? `/${hex(this.seq)}` : ""}`;
  }
}

/** Checksum of result rows over `fields`; `orderedBy` also checks that field's sequence. */
export function checksumRows(rows: Iterable<Row>, fields: readonly string[], orderedBy?: string): string {
  const sum = new Checksum();
  for (const row of rows) {
    const r = row as Record<string, unknown>;
    sum.add(fields.map((f) => canon(r[f])), orderedBy === undefined ? undefined : canon(r[orderedBy]));
  }
  return sum.value();
}

/** Checksum of CSV text lines (no header), each split on `,`. */
export function checksumCsvText(texts: Iterable<string>): string {
  const sum = new Checksum();
  for (const text of texts) {
    for (const line of text.split("\n")) {
      const trimmed = line.endsWith("\r") ? line.slice(0, -1) : line;
      if (trimmed !== "") sum.add(trimmed.split(",").map(canon));
    }
  }
  return sum.value();
}
