/**
 * Flink's key-group routing (KeyGroupRangeAssignment + MathUtils.murmurHash): a key goes to key
 * group `murmurHash(key.hashCode()) % maxParallelism`, and key group g to operator subtask
 * `g * parallelism / maxParallelism`. Default max parallelism: the parallelism plus half,
 * rounded up to a power of two, at least 128 and at most 32768 (128 for parallelism <= 85).
 */
import { javaHashCode } from "./java-hash.js";

export const DEFAULT_LOWER_BOUND_MAX_PARALLELISM = 128;
export const UPPER_BOUND_MAX_PARALLELISM = 32768;

/** Flink's MathUtils.murmurHash(int): a non-negative 32-bit hash of an int. */
export function murmurHash(code: number): number {
  code = Math.imul(code, 0xcc9e2d51);
  code = (code << 15) | (code >>> 17);
  code = Math.imul(code, 0x1b873593);
  code = (code << 13) | (code >>> 19);
  code = (Math.imul(code, 5) + 0xe6546b64) | 0;
  code ^= 4;
  code ^= code >>> 16;
  code = Math.imul(code, 0x85ebca6b);
  code ^= code >>> 13;
  code = Math.imul(code, 0xc2b2ae35);
  code ^= code >>> 16;
  if (code >= 0) return code;
  return code !== -2147483648 ? -code : 0;
}

/** Key group of a key hash (KeyGroupRangeAssignment.computeKeyGroupForKeyHash). */
export function computeKeyGroupForKeyHash(keyHash: number, maxParallelism: number): number {
  return murmurHash(keyHash) % maxParallelism;
}

/** Key group of a key, from its Java hashCode (KeyGroupRangeAssignment.assignToKeyGroup). */
export function assignToKeyGroup(key: unknown, maxParallelism: number): number {
  return computeKeyGroupForKeyHash(javaHashCode(key), maxParallelism);
}

/** The subtask owning a key group (KeyGroupRangeAssignment.computeOperatorIndexForKeyGroup). */
export function computeOperatorIndexForKeyGroup(maxParallelism: number, parallelism: number, keyGroup: number): number {
  return Math.floor((keyGroup * parallelism) / maxParallelism);
}

/** The subtask a key is routed to at `parallelism` (KeyGroupRangeAssignment.assignKeyToParallelOperator). */
export function assignKeyToParallelOperator(key: unknown, maxParallelism: number, parallelism: number): number {
  return computeOperatorIndexForKeyGroup(maxParallelism, parallelism, assignToKeyGroup(key, maxParallelism));
}

/** KeyGroupRangeAssignment.computeDefaultMaxParallelism. */
export function computeDefaultMaxParallelism(parallelism: number): number {
  const target = parallelism + Math.floor(parallelism / 2);
  let pow = 1;
  while (pow < target) pow *= 2;
  return Math.min(Math.max(pow, DEFAULT_LOWER_BOUND_MAX_PARALLELISM), UPPER_BOUND_MAX_PARALLELISM);
}
