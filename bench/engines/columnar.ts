/**
 * The two ways a columnar peer (Arquero, Polars, DuckDB) is timed:
 * - from JS rows: load the JS row arrays into the engine, compute, hand JS rows back — all timed,
 *   since a DataSet user starts from JS objects;
 * - native: the data is already in the engine's own format (loading is not timed) and the
 *   result stays there (converting it back is not timed). For file workloads the engine
 *   reads the file itself, which is timed.
 */
import type { Row } from "../lib/checksum.js";
import type { Inputs } from "../lib/data.js";
import { SPECS, WORKLOADS, type WorkloadId } from "../lib/workloads.js";
import type { EngineImpls, Impl, Job } from "./types.js";

/** One workload on a columnar engine: N is its input format, R its result format. */
export interface Columnar<W extends WorkloadId, N, R> {
  load(input: Inputs[W]): Promise<N> | N;
  op(data: N): Promise<R> | R;
  toRows(result: R): Promise<Row[]> | Row[];
}

export type ColumnarSpecs = { [W in WorkloadId]?: Columnar<W, any, any> };

function fromRows<W extends WorkloadId>(c: Columnar<W, unknown, unknown>): Impl<W> {
  return (input): Job => {
    let out: Row[] = [];
    return {
      async run() {
        out = await c.toRows(await c.op(await c.load(input)));
      },
      rows: () => out,
    };
  };
}

function onNative<W extends WorkloadId>(c: Columnar<W, unknown, unknown>): Impl<W> {
  return async (input): Promise<Job> => {
    const data = await c.load(input);
    let result: unknown;
    return {
      async run() {
        result = await c.op(data);
      },
      rows: () => c.toRows(result),
    };
  };
}

/** The from-JS-rows variant (in-memory workloads only) and the native variant (all). */
export function columnarVariants(specs: ColumnarSpecs): { rows: EngineImpls; native: EngineImpls } {
  const rows: Record<string, unknown> = {};
  const native: Record<string, unknown> = {};
  for (const w of WORKLOADS) {
    const c = specs[w] as Columnar<WorkloadId, unknown, unknown> | undefined;
    if (c === undefined) continue;
    if (SPECS[w].kind === "memory") rows[w] = fromRows(c);
    native[w] = onNative(c);
  }
  return { rows: rows as EngineImpls, native: native as EngineImpls };
}

/** Plain objects from column arrays: the fast way back to JS rows for all three peers. */
export function zipColumns(names: readonly string[], columns: readonly ArrayLike<unknown>[], length: number): Row[] {
  const out = new Array<Row>(length);
  for (let i = 0; i < length; i++) {
    const row: Record<string, unknown> = {};
    for (let c = 0; c < names.length; c++) row[names[c]!] = columns[c]![i];
    out[i] = row;
  }
  return out;
}

/** An Int32Array per field of `rows` (all benchmark fields are small integers). */
export function intColumns(rows: readonly object[], names: readonly string[]): Record<string, Int32Array> {
  const out: Record<string, Int32Array> = {};
  for (const name of names) {
    const col = new Int32Array(rows.length);
    for (let i = 0; i < rows.length; i++) col[i] = (rows[i] as Record<string, number>)[name]!;
    out[name] = col;
  }
  return out;
}
