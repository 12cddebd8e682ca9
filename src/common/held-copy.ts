/**
 * Copies of records an operator holds in bulk until its input ends (a sorter's buffer): the same
 * values as copyRecord, made where V8 can allocate them straight into the old generation.
 *
 * Why: V8 pretenures an allocation site (an object or array literal in compiled code) once most
 * of its objects survive their first scavenge. copyRecord copies a plain object with spread,
 * which has no allocation site, so two million held copies were each made young, then copied by
 * the scavenger (to-space, then old space), and every store of one into the sorter's old arrays
 * was remembered for the next scavenge: sort spent 45% of its time in the collector. A literal per
 * shape (`{ k: o.k, v: o.v }`, generated once per key list) is a site of its own that V8 pretenures
 * after the first scavenge finds its copies all alive.
 *
 * Only for copies that are held: a site pretenured here makes every later copy from it old, which
 * is right for a sorter's buffer and wrong for a copy that dies at once (common/copy.ts keptRecord
 * says what that costs).
 */
import { copyRecord } from "./copy.js";

type Copier = (o: object) => object;

/** Shapes remembered (key lists with their copier); past it, copies are copyRecord's. */
const MAX_SHAPES = 64;
const copiers = new Map<string, { readonly keys: readonly string[]; readonly copy: Copier }>();

/** The last shape used: the common case is one shape for a whole input. */
let lastKeys: readonly string[] = [];
let lastCopy: Copier | undefined;

/**
 * A copy of `record` equal to copyRecord's, but for symbol-keyed properties: a plain object is
 * copied by its shape's generated literal (nested values deep-copied by copyRecord, each value
 * read once, as spread reads it), which has its string keys only, as a serialized copy has (a
 * spilled run, a batch sent to a worker: what a held record becomes once the sort spills or runs
 * on threads). Asking each record for its symbols cost 60 ns a record, a tenth of the sort.
 * Anything else is copied by copyRecord.
 *
 * @example
 * const held = heldCopy({ k: 1, v: "a" }); // { k: 1, v: "a" }, a new object
 */
export function heldCopy<T>(record: T): T {
  if (typeof record !== "object" || record === null || Array.isArray(record)) return copyRecord(record);
  if (Object.getPrototypeOf(record) !== Object.prototype) return copyRecord(record);
  const o = record as Record<string, unknown>;
  const copy = lastCopy !== undefined && sameKeys(o, lastKeys) ? lastCopy : copierOf(o);
  return (copy === undefined ? copyRecord(record) : copy(o)) as T;
}

/** Whether `o`'s enumerable keys are `keys`, in order (its values are not read). */
function sameKeys(o: Record<string, unknown>, keys: readonly string[]): boolean {
  let i = 0;
  for (const k in o) {
    if (i >= keys.length || k !== keys[i]) return false;
    i++;
  }
  return i === keys.length;
}

/** The copier of a plain object's shape (made and remembered on first sight), or undefined. */
function copierOf(o: Record<string, unknown>): Copier | undefined {
  const keys: string[] = [];
  for (const k in o) {
    // Inherited enumerable keys (a polluted Object.prototype) and "__proto__" (a literal would set the prototype) are not a shape.
    if (!Object.prototype.hasOwnProperty.call(o, k) || k === "__proto__") return undefined;
    keys.push(k);
  }
  const id = keys.join("\u0000");
  let entry = copiers.get(id);
  if (entry === undefined) {
    if (copiers.size >= MAX_SHAPES) return undefined;
    entry = { keys, copy: generateCopier(keys) };
    copiers.set(id, entry);
  }
  lastKeys = entry.keys;
  lastCopy = entry.copy;
  return entry.copy;
}

/** `(o) => { const v0 = o["k"], ...; return { "k": nested(v0) ? copyRecord(v0) : v0, ... } }`. */
function generateCopier(keys: readonly string[]): Copier {
  const reads = keys.map((k, i) => `const v${i} = o[${JSON.stringify(k)}];`).join(" ");
  const fields = keys.map((k, i) => `${JSON.stringify(k)}: typeof v${i} === "object" && v${i} !== null ? copyRecord(v${i}) : v${i}`).join(", ");
  const make = new Function("copyRecord", `return (o) => { ${reads} return { ${fields} }; };`) as (c: typeof copyRecord) => Copier;
  return make(copyRecord);
}
