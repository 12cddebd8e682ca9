/**
 * The benchmark workloads: what each computes, how big it is at each size, and which fields
 * of a result row its checksum covers. Every engine implements the same computation.
 */

export const WORKLOADS = [
  "join-uniform",
  "join-zipf",
  "left-outer-join",
  "cogroup",
  "group-sum",
  "distinct",
  "sort",
  "wordcount",
  "csv-job",
  "tuple-join",
  "tuple-group-sum",
  "tuple-distinct",
] as const;
export type WorkloadId = (typeof WORKLOADS)[number];

export const SIZES = ["tiny", "small", "medium", "full"] as const;
export type Size = (typeof SIZES)[number];

/**
 * Fraction of the full size: medium is 5x smaller (profiles and ratios that run in seconds on a
 * shared machine), small ~100x, tiny (for the smoke test) ~1000x.
 */
export const SCALE: Record<Size, number> = { full: 1, medium: 0.2, small: 0.01, tiny: 0.001 };

/**
 * memory: generated JS row arrays in, JS rows out, timed inside the child;
 * file: the engine reads a generated file, JS rows out, timed inside the child;
 * process: a whole child process (start-up, read files, compute, write a file) is timed.
 */
export type WorkloadKind = "memory" | "file" | "process";

export interface WorkloadSpec {
  readonly id: WorkloadId;
  readonly kind: WorkloadKind;
  /** Result fields, in checksum order. */
  readonly fields: readonly string[];
  /** For an ordered result: the field whose sequence must be the same for every engine. */
  readonly orderedBy?: string;
  readonly describe: (scale: number) => string;
}

/** Row counts and sizes at a scale; always at least a handful. */
export function dims(scale: number) {
  const n = (full: number): number => Math.max(10, Math.round(full * scale));
  return {
    joinLeft: n(1_000_000),
    joinRight: n(100_000),
    pairSide: n(1_000_000),
    groupRows: n(5_000_000),
    groupKeys: n(100_000),
    distinctRows: n(2_000_000),
    sortRows: n(2_000_000),
    textBytes: n(50 * 1024 * 1024),
    vocabulary: n(50_000),
    orders: n(1_000_000),
    users: n(100_000),
  };
}

const fmt = (x: number): string => x.toLocaleString("en-US");

export const SPECS: Record<WorkloadId, WorkloadSpec> = {
  "join-uniform": {
    id: "join-uniform", kind: "memory", fields: ["id", "k", "a", "b"],
    describe: (s) => `inner join ${fmt(dims(s).joinLeft)} x ${fmt(dims(s).joinRight)}, uniform keys`,
  },
  "join-zipf": {
    id: "join-zipf", kind: "memory", fields: ["id", "k", "a", "b"],
    describe: (s) => `inner join ${fmt(dims(s).joinLeft)} x ${fmt(dims(s).joinRight)}, Zipf(1.0) keys on the large side`,
  },
  "left-outer-join": {
    id: "left-outer-join", kind: "memory", fields: ["k", "a", "b"],
    describe: (s) => `left outer join ${fmt(dims(s).pairSide)} x ${fmt(dims(s).pairSide)}`,
  },
  cogroup: {
    id: "cogroup", kind: "memory", fields: ["k", "nl", "nr", "sa", "sb"],
    describe: (s) => `coGroup ${fmt(dims(s).pairSide)} x ${fmt(dims(s).pairSide)} (per key: counts and sums of both sides)`,
  },
  "group-sum": {
    id: "group-sum", kind: "memory", fields: ["k", "s"],
    describe: (s) => `grouped sum, ${fmt(dims(s).groupRows)} rows, ${fmt(dims(s).groupKeys)} keys`,
  },
  distinct: {
    id: "distinct", kind: "memory", fields: ["a", "b"],
    describe: (s) => `distinct on two fields, ${fmt(dims(s).distinctRows)} rows`,
  },
  sort: {
    id: "sort", kind: "memory", fields: ["k", "id", "v"], orderedBy: "k",
    describe: (s) => `global sort of ${fmt(dims(s).sortRows)} rows`,
  },
  wordcount: {
    id: "wordcount", kind: "file", fields: ["word", "n"],
    describe: (s) => `WordCount over ${(dims(s).textBytes / 1024 / 1024).toFixed(1)} MB of text from a file`,
  },
  "csv-job": {
    id: "csv-job", kind: "process", fields: ["userId", "country", "total", "count"],
    describe: (s) => `CSV to CSV: ${fmt(dims(s).orders)} orders join ${fmt(dims(s).users)} users, group, write (whole process)`,
  },
  // Tuple records (arrays), as the typed CSV job reads them: plain JS and Sluice only.
  "tuple-join": {
    id: "tuple-join", kind: "memory", fields: ["id", "k", "a", "b"],
    describe: (s) => `inner join of tuples [id, k, a] x [k, b], ${fmt(dims(s).joinLeft)} x ${fmt(dims(s).joinRight)}`,
  },
  "tuple-group-sum": {
    id: "tuple-group-sum", kind: "memory", fields: ["k", "s", "t"],
    describe: (s) => `groupBy(0).sum(1).andSum(2) over ${fmt(dims(s).groupRows)} tuples [k, v, w], ${fmt(dims(s).groupKeys)} keys`,
  },
  "tuple-distinct": {
    id: "tuple-distinct", kind: "memory", fields: ["a", "b"],
    describe: (s) => `distinct() on ${fmt(dims(s).distinctRows)} tuples [int, string]`,
  },
};
