/**
 * Keys of two-input operators: parsed and checked against each input's shape, then checked for
 * compatibility with each other at definition (Flink's Keys.areCompatible): the same number of
 * leaf fields and, where both shapes are known, the same types. Where a shape is unknown and the
 * field counts differ (a field may be a tuple), the leaf counts are checked on the first records.
 */
import { InvalidProgramException } from "../../common/errors.js";
import type { FieldRef } from "../../common/field-access.js";
import { leavesOf } from "../../common/key-values.js";
import { compileKey, describeKey, parseKeyArgs, validateKey, type KeyDefinition } from "../../common/keys.js";
import { describeShape, fieldShape, isObjectShape, isTupleShape, type Shape } from "../../common/shape.js";

/** Parses one side's key arguments and validates them against that side's shape. */
export function sideKey(args: readonly unknown[], shape: Shape | undefined, operator: string): KeyDefinition {
  const key = parseKeyArgs(args, operator);
  validateKey(key, shape, operator);
  return key;
}

/**
 * Checks that two keys can be compared and returns them ready for execution. When one side is a
 * key selector and the other a composite field key, the field key becomes a selector returning
 * the array of its fields, so both sides hash, partition and sort alike.
 */
export function compatibleKeys(
  first: KeyDefinition, firstShape: Shape | undefined, second: KeyDefinition, secondShape: Shape | undefined, operator: string,
): [KeyDefinition, KeyDefinition] {
  if (first.kind === "fields" && second.kind === "fields") {
    // Where both shapes are known, keys compare as their leaf fields do (a tuple-valued key field
    // stands for all its leaves, a POJO's in the sorted order of its field names), as Flink's.
    const la = keyLeafShapes(firstShape, first.fields);
    const lb = keyLeafShapes(secondShape, second.fields);
    if (la !== undefined && lb !== undefined) {
      if (la.length !== lb.length) {
        throw new InvalidProgramException(
          `${operator}: the keys do not match: where ${describeKey(first)} has ${la.length} field(s) ` +
            `but equalTo ${describeKey(second)} has ${lb.length} (counting the leaf fields of nested tuples and POJOs)`,
        );
      }
      if (!la.every((x, i) => shapesCompatible(x, lb[i]))) {
        const text = (l: Shape[]): string => l.map((x) => describeShape(x)).join(", ");
        throw new InvalidProgramException(
          `${operator}: key types do not match: where ${describeKey(first)} is (${text(la)}) ` +
            `but equalTo ${describeKey(second)} is (${text(lb)}), compared field by flattened field`,
        );
      }
      return [asLeafPaths(first, firstShape), asLeafPaths(second, secondShape)];
    }
    // Differing field counts may still match where a field is a tuple or a POJO whose shape is
    // unknown here (after a user function, an empty collection): checked on the first records.
    if (first.fields.length !== second.fields.length) return leafCountCheckedOnFirstRecords(first, la, second, lb, operator);
    // Equal counts pair field by field only when no field stands for several leaves: beside a field
    // of unknown shape, a tuple or POJO field may line up with leaves of the other key (where(0, 1)
    // on [unknown, [number]] against equalTo("f0.f0", "f1.f0")).
    const composite = (shape: Shape | undefined, f: FieldRef): boolean => {
      const s = keyFieldShape(shape, f);
      return s !== undefined && s !== "any" && (isTupleShape(s) || isObjectShape(s));
    };
    if (first.fields.some((f) => composite(firstShape, f)) || second.fields.some((f) => composite(secondShape, f))) {
      return leafCountCheckedOnFirstRecords(first, la, second, lb, operator);
    }
    first.fields.forEach((f, i) => {
      const s = second.fields[i]!;
      const a = keyFieldShape(firstShape, f);
      const b = keyFieldShape(secondShape, s);
      if (!shapesCompatible(a, b)) {
        throw new InvalidProgramException(
          `${operator}: key types do not match: field ${f} of the first input is ${describeShape(a)} but field ${s} of the second input is ${describeShape(b)}`,
        );
      }
    });
    return [first, second];
  }
  return [asSelectorIfComposite(first, operator), asSelectorIfComposite(second, operator)];
}

/** The shape of one key field, if known. */
export function keyFieldShape(shape: Shape | undefined, ref: FieldRef): Shape | undefined {
  if (shape === undefined) return undefined;
  if (typeof ref === "number") return isTupleShape(shape) ? shape[ref] : undefined;
  if (ref === "*") return shape;
  return fieldShape(shape, ref.endsWith(".*") ? ref.slice(0, -2) : ref);
}

/** The shapes of a key's leaf fields in order, or undefined where any part is unknown. */
export function keyLeafShapes(shape: Shape | undefined, fields: readonly FieldRef[]): Shape[] | undefined {
  const out: Shape[] = [];
  const visit = (s: Shape | undefined): boolean => {
    if (s === undefined || s === "any") return false;
    if (typeof s === "string") { out.push(s); return true; }
    if (isTupleShape(s)) return s.every(visit);
    // An object without known fields may be a Map, a Set or a class instance: unknown leaves.
    if (!isObjectShape(s) || Object.keys(s).length === 0) return false;
    return Object.keys(s).sort().every((k) => visit(s[k]));
  };
  return fields.every((f) => visit(keyFieldShape(shape, f))) ? out : undefined;
}

/**
 * A key over known shapes as the paths of its leaf fields (`"*"` on `[number, string]` is `[0, 1]`,
 * `0` on `[[number, string], x]` is `["f0.f0", "f0.f1"]`, a POJO's fields in sorted order), so two
 * keys written in different forms have the same fields one by one: the optimizer pairs key fields by
 * index (partitionings one side keeps, the other side's matching fields) and hashes them alike.
 * A key already made of leaves is returned as it is.
 */
function asLeafPaths(key: KeyDefinition & { kind: "fields" }, shape: Shape | undefined): KeyDefinition {
  const out: FieldRef[] = [];
  const visit = (s: Shape | undefined, path: string | number | undefined): void => {
    if (isTupleShape(s)) s.forEach((x, i) => visit(x, path === undefined ? i : `${fieldPath(path)}.f${i}`));
    else if (isObjectShape(s)) for (const k of Object.keys(s).sort()) visit(s[k], path === undefined ? k : `${fieldPath(path)}.${k}`);
    else out.push(path ?? "*");
  };
  for (const f of key.fields) {
    const path = f === "*" ? undefined : typeof f === "string" && f.endsWith(".*") ? f.slice(0, -2) : f;
    visit(keyFieldShape(shape, f), path);
  }
  return out.length === key.fields.length && out.every((f, i) => f === key.fields[i]) ? key : { kind: "fields", fields: out };
}

function fieldPath(p: string | number): string {
  return typeof p === "number" ? `f${p}` : p;
}

/** Structural compatibility; an unknown part ("any" or undefined) matches anything. */
export function shapesCompatible(a: Shape | undefined, b: Shape | undefined): boolean {
  if (a === undefined || b === undefined || a === "any" || b === "any") return true;
  if (typeof a === "string" || typeof b === "string") return a === b;
  if (isTupleShape(a) || isTupleShape(b)) {
    return isTupleShape(a) && isTupleShape(b) && a.length === b.length && a.every((x, i) => shapesCompatible(x, b[i]));
  }
  if (!isObjectShape(a) || !isObjectShape(b)) return false;
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && shapesCompatible(a[k], b[k]));
}

/**
 * Both keys as selectors (giving what the field keys give) that count the leaf fields of the first
 * key each side extracts; where a side's count is known at definition (`known`), that count stands.
 * Once both counts are known and differ, the job fails with the definition-time message, as an
 * InvalidProgramException naming the operator and both keys.
 */
function leafCountCheckedOnFirstRecords(
  first: KeyDefinition, knownFirst: Shape[] | undefined, second: KeyDefinition, knownSecond: Shape[] | undefined, operator: string,
): [KeyDefinition, KeyDefinition] {
  const counts: [number | undefined, number | undefined] = [knownFirst?.length, knownSecond?.length];
  const side = (key: KeyDefinition, i: 0 | 1): KeyDefinition => {
    const extract = compileKey(key, operator).extract;
    const where = `key ${describeKey(key)}`;
    let counted = counts[i] !== undefined;
    const value = (r: unknown): unknown => {
      const k = extract(r);
      if (!counted) {
        counted = true;
        counts[i] = leavesOf([k], { operator, where, record: r }, true).length;
        const [a, b] = counts;
        if (a !== undefined && b !== undefined && a !== b) {
          throw new InvalidProgramException(
            `${operator}: the keys do not match: where ${describeKey(first)} has ${a} leaf field(s) but equalTo ${describeKey(second)} ` +
              `has ${b} (counted on the first record of each input, the leaf fields of nested tuples and POJOs included)`,
          );
        }
      }
      return k;
    };
    return { kind: "selector", selector: { value, method: "getKey" } };
  };
  return [side(first, 0), side(second, 1)];
}

function asSelectorIfComposite(key: KeyDefinition, operator: string): KeyDefinition {
  if (key.kind === "selector" || key.fields.length === 1) return key;
  const extract = compileKey(key, operator).extract;
  return { kind: "selector", selector: { value: (r: unknown) => extract(r), method: "getKey" } };
}
