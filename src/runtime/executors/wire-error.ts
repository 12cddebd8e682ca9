/**
 * Errors across threads. The program in a worker must see the same error the coordinator's program
 * saw (it may test `instanceof` or read fields), so an error travels as its class name, message,
 * stack, plain fields and cause, and is revived with its class: the engine's and JavaScript's error
 * classes are known, user classes when registered (env.registerType), others become an Error with
 * the same name. Identity (`e.cause === theErrorIThrew`) cannot survive a thread boundary.
 */
import { describeError, InternalError, InvalidProgramException, JobExecutionException } from "../../common/errors.js";
import { FileParseError, FileSystemError, RecordError } from "../../io/io-errors.js";
import { registeredClass } from "./class-registry.js";

export interface WireError {
  readonly name: string;
  readonly message: string;
  readonly stack?: string;
  readonly fields?: Record<string, unknown>;
  readonly cause?: WireError;
  /** A thrown value that is not an Error (a string, a plain object...), when it can be cloned. */
  readonly thrown?: { readonly value: unknown };
}

const KNOWN: Record<string, new (...args: any[]) => Error> = {
  Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError,
  InvalidProgramException, JobExecutionException, InternalError, FileParseError, FileSystemError, RecordError,
};

export function toWireError(e: unknown, depth = 0): WireError {
  if (!(e instanceof Error)) return { name: "Error", message: describeError(e), thrown: clonable(e) };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) {
    if (k !== "cause" && (v === null || ["string", "number", "boolean"].includes(typeof v))) fields[k] = v;
  }
  return {
    name: e.name,
    message: e.message,
    stack: e.stack,
    fields,
    cause: e.cause === undefined || depth > 4 ? undefined : toWireError(e.cause, depth + 1),
  };
}

function clonable(v: unknown): { value: unknown } | undefined {
  try {
    return { value: structuredClone(v) };
  } catch {
    return undefined; // functions, symbols...: the message describes it
  }
}

/** What was thrown, as close to the original as this thread can make it (a non-Error value as a copy). */
export function reviveThrown(w: WireError): unknown {
  return w.thrown ? w.thrown.value : reviveError(w);
}

/** The error as close to the original as this thread can make it. */
export function reviveError(w: WireError): Error {
  const ctor = KNOWN[w.name] ?? registeredClass(w.name);
  const e = (ctor && ctor.prototype instanceof Error) || ctor === Error ? (Object.create(ctor.prototype as object) as Error) : new Error();
  Object.assign(e, w.fields ?? {});
  Object.defineProperty(e, "message", { value: w.message, writable: true, configurable: true });
  if (e.name !== w.name) Object.defineProperty(e, "name", { value: w.name, writable: true, configurable: true });
  Object.defineProperty(e, "stack", { value: w.stack ?? `${w.name}: ${w.message}`, writable: true, configurable: true });
  if (w.cause) Object.defineProperty(e, "cause", { value: reviveThrown(w.cause), writable: true, configurable: true });
  return e;
}
