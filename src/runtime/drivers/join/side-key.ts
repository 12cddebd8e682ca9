/** Key extraction for the sort-based drivers (merge join, coGroup): the key value, never null. */
import { subtaskKey } from "../../../common/subtask-key.js";
import type { KeyDefinition } from "../../../common/keys.js";

/** Extracts the key; a null key (or null part of a composite key) throws Flink's null-key error. */
export function sortKeyOf(key: KeyDefinition, operator: string): (record: any) => unknown {
  const compiled = subtaskKey(key, operator);
  const extract = compiled.extract;
  return (r) => {
    const k = extract(r);
    if (k === null || k === undefined || (Array.isArray(k) && k.includes(null)) || (Array.isArray(k) && k.includes(undefined))) {
      compiled.hashable(r); // throws the proper null-key error
    }
    return k;
  };
}

/** The end of the run of equal keys starting at `start` in a sorted key array. */
export function groupEnd(keys: readonly unknown[], start: number, compare: (a: unknown, b: unknown) => number): number {
  let end = start + 1;
  while (end < keys.length && compare(keys[start], keys[end]) === 0) end++;
  return end;
}
