/** The five out-of-core jobs in DuckDB under memory_limit='512MB' (the independent computation). */
import { join } from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { DuckDBInstance } from "@duckdb/node-api";
import type { Job } from "../out-of-core.js";

const csv = (dir: string, name: string, second: "BIGINT" | "VARCHAR" = "BIGINT"): string =>
  `read_csv('${join(dir, name)}', header=false, columns={'k': 'BIGINT', 'v': '${second}'})`;

function sql(job: Job, dir: string): string[] {
  switch (job) {
    case "sort":
      return [`CREATE TEMP TABLE sorted AS SELECT * FROM ${csv(dir, "sort.csv", "VARCHAR")} ORDER BY k`, "SELECT count(*) AS n, sum(k) AS s FROM sorted"];
    case "join":
      return [`SELECT count(*) AS n, sum(l.v + r.v) AS s FROM ${csv(dir, "join-left.csv")} l JOIN ${csv(dir, "join-right.csv")} r ON l.k = r.k`];
    case "reduceGroup":
      return [`SELECT count(*) AS n, sum(c * s) AS s FROM (SELECT k, count(*) AS c, sum(v) AS s FROM ${csv(dir, "group.csv")} GROUP BY k)`];
    case "distinct":
      return [`SELECT count(*) AS n, sum(k) AS s FROM (SELECT DISTINCT k FROM ${csv(dir, "distinct.csv")})`];
    case "coGroup":
      return [
        `SELECT count(*) AS n, sum(coalesce(nl, 0) * 3 + coalesce(nr, 0)) AS s FROM (SELECT k, count(*) AS nl FROM ${csv(dir, "cog-left.csv")} GROUP BY k) a ` +
          `FULL OUTER JOIN (SELECT k, count(*) AS nr FROM ${csv(dir, "cog-right.csv")} GROUP BY k) b USING (k)`,
      ];
  }
}

export async function runDuck(job: Job, dir: string): Promise<string> {
  const temp = mkdtempSync(join(tmpdir(), "sluice-ooc-duck-"));
  try {
    const con = await (await DuckDBInstance.create(":memory:")).connect();
    await con.run(`SET memory_limit='512MB'`);
    await con.run(`SET temp_directory='${temp}'`);
    const statements = sql(job, dir);
    for (const s of statements.slice(0, -1)) await con.run(s);
    const rows = (await con.runAndReadAll(statements[statements.length - 1]!)).getRowObjectsJS();
    const r = rows[0] as { n: unknown; s: unknown };
    return `${String(r.n)}:${String(r.s ?? 0)}`;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
