/**
 * Global properties of a node's output (Flink's GlobalProperties): how its records are
 * partitioned across subtasks. An exchange sets them; operators keep them for the fields their
 * semantic annotations forward (filter, sort and partition forward everything).
 */
import type { KeyDefinition } from "../common/keys.js";
import type { ForwardedField } from "../plan/semantic-properties.js";

export interface GlobalProps {
  readonly partitioning: "none" | "hash" | "range" | "custom";
  /** Normalized key field ids ("f0", "name", "#sel3") the partitioning is on. */
  readonly fields: readonly string[];
  readonly parallelism: number;
}

const selectorIds = new WeakMap<object, number>();
let nextSelectorId = 1;

/** Normalized ids of a key's fields; a selector key gets an identity of its own. */
export function keyFieldIds(key: KeyDefinition): string[] {
  if (key.kind === "selector") {
    let id = selectorIds.get(key.selector.value as object);
    if (id === undefined) {
      id = nextSelectorId++;
      selectorIds.set(key.selector.value as object, id);
    }
    return [`#sel${id}`];
  }
  return key.fields.map((f) => (typeof f === "number" ? `f${f}` : f));
}

export function noProps(parallelism: number): GlobalProps {
  return { partitioning: "none", fields: [], parallelism };
}

/** Whether records with equal `key` are already in one partition of `parallelism` partitions. */
export function isPartitionedOn(props: GlobalProps, key: KeyDefinition, parallelism: number): boolean {
  if (props.parallelism !== parallelism) return false;
  if (parallelism === 1) return true;
  if (props.partitioning !== "hash" && props.partitioning !== "range") return false;
  const wanted = new Set(keyFieldIds(key));
  // Partitioned on a subset of the key fields suffices: equal keys agree on that subset.
  return props.fields.length > 0 && props.fields.every((f) => wanted.has(f));
}

/** Whether both sides are hash-partitioned the same way on corresponding key fields (joins). */
export function coPartitioned(a: GlobalProps, keyA: KeyDefinition, b: GlobalProps, keyB: KeyDefinition): boolean {
  if (a.partitioning !== "hash" || b.partitioning !== "hash" || a.parallelism !== b.parallelism) return false;
  const ia = keyFieldIds(keyA);
  const ib = keyFieldIds(keyB);
  if (a.fields.length !== b.fields.length) return false;
  return a.fields.every((f, i) => ia.indexOf(f) >= 0 && ia.indexOf(f) === ib.indexOf(b.fields[i]!));
}

/** Carries properties through an operator that forwards `forwarded` fields. */
export function forwardProps(props: GlobalProps, forwarded: readonly ForwardedField[], parallelism: number): GlobalProps {
  if (props.partitioning === "none" || props.parallelism !== parallelism) return noProps(parallelism);
  const mapped: string[] = [];
  for (const f of props.fields) {
    const hit = forwarded.find((x) => x.from === f) ?? forwarded.find((x) => x.from === "*");
    if (!hit) return noProps(parallelism);
    mapped.push(hit.from === "*" ? (hit.to === "*" ? f : `${hit.to}.${f}`) : hit.to);
  }
  return { partitioning: props.partitioning, fields: mapped, parallelism };
}

export const FORWARD_ALL: readonly ForwardedField[] = [{ from: "*", to: "*" }];
