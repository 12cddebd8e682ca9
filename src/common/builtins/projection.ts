/** Tuple projection (Flink's ProjectOperator / ProjectJoin field picking). */
import { copyRecord } from "../copy.js";

/**
 * Which fields of a projection repeat a source already taken (the same position, or a whole record
 * and anything of it): those get a copy, so the result's fields are separate objects, as Flink's
 * serialized records are, and mutating one leaves the other alone.
 */
export function repeatedSources(fields: readonly { readonly side: number; readonly index: number }[]): boolean[] {
  return fields.map((f, i) => fields.slice(0, i).some((g) => g.side === f.side && (g.index === f.index || g.index < 0 || f.index < 0)));
}

export function projector(fields: readonly number[]): (r: any) => any[] {
  const n = fields.length;
  const again = repeatedSources(fields.map((index) => ({ side: 0, index })));
  if (again.some((x) => x)) {
    return (r) => {
      const out = new Array(n);
      for (let i = 0; i < n; i++) out[i] = again[i] ? copyRecord(r[fields[i]!]) : r[fields[i]!];
      return out;
    };
  }
  if (n === 1) { const a = fields[0]!; return (r) => [r[a]]; }
  if (n === 2) { const a = fields[0]!, b = fields[1]!; return (r) => [r[a], r[b]]; }
  return (r) => {
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = r[fields[i]!];
    return out;
  };
}
