/** Parquet in and out: files DuckDB and Polars wrote read with the right types; files Sluice wrote read back by DuckDB. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { readdirSync, writeFileSync } from "node:fs";
import pl from "nodejs-polars";
import { ExecutionEnvironment, ParquetInputFormat, WriteMode } from "../../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../../helpers.js";
import { tempDir } from "../tmp.js";
import { duckRows, duckRun, sampleRows, sampleSql } from "./engines.js";

const N = 1000;

testAtParallelism("readParquet: a file DuckDB wrote (5 row groups) has the right types and values", async (env) => {
  const path = join(tempDir(), "duck.parquet");
  await duckRun(`COPY (${sampleSql(10_000)}) TO '${path}' (FORMAT parquet, ROW_GROUP_SIZE 2048)`);
  assert.equal((await new ParquetInputFormat(path).createInputSplits(4)).length, 5, "one split per row group");
  const rows = await env.readParquet(path).collect();
  assertSameRecords(rows, sampleRows(10_000));
  const big = rows.find((r) => r.big !== null)!;
  assert.equal(typeof big.big, "bigint");
  assert.ok(rows.find((r) => r.ts !== null)!.ts instanceof Date);
});

testAtParallelism("readParquet: a Zstd file Polars wrote, as tuples and selected columns", async (env) => {
  const path = join(tempDir(), "polars.parquet");
  const rows = sampleRows(N);
  const df = pl.DataFrame({ s: rows.map((r) => r.s), big: rows.map((r) => r.big) }).withColumns(pl.col("big").cast(pl.Int64));
  df.writeParquet(path, { compression: "zstd", rowGroupSize: 128 } as never);
  const got = await env.readParquet<[bigint | null, string | null]>(path, { columns: ["big", "s"], as: "tuples" }).collect();
  assertSameRecords(got, rows.map((r) => [r.big, r.s]));
});

testAtParallelism("writeAsParquet with a schema: DuckDB reads the same values and types", async (env, p) => {
  const path = join(tempDir(), "out.parquet");
  const rows = sampleRows(N);
  env.fromCollection(rows).rebalance().writeAsParquet(path, { i: "int", big: "bigint", x: "double", s: "string", ok: "boolean", ts: "timestamp" });
  await env.execute();
  if (p > 1) assert.deepEqual(readdirSync(path).sort(), ["1", "2", "3", "4"]);
  const glob = p > 1 ? `${path}/*` : path;
  const types = await duckRows(`SELECT column_name AS c, column_type AS t FROM (DESCRIBE SELECT * FROM read_parquet('${glob}'))`);
  assert.deepEqual(Object.fromEntries(types.map((r) => [r.c, r.t])), {
    i: "INTEGER",
    big: "BIGINT",
    x: "DOUBLE",
    s: "VARCHAR",
    ok: "BOOLEAN",
    ts: "TIMESTAMP",
  });
  const back = await duckRows(`SELECT i, big, x, s, ok, epoch_ms(ts) AS ts FROM read_parquet('${glob}')`);
  assertSameRecords(back, rows.map((r) => ({ ...r, ts: r.ts === null ? null : BigInt(r.ts.getTime()) })));
});

testAtParallelism("writeAsParquet without a schema: tuples from a map get columns f0.. inferred from their values", async (env, p) => {
  const path = join(tempDir(), "inferred.parquet");
  env.generateSequence(1, 500).map((n) => [n, `w${n % 3}`, BigInt(n) * 3n, n % 2 === 0] as const).writeAsParquet(path);
  await env.execute();
  const glob = p > 1 ? `${path}/*` : path;
  const back = await duckRows(
    `SELECT typeof(f0) t0, typeof(f2) t2, sum(f0) s0, sum(f2) s2, count(DISTINCT f1) d1, count_if(f3) c3 FROM read_parquet('${glob}') GROUP BY ALL`,
  );
  assert.deepEqual(back, [{ t0: "DOUBLE", t2: "BIGINT", s0: 125250, s2: 375750n, d1: 3n, c3: 250n }]);
});

test("writeAsParquet: NO_OVERWRITE fails on an existing path, a failed job leaves no output, OVERWRITE replaces", async () => {
  const dir = tempDir();
  const path = join(dir, "x.parquet");
  writeFileSync(path, "old");
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  env.fromElements({ a: 1 }).writeAsParquet(path);
  await assert.rejects(env.execute(), /already exists/);
  const missing = join(dir, "never.parquet");
  env.fromElements(1, 2, 3).map((n) => {
    if (n === 3) throw new Error("boom");
    return { n };
  }).writeAsParquet(missing);
  await assert.rejects(env.execute(), /boom/);
  assert.deepEqual(readdirSync(dir).sort(), ["x.parquet"], "no new path, no staging directory");
  env.fromElements({ a: 1 }, { a: 2 }).writeAsParquet(path, WriteMode.OVERWRITE).setParallelism(1);
  await env.execute();
  assert.deepEqual(await duckRows(`SELECT a FROM '${path}' ORDER BY a`), [{ a: 1 }, { a: 2 }]);
});

test("Parquet errors name the file: not Parquet, a missing column, a value the schema's column cannot hold", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const bad = join(tempDir(), "bad.parquet");
  writeFileSync(bad, "this is not parquet at all");
  await assert.rejects(env.readParquet(bad).collect(), (e: Error) => e.message.includes(bad));
  const good = join(tempDir(), "good.parquet");
  await duckRun(`COPY (SELECT 1 AS a) TO '${good}' (FORMAT parquet)`);
  await assert.rejects(env.readParquet(good, { columns: ["b"] }).collect(), (e: Error) => e.message.includes(good) && /no column 'b'/.test(e.message));
  const out = join(tempDir(), "typed.parquet");
  env.fromElements({ n: "seven" }).writeAsParquet(out, { n: "int" });
  await assert.rejects(env.execute(), (e: Error) => e.message.includes(out) && /column 'n' \(int\) cannot hold the string "seven"/.test(e.message));
});
