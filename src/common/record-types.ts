/**
 * Types computed from a DataSet's record type: its tuple positions, field expressions, the type
 * each one selects, and the key arguments of the second input that agree with the first's.
 * Pure types (nothing here exists at run time); run-time checks stay in common/field-access.ts
 * and common/keys.ts, for JavaScript callers.
 *
 * Records whose type is `any` or `unknown` accept every position and field name: the compiler
 * cannot check them, and the run-time checks do.
 * @example
 * type P = TuplePosition<[number, string]>;                   // 0 | 1
 * type F = FieldExpression<{ id: number; address: { city: string } }>;
 * //   "*" | "id" | "address" | "address.city" | "address.*"
 * type G = FieldExpression<[number, string]>;                 // "*" | "f0" | "0" | "f1" | "1"
 * type C = FieldType<{ address: { city: string } }, "address.city">; // string
 */
import type { Collector } from "./collector.js";
import type { KeySelector } from "./functions.js";

/** `true` for `any` and `unknown`, whose fields the compiler cannot know. */
export type IsLoose<T> = 0 extends 1 & T ? true : unknown extends T ? true : false;

/** Values the path types do not look into. */
type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date | RegExp | ((...args: never[]) => unknown);

type TupleIndices<T extends readonly unknown[]> = { [K in keyof T]: K extends `${infer N extends number}` ? N : never }[number];

/** Tuple positions of a tuple type: `0 | 1` for `[number, string]`; `number` for arrays of any length. */
export type TuplePosition<T> =
  IsLoose<T> extends true ? number
  : T extends readonly unknown[] ? (number extends T["length"] ? number : TupleIndices<T>)
  : never;

type Depth = [never, 0, 1, 2, 3];

/**
 * Dotted paths into a record type (`"address.city"`, `"f0.f1"`, `"x.*"`), at most four levels deep.
 * A tuple field is `"f0"` or `"0"` (Flink's `(f?)[0-9]+`), at any level: `"f0.f1"`, `"0.1"`, `"0.f1"`.
 */
export type FieldPath<T, D extends number = 4> =
  [D] extends [never] ? never
  : T extends Leaf ? never
  : T extends readonly unknown[]
    ? number extends T["length"] ? never
      : { [K in TupleIndices<T>]: `f${K}` | `${K}` | SubPath<`f${K}` | `${K}`, T[K], Depth[D]> }[TupleIndices<T>]
    : { [K in keyof T & string]: K | SubPath<K, T[K], Depth[D]> }[keyof T & string];

type SubPath<K extends string, V, D extends number> =
  [NonNullable<V>] extends [Leaf] ? never : `${K}.*` | `${K}.${FieldPath<NonNullable<V>, D>}`;

/** A field expression of `T`: `"*"` (the whole record) or a dotted path; any string for loose types. */
export type FieldExpression<T> = IsLoose<T> extends true ? string : "*" | FieldPath<T>;

/** A field reference of `T`: a tuple position or a field expression. */
export type FieldRefOf<T> = TuplePosition<T> | FieldExpression<T>;

type Step<T, H extends string> =
  T extends readonly unknown[] ? (H extends `f${infer N extends number}` ? T[N] : H extends `${infer N extends number}` ? T[N] : never)
  : H extends keyof T ? T[H] : never;

/** The type a field reference selects: `FieldType<[number, { a: string }], "f1.a">` is `string`. */
export type FieldType<T, P> =
  0 extends 1 & T ? any
  : unknown extends T ? unknown
  : P extends number ? (T extends readonly unknown[] ? T[P] : never)
  : P extends "*" ? T
  : P extends `${infer H}.*` ? Step<T, H>
  : P extends `${infer H}.${infer R}` ? FieldType<NonNullable<Step<T, H>>, R>
  : P extends string ? Step<T, P>
  : never;

/** A grouping, partitioning or join key: a tuple position, a field expression or a key selector. */
export type KeyArg<T> = FieldRefOf<T> | KeySelector<T, unknown>;

/** The type one key argument selects (a selector's result, or the field's type). */
export type KeyType<T, K> =
  K extends (value: never) => infer R ? R
  : K extends { getKey(value: never): infer R } ? R
  : FieldType<T, K>;

/** The types a list of key arguments selects, in order. */
export type KeyTypes<T, K extends readonly unknown[]> = { -readonly [I in keyof K]: KeyType<T, K[I]> };

/** Whether two key types can match: one is assignable to the other (`any`/`unknown` match everything). */
type Agree<A, B> =
  IsLoose<A> extends true ? true
  : IsLoose<B> extends true ? true
  : [A] extends [B] ? true
  : [B] extends [A] ? true
  : false;

/** The field references of `T` whose type agrees with `V`. */
export type FieldRefWithType<T, V> =
  IsLoose<T> extends true ? number | string
  : { [P in FieldRefOf<T>]: Agree<FieldType<T, P>, V> extends true ? P : never }[FieldRefOf<T>];

/**
 * The key arguments of the second input that may stand opposite the first input's key types `K`
 * (`where(0).equalTo(...)`): as many as `K` has, each selecting an agreeing type.
 */
export type MatchingKeys<T, K extends readonly unknown[]> =
  // A one-field key also matches a selector returning that field as a 1-tuple.
  | { -readonly [I in keyof K]: FieldRefWithType<T, K[I]> | KeySelector<T, K[I]> | (K extends readonly [unknown] ? KeySelector<T, [K[I]]> : never) }
  // A composite key against one selector or one tuple field holding the same fields, and the reverse.
  | (K extends readonly [unknown, unknown, ...unknown[]] ? [KeySelector<T, K> | FieldRefWithType<T, K>] : never)
  | (K extends readonly [infer Only extends readonly unknown[]] ? { -readonly [I in keyof Only]: FieldRefWithType<T, Only[I]> } : never);

/** Field references of `T` holding numbers or bigints (what SUM adds). */
export type NumericField<T> =
  IsLoose<T> extends true ? number | string
  : { [P in FieldRefOf<T>]: [NonNullable<FieldType<T, P>>] extends [number | bigint] ? P : never }[FieldRefOf<T>];

/** Field references of `T` holding values MIN/MAX/minBy/maxBy compare: numbers, bigints, strings, booleans, dates. */
export type ComparableField<T> =
  IsLoose<T> extends true ? number | string
  : { [P in FieldRefOf<T>]: [NonNullable<FieldType<T, P>>] extends [number | bigint | string | boolean | Date] ? P : never }[FieldRefOf<T>];

/** The tuple `project(...positions)` builds: `Projection<[number, string, boolean], [2, 0]>` is `[boolean, number]`. */
export type Projection<T, P extends readonly unknown[]> = { -readonly [I in keyof P]: P[I] extends number ? FieldType<T, P[I]> : never };

/** The fields of an absent side: an outer join's projection of the side that may be missing. */
export type Nullable<T extends readonly unknown[]> = { [I in keyof T]: T[I] | null };

/**
 * What projectFirst/projectSecond append for a side whose records have type `T` and reach the
 * function as `F` (`T | null` for the side an outer join may leave absent).
 */
export type SideFields<T, F, P extends readonly unknown[]> =
  P extends readonly [] ? [F] : null extends F ? (IsLoose<F> extends true ? Projection<T, P> : Nullable<Projection<T, P>>) : Projection<T, P>;

/**
 * The result types an overload of `map`/`fromElements` tries first, so an array literal stays a tuple
 * (`map((u) => [u[1], u[0]])` is `DataSet<[string, number]>`, not `(string | number)[]`).
 */
export type TupleLike = [] | readonly unknown[];

/**
 * The same for a single signature whose other parameters must keep their contextual types (an
 * overload would fix them first): array literals become tuples; a returned literal keeps its type.
 */
export type TupleHint = [] | readonly unknown[] | NonNullable<unknown> | null | undefined;

/**
 * A JoinFunction `(first, second) => result`, a FlatJoinFunction `(first, second, out) => void`, or an
 * object with `join`. `O` is what a JoinFunction returns, `C` what a FlatJoinFunction collects.
 */
export type JoinFunctionArg<A, B, O, C = O> =
  | ((first: A, second: B, out: Collector<C>) => O | void)
  | { join(first: A, second: B): O }
  | { join(first: A, second: B, out: Collector<C>): void };

/** The result type of a join function: what it returns or, for a flat one (returning void), what it collects. */
export type JoinResult<O, C> = [O] extends [void] ? C : O;
