/** Records in a canonical order, so results of different modes compare with deepEqual. */
export function sorted<T>(records: readonly T[]): T[] {
  const key = (v: unknown): string => JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? `${x}n` : x));
  return [...records].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
