/**
 * Type-level assertions for the type tests: `assertType<Equal<typeof x, [string, number]>>()`
 * compiles only when both types are identical (not merely assignable).
 */
export type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;

/** Compiles only for `true`. */
export function assertType<T extends true>(): T | void {}
