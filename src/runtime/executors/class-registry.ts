/**
 * Constructors by name, so records that are class instances keep their prototype across threads.
 * Every thread runs the same program, so each side fills its own registry: from
 * `env.registerType(Class)` at the program's top level (Flink's registerType), from the objects of
 * the plan (collection elements, function objects, formats: see fingerprint.ts) and from every
 * instance its encoder sees. A name the decoding side never saw fails with a clear error.
 */

const byName = new Map<string, new (...args: any[]) => unknown>();

/** Prototypes structured clone handles itself (no class tag needed). */
const BUILTIN_PROTOTYPES = new Set<object | null>([
  null, Date.prototype, RegExp.prototype, Map.prototype, Set.prototype, ArrayBuffer.prototype, DataView.prototype,
  Boolean.prototype, Number.prototype, String.prototype, BigInt.prototype,
  Error.prototype, TypeError.prototype, RangeError.prototype, SyntaxError.prototype, ReferenceError.prototype, EvalError.prototype, URIError.prototype,
  Int8Array.prototype, Uint8Array.prototype, Uint8ClampedArray.prototype, Int16Array.prototype, Uint16Array.prototype,
  Int32Array.prototype, Uint32Array.prototype, Float32Array.prototype, Float64Array.prototype, BigInt64Array.prototype,
  BigUint64Array.prototype, Buffer.prototype,
]);

/** Whether objects with this prototype cross as they are (plain data or a built-in). */
export function isPlainPrototype(proto: object | null): boolean {
  return BUILTIN_PROTOTYPES.has(proto);
}

/**
 * Registers a record class under its name. The latest registration wins: a class declared inside a
 * function is a new class each time the function runs, and every thread meets them in the same order.
 */
export function registerClass(ctor: new (...args: any[]) => unknown): void {
  const name = ctor.name;
  if (!name) throw new Error("registerType: anonymous classes cannot be registered; give the class a name");
  byName.set(name, ctor);
}

/** The registered name of an instance's class (registering it on the way). */
export function classOf(v: object): string {
  const ctor = (Object.getPrototypeOf(v) as { constructor?: unknown }).constructor;
  if (typeof ctor !== "function" || !ctor.name) {
    throw new Error(
      "a record whose class has no name cannot cross worker threads; use a named class or plain objects, " +
        "or run in process (setExecutionMode('in-process'))",
    );
  }
  // Only when unknown: encoding an old instance must not displace the class the plan uses now.
  if (!byName.has(ctor.name)) registerClass(ctor as new (...args: any[]) => unknown);
  return ctor.name;
}

/** Registers the class of `v` when it is a class instance (used while walking the plan). */
export function noteInstance(v: object): void {
  const proto = Object.getPrototypeOf(v) as object | null;
  if (isPlainPrototype(proto) || proto === Object.prototype || proto === Array.prototype) return;
  const ctor = (proto as { constructor?: unknown }).constructor;
  if (typeof ctor === "function" && ctor.name) registerClass(ctor as new (...args: any[]) => unknown);
}

/** The class registered under `name`, if any. */
export function registeredClass(name: string): (new (...args: any[]) => unknown) | undefined {
  return byName.get(name);
}

let plainWhenUnknown = false;

/**
 * Runs `decode` with records of unknown classes rebuilt as plain objects instead of failing: for
 * results a worker replays (its program must go on, whatever it does with them).
 */
export function unknownClassesAsPlainObjects<T>(decode: () => T): T {
  plainWhenUnknown = true;
  try {
    return decode();
  } finally {
    plainWhenUnknown = false;
  }
}

/** A record's class is not known in this thread. */
export class UnknownClassError extends Error {}

/** An instance of class `name` with these own fields, without running its constructor. */
export function rebuildInstance(name: string, fields: Record<string, unknown>): unknown {
  const ctor = byName.get(name);
  if (!ctor && plainWhenUnknown) return { ...fields };
  if (!ctor) {
    throw new UnknownClassError(
      `records of class '${name}' cannot be rebuilt in this thread: it never saw the class. ` +
      `Call env.registerType(${name}) at the top level of the program (it runs in every worker), ` +
        `or run in process with env.getConfig().setExecutionMode("in-process")`,
    );
  }
  return Object.assign(Object.create(ctor.prototype as object) as object, fields);
}
