/** Tuple projection (Flink's ProjectOperator / ProjectJoin field picking). */
export function projector(fields: readonly number[]): (r: any) => any[] {
  const n = fields.length;
  if (n === 1) { const a = fields[0]!; return (r) => [r[a]]; }
  if (n === 2) { const a = fields[0]!, b = fields[1]!; return (r) => [r[a], r[b]]; }
  return (r) => {
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = r[fields[i]!];
    return out;
  };
}
