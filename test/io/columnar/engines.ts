/** DuckDB and Polars (dev dependencies) as independent writers and readers of columnar files. */
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";

let connection: Promise<DuckDBConnection> | undefined;
export function duck(): Promise<DuckDBConnection> {
  connection ??= DuckDBInstance.create(":memory:").then((db) => db.connect());
  return connection;
}

/** Rows of a DuckDB query as plain JS objects (BIGINT → bigint, timestamps converted by the query). */
export async function duckRows(sql: string): Promise<Record<string, unknown>[]> {
  const reader = await (await duck()).runAndReadAll(sql);
  return reader.getRowObjectsJS() as Record<string, unknown>[];
}

export async function duckRun(sql: string): Promise<void> {
  await (await duck()).run(sql);
}

/** The rows every engine writes in these tests: each kind, with nulls. */
export function sampleRows(n: number): { i: number | null; big: bigint | null; x: number | null; s: string | null; ok: boolean | null; ts: Date | null }[] {
  return Array.from({ length: n }, (_, k) => ({
    i: k % 7 === 3 ? null : k - 50,
    big: k % 11 === 5 ? null : BigInt(k) * 10_000_000_000n,
    x: k % 13 === 1 ? null : k / 4,
    s: k % 5 === 2 ? null : `name-${k}`,
    ok: k % 9 === 4 ? null : k % 2 === 0,
    ts: k % 17 === 8 ? null : new Date(Date.UTC(2024, 0, 1) + k * 60_000),
  }));
}

/** A DuckDB query producing exactly sampleRows(n), typed. */
export function sampleSql(n: number): string {
  return `SELECT (CASE WHEN k % 7 = 3 THEN NULL ELSE k - 50 END)::INTEGER AS i,
    (CASE WHEN k % 11 = 5 THEN NULL ELSE k * 10000000000 END)::BIGINT AS big,
    (CASE WHEN k % 13 = 1 THEN NULL ELSE k / 4 END)::DOUBLE AS x,
    CASE WHEN k % 5 = 2 THEN NULL ELSE 'name-' || k END AS s,
    CASE WHEN k % 9 = 4 THEN NULL ELSE k % 2 = 0 END AS ok,
    CASE WHEN k % 17 = 8 THEN NULL ELSE TIMESTAMP '2024-01-01' + to_minutes(k) END AS ts
    FROM range(${n}) r(k)`;
}
