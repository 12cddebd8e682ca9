/**
 * One short run: a 1M-row Parquet file (id BIGINT, x DOUBLE, s VARCHAR, b BOOLEAN, n INTEGER,
 * ts TIMESTAMP, DuckDB's default row groups of 122,880 rows, Snappy) read and written by Sluice,
 * DuckDB and Polars. Sluice materializes every record as a JS object; DuckDB and Polars decode
 * into their own columnar memory (DuckDB aggregates every column so none is skipped).
 * Run: `npx tsx bench/parquet.ts [rows] [parallelism]` (default 1000000, 2).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import pl from "nodejs-polars";
import { ExecutionEnvironment, WriteMode } from "../src/index.js";

const rows = Number(process.argv[2] ?? 1_000_000);
const p = Number(process.argv[3] ?? 2);
const dir = mkdtempSync(join(tmpdir(), "sluice-bench-parquet-"));
const input = join(dir, "in.parquet");
const con = await (await DuckDBInstance.create(":memory:")).connect();
const select = `SELECT k::BIGINT AS id, k * 0.5 AS x, 'name-' || (k % 1000) AS s, k % 3 = 0 AS b, (k % 100000)::INTEGER AS n, TIMESTAMP '2024-01-01' + to_seconds(k) AS ts FROM range(${rows}) r(k)`;

async function time(label: string, f: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await f();
  console.log(`${label.padEnd(34)} ${Math.round(performance.now() - start).toString().padStart(7)} ms`);
}

try {
  await time("DuckDB write (COPY ... TO)", () => con.run(`COPY (${select}) TO '${input}' (FORMAT parquet)`));
  await time("DuckDB read (sum over every column)", () =>
    con.run(`SELECT sum(id), sum(x), count(s), count_if(b), sum(n), max(ts) FROM read_parquet('${input}')`),
  );
  await time("Polars read (readParquet)", async () => pl.readParquet(input).height);
  const frame = pl.readParquet(input);
  await time("Polars write (writeParquet, Snappy)", async () => frame.writeParquet(join(dir, "polars.parquet"), { compression: "snappy" }));
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  await time(`Sluice read p=${p} (records, count)`, () => env.readParquet(input).count());
  env
    .generateSequence(0, rows - 1)
    .map((k) => ({ id: BigInt(k), x: k * 0.5, s: `name-${k % 1000}`, b: k % 3 === 0, n: k % 100000, ts: new Date(Date.UTC(2024, 0, 1) + k * 1000) }))
    .writeAsParquet(join(dir, "sluice.parquet"), { id: "bigint", x: "double", s: "string", b: "boolean", n: "int", ts: "timestamp" }, WriteMode.OVERWRITE);
  await time(`Sluice write p=${p} (generate + map + write)`, () => env.execute());
} finally {
  rmSync(dir, { recursive: true, force: true });
}
