/**
 * The fuzzer's program language: a typed DAG of DataSet operators. The generator builds it, the
 * model evaluates it with plain arrays, the runner turns it into a Sluice program, the printer shows
 * it. A node object used twice is one DataSet used twice (fan-out), as in the program it prints.
 */

/** Field types. "dbl" never holds NaN or -0; "wild" may (they are the known-defect keys). */
export type Leaf = "int" | "dbl" | "wild" | "str" | "bool" | "big";
export type FType = Leaf | { readonly t: readonly FType[] } | { readonly o: readonly (readonly [string, FType])[] };
/** A record's type: a tuple or a POJO (plain object). */
export type Schema = { readonly t: readonly FType[] } | { readonly o: readonly (readonly [string, FType])[] };

/** A path from the record to a field: tuple positions and POJO names. */
export type Path = readonly (number | string)[];

/** A key as the program writes it. `mod` and `len` are selectors computing an int. */
export type Key =
  | { readonly k: "pos"; readonly pos: readonly number[] }
  | { readonly k: "expr"; readonly exprs: readonly string[] }
  | { readonly k: "sel"; readonly paths: readonly Path[] }
  | { readonly k: "mod"; readonly path: Path; readonly m: number }
  | { readonly k: "len"; readonly m: number };

export type Ord = "ASC" | "DESC";
/** How a user function is written: a plain function, an object with the Flink method, a Rich class. */
export type Form = "fn" | "obj" | "rich";
export type Hint =
  "OPTIMIZER_CHOOSES" | "BROADCAST_HASH_FIRST" | "BROADCAST_HASH_SECOND" | "REPARTITION_HASH_FIRST" | "REPARTITION_HASH_SECOND" | "REPARTITION_SORT_MERGE";
export type OuterType = "left" | "right" | "full";
export type AggName = "SUM" | "MIN" | "MAX";

/** Schema-changing maps (see udfs.ts). */
export type MapFn =
  | { readonly f: "inc"; readonly path: Path; readonly leaf: Leaf; readonly mutate: boolean }
  | { readonly f: "swap" }
  | { readonly f: "toPojo"; readonly names: readonly string[] }
  | { readonly f: "toTuple" }
  | { readonly f: "nest" }
  | { readonly f: "addLen" };

type Base = { readonly par?: number; readonly form?: Form };

export type Node = Base &
  (
    | { readonly op: "src"; readonly schema: Schema; readonly rows: readonly unknown[]; readonly via: "collection" | "elements" }
    | { readonly op: "partial"; readonly schema: Schema }
    | { readonly op: "map"; readonly in: Node; readonly fn: MapFn }
    | { readonly op: "flatMap"; readonly in: Node; readonly m: number }
    | { readonly op: "filter"; readonly in: Node; readonly m: number; readonly r: number }
    | { readonly op: "project"; readonly in: Node; readonly pos: readonly number[] }
    | { readonly op: "distinct"; readonly in: Node }
    | { readonly op: "union"; readonly in: Node; readonly other: Node }
    | { readonly op: "rebalance"; readonly in: Node }
    | { readonly op: "partitionByHash" | "partitionByRange"; readonly in: Node; readonly key: Key }
    | { readonly op: "partitionCustom"; readonly in: Node; readonly key: Key }
    | { readonly op: "sortPartition"; readonly in: Node; readonly orders: readonly (readonly [Key, Ord])[] }
    | { readonly op: "reduce"; readonly in: Node; readonly key?: Key; readonly intOp: "sum" | "max" }
    | { readonly op: "groupSummary"; readonly in: Node; readonly key?: Key; readonly combinable: boolean }
    | { readonly op: "groupSeq"; readonly in: Node; readonly key: Key; readonly orders: readonly (readonly [Key, Ord])[] }
    | { readonly op: "combineReduce"; readonly in: Node; readonly key: Key; readonly orders: readonly (readonly [Key, Ord])[] }
    | {
        readonly op: "aggregate";
        readonly in: Node;
        readonly key?: readonly number[];
        readonly aggs: readonly (readonly [AggName, number])[];
        readonly short: boolean;
      }
    | { readonly op: "minBy" | "maxBy"; readonly in: Node; readonly key?: Key; readonly fields: readonly number[] }
    | {
        readonly op: "join";
        readonly in: Node;
        readonly other: Node;
        readonly keys: readonly [Key, Key];
        readonly hint: Hint;
        readonly via: "join" | "tiny" | "huge";
        readonly out: JoinOut;
      }
    | {
        readonly op: "outerJoin";
        readonly in: Node;
        readonly other: Node;
        readonly type: OuterType;
        readonly keys: readonly [Key, Key];
        readonly hint: Hint;
        readonly pairs: boolean;
      }
    | {
        readonly op: "coGroup";
        readonly in: Node;
        readonly other: Node;
        readonly keys: readonly [Key, Key];
        readonly sorts: readonly [readonly (readonly [Key, Ord])[], readonly (readonly [Key, Ord])[]];
      }
    | { readonly op: "cross"; readonly in: Node; readonly other: Node; readonly via: "cross" | "tiny" | "huge"; readonly out: JoinOut }
    | { readonly op: "iterate"; readonly in: Node; readonly n: number; readonly step: Node; readonly term?: { readonly m: number; readonly r: number } }
    | {
        readonly op: "delta";
        readonly in: Node;
        readonly workset: Node;
        readonly n: number;
        readonly hint: Hint;
        readonly via: "join" | "coGroup";
        readonly spread: number;
      }
  );

/** How a join or cross shapes its result. */
export type JoinOut =
  | { readonly kind: "pairs" }
  | { readonly kind: "with" }
  | { readonly kind: "flat" }
  | { readonly kind: "left" }
  | { readonly kind: "project"; readonly calls: readonly (readonly ["first" | "second", readonly number[]])[] };

/** What the program observes at its end and how the result is checked. */
export type Root =
  | { readonly kind: "bag"; readonly node: Node }
  | { readonly kind: "seq"; readonly node: Node & { op: "sortPartition" } }
  | { readonly kind: "tagged"; readonly node: Node }
  | { readonly kind: "first"; readonly node: Node; readonly n: number; readonly key?: Key; readonly orders: readonly (readonly [Key, Ord])[] }
  | { readonly kind: "distinctBy"; readonly node: Node; readonly key: Key }
  | { readonly kind: "pickBy"; readonly node: Node; readonly max: boolean; readonly key?: Key; readonly fields: readonly number[] };

export type Sink = "collect" | "count" | "csv" | "text";

export interface Program {
  readonly parallelism: number;
  readonly root: Root;
  readonly sink: Sink;
}

/** Generation switches for known open defects (off until their fixes land on main). */
export interface Flags {
  /** NaN and -0 in key fields and in whole-record comparisons. */
  readonly nanKeys: boolean;
  /** A tuple-typed field as a key position (all its leaves). */
  readonly nestedKeys: boolean;
  /** Positional field expressions such as groupBy("0"). */
  readonly posExpr: boolean;
  /** partitionByRange over a union. */
  readonly rangeUnion: boolean;
  /** A DataSet used both as an iteration's input (or inside it) and elsewhere. */
  readonly iterFanout: boolean;
  /** "*" over a record holding a POJO where the order is observed (partitionByRange): F1. */
  readonly objectKeyOrder: boolean;
}

export const NO_FLAGS: Flags = { nanKeys: false, nestedKeys: false, posExpr: false, rangeUnion: false, iterFanout: false, objectKeyOrder: false };
/**
 * Generated by default: every case whose fix is on main (iterFanout 6b71296, nanKeys 106bb5b, rangeUnion 16c1ca2,
 * posExpr 8a4273a, nestedKeys with the F6 fix).
 */
export const DEFAULT_FLAGS: Flags = { ...NO_FLAGS, iterFanout: true, nanKeys: true, rangeUnion: true, posExpr: true, objectKeyOrder: true, nestedKeys: true };
export const ALL_FLAGS: Flags = { nanKeys: true, nestedKeys: true, posExpr: true, rangeUnion: true, iterFanout: true, objectKeyOrder: true };

/** The schema a node produces. */
export function schemaOf(n: Node): Schema {
  const s = SCHEMAS.get(n);
  if (s === undefined) throw new Error(`fuzz: node ${n.op} has no schema`);
  return s;
}
const SCHEMAS = new WeakMap<Node, Schema>();
/** Records a node's schema (the generator calls this once per node it makes). */
export function withSchema<N extends Node>(n: N, s: Schema): N {
  SCHEMAS.set(n, s);
  return n;
}
