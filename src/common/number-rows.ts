import type { KeyDefinition } from "./keys.js";
import { tuplePosition } from "./shape.js";

/**
 * A batch of tuples of numbers of one width, held as numbers (issues 15 and 16: typed batches for
 * tuples of known shape): row i's fields are `data[i * width, (i + 1) * width)`. A CSV source whose
 * columns are all numbers fills these instead of building an array per line; an operator that
 * takes them (`Operator.collectNumbers`) reads keys and fields where they lie and builds an array
 * only where a user function needs one, or never (a join of a function that only reads its
 * arguments fills one reused array). Elsewhere a batch turns into records (`record`, `records`),
 * fresh arrays owned by whoever receives them. NaN, -0 and the infinities are kept as they are.
 *
 * A batch handed to `collectNumbers` is read during the call only: its producer may refill it.
 *
 * @example
 * const rows = new NumberRows(2, 1024);
 * rows.data.set([1, 0.5, 2, 1.5]);
 * rows.count = 2;
 * rows.record(1); // [2, 1.5]
 */
export class NumberRows {
  /** Rows filled. */
  count = 0;
  readonly data: Float64Array;

  /** Room for `capacity` rows of `width` numbers (or over `data`, when given). */
  constructor(readonly width: number, capacity: number, data?: Float64Array) {
    this.data = data ?? new Float64Array(width * capacity);
  }

  /** Rows this batch has room for. */
  get capacity(): number {
    return this.data.length / this.width;
  }

  /** Rows filled, as `length` of a batch of records reads. */
  get length(): number {
    return this.count;
  }

  /** Row `i` as a fresh array. */
  record(i: number): number[] {
    return numbersAt(this.data, i * this.width, this.width);
  }

  /** Every row as a fresh array. */
  records(): number[][] {
    const out = new Array<number[]>(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.record(i);
    return out;
  }

  /** A copy holding just the filled rows (for a holder that keeps the batch past the call). */
  copy(): NumberRows {
    const rows = new NumberRows(this.width, this.count, this.data.slice(0, this.count * this.width));
    rows.count = this.count;
    return rows;
  }

  /** The rows as fresh arrays, for code that iterates a batch of records. */
  *[Symbol.iterator](): Iterator<number[]> {
    for (let i = 0; i < this.count; i++) yield this.record(i);
  }
}

/** Whether a batch is NumberRows rather than an array of records. */
export function isNumberRows(batch: unknown): batch is NumberRows {
  return batch instanceof NumberRows;
}

/** A record of `w` numbers from `src` at `at`, a fresh array (literals for the common widths: packed, no growth). */
export function numbersAt(src: ArrayLike<number>, at: number, w: number): number[] {
  switch (w) {
    case 1: return [src[at]!];
    case 2: return [src[at]!, src[at + 1]!];
    case 3: return [src[at]!, src[at + 1]!, src[at + 2]!];
    case 4: return [src[at]!, src[at + 1]!, src[at + 2]!, src[at + 3]!];
  }
  const r: number[] = [];
  for (let f = 0; f < w; f++) r.push(src[at + f]!);
  return r;
}

/** `w` numbers from `src` at `at` written into `into` (a record the caller reuses), which is returned. */
export function numbersInto(src: ArrayLike<number>, at: number, w: number, into: number[]): number[] {
  for (let f = 0; f < w; f++) into[f] = src[at + f]!;
  return into;
}

/** The position a one-field key reads in a tuple, or -1 (a selector, several fields, an object field). */
export function keyPosition(key: KeyDefinition): number {
  if (key.kind !== "fields" || key.fields.length !== 1) return -1;
  const f = key.fields[0]!;
  const p = typeof f === "number" ? f : tuplePosition(f);
  return p === undefined ? -1 : p;
}

/**
 * Whether the number `v` is its own hashable key (common/keys.ts) and one a typed table holds: an
 * int32, not -0 (-0 is a key of its own).
 */
export function isRowKey(v: number): boolean {
  return (v | 0) === v && (v !== 0 || 1 / v > 0);
}
