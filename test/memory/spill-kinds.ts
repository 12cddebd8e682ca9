/** The record kinds of the spilling tests (also used by test/jobs/spilling.job.ts). */

/** A registered record class: spilled instances must come back with this prototype. */
export class Point {
  constructor(public k: number, public v: number) {}
  sum(): number {
    return this.k + this.v;
  }
}

/** What every kind of record is built from: a key and a running number. */
export type Make = (k: number, i: number) => unknown;

/** Every record kind the engine accepts, each with its key reachable as field 0 / "k". */
export interface RecordKind {
  readonly name: string;
  /** The key field (position or name). */
  readonly key: 0 | "k";
  readonly make: Make;
  /** The running number a record was made from (for deterministic functions). */
  readonly idx: (r: any) => number;
}

export const RECORD_KINDS: readonly RecordKind[] = [
  { name: "tuple", key: 0, make: (k, i) => [k, `s${i}`, i * 0.5], idx: (r) => r[2] * 2 },
  // Tuples of numbers with int keys (what a CSV source gives): the typed paths (columns, typed
  // frames, number tables, distinct's bits) take them; -0 and NaN ride along.
  { name: "number tuple", key: 0, make: (k, i) => [k, i * 0.5, i % 5 === 0 ? -0 : i % 7 === 0 ? NaN : i], idx: (r) => r[1] * 2 },
  { name: "object", key: "k", make: (k, i) => ({ k, name: `n${i}`, v: i }), idx: (r) => r.v },
  { name: "class", key: "k", make: (k, i) => new Point(k, i), idx: (r) => r.v },
  {
    name: "rich",
    key: 0,
    make: (k, i) => [k, { d: new Date(1_700_000_000_000 + i), b: BigInt(i) * 10n ** 20n, m: new Map([[i, "x"]]), s: new Set([i, "y"]), u: undefined, z: -0, n: NaN }],
    idx: (r) => r[1].d.getTime() - 1_700_000_000_000,
  },
];

/** The key of a record of `kind`. */
export function keyIn(kind: RecordKind, r: any): number {
  return r[kind.key];
}

/** Keys with repeats: n records over about n/3 keys, in a scrambled order. */
export function keyOf(i: number, n: number): number {
  return (i * 7919) % Math.max(1, Math.floor(n / 3));
}
