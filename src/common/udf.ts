/**
 * Normalizes a user function given in any of API.md's three forms into a callable, and makes the
 * per-subtask instance: plain functions are shared (closures cannot be copied), objects and Rich
 * functions are copied with their prototype, as Flink deserializes one instance per subtask.
 */
import { AbstractRichFunction } from "./functions.js";
import type { Configuration } from "./configuration.js";
import type { RuntimeContext } from "./runtime-context.js";
import { InvalidProgramException } from "./errors.js";
import { copyRecord } from "./copy.js";

/** A user function as given, with the Flink method name an object form must have. */
export interface UdfSpec {
  readonly value: unknown;
  readonly method: string;
}

/** One subtask's instance of a user function. */
export interface UdfInstance {
  /** The callable: `this` is bound to the instance. */
  readonly call: (...args: any[]) => any;
  /** The instance object (undefined for a plain function). */
  readonly target: object | undefined;
  open(ctx: RuntimeContext, parameters: Configuration): void;
  close(): void;
}

/** Checks at definition time that `value` is a function or has `method`; returns the spec. */
export function udfSpec(value: unknown, method: string, operator: string): UdfSpec {
  if (typeof value === "function") return { value, method };
  if (value !== null && typeof value === "object" && typeof (value as Record<string, unknown>)[method] === "function") {
    return { value, method };
  }
  throw new InvalidProgramException(`${operator}: expected a function or an object with a '${method}' method, got ${describe(value)}`);
}

function describe(v: unknown): string {
  if (v === null) return "null";
  if (typeof v === "object") return `an object with methods [${Object.keys(v as object).join(", ")}]`;
  return typeof v;
}

/** Declared parameter count of the spec's callable (decides JoinFunction vs FlatJoinFunction). */
export function udfArity(spec: UdfSpec): number {
  const fn = typeof spec.value === "function" ? spec.value : (spec.value as Record<string, unknown>)[spec.method];
  return (fn as (...a: unknown[]) => unknown).length;
}

/** Whether the object form also carries `name` as a method (e.g. a combinable group reduce). */
export function udfHasMethod(spec: UdfSpec, name: string): boolean {
  return typeof spec.value === "object" && spec.value !== null && typeof (spec.value as Record<string, unknown>)[name] === "function";
}

/** Makes one subtask's instance. @internal */
export function instantiateUdf(spec: UdfSpec, method = spec.method): UdfInstance {
  if (typeof spec.value === "function") {
    const fn = spec.value as (...args: any[]) => any;
    return { call: asyncRejected(fn, method) ?? fn, target: undefined, open() {}, close() {} };
  }
  const target = copyFunctionObject(spec.value as object);
  const m = (target as Record<string, (...args: any[]) => any>)[method];
  if (typeof m !== "function") throw new InvalidProgramException(`user function has no '${method}' method`);
  const call = asyncRejected(m, method) ?? m.bind(target);
  const rich = target as Partial<AbstractRichFunction>;
  return {
    call,
    target,
    open(ctx, parameters) {
      if (typeof rich.setRuntimeContext === "function") rich.setRuntimeContext(ctx);
      else (target as Record<string, unknown>).getRuntimeContext ??= () => ctx;
      if (typeof rich.open === "function") rich.open(parameters);
    },
    close() {
      if (typeof rich.close === "function") rich.close();
    },
  };
}

/**
 * For an async function (or async generator): a stand-in that fails its first call, since its
 * Promise would be taken as the record. Ordinary functions are returned as undefined (no cost).
 */
function asyncRejected(fn: (...args: any[]) => any, method: string): ((...args: any[]) => any) | undefined {
  const kind = Object.prototype.toString.call(fn);
  if (kind !== "[object AsyncFunction]" && kind !== "[object AsyncGeneratorFunction]") return undefined;
  return () => {
    throw new InvalidProgramException(`the user function (${method}) is async: it returned a Promise, but functions are synchronous (as in Flink); ` +
      `await asynchronous work before the job and pass its results as data (e.g. fromCollection)`);
  };
}

/**
 * Copies an object's own fields (deeply for data, functions shared) and keeps its prototype.
 * The copy is cloned with its fields in place (`{ ...obj }`) and its values replaced: adding a
 * few dozen properties one by one by computed name (what an InputFormat has) turns a V8 object
 * into a dictionary, and every `this.field` of the subtask's record loop into a hash lookup.
 */
function copyFunctionObject(obj: object): object {
  const copy = { ...obj } as Record<string, unknown>;
  Object.setPrototypeOf(copy, Object.getPrototypeOf(obj));
  // The spread also took enumerable symbol-keyed fields, which the copy has never had.
  for (const sym of Object.getOwnPropertySymbols(copy)) delete copy[sym as unknown as string];
  for (const key of Object.keys(copy)) {
    const v = copy[key];
    if (typeof v !== "function") copy[key] = copyRecord(v);
  }
  return copy;
}
