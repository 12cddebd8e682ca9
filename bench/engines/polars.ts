/**
 * nodejs-polars 0.25.2: JS rows go in as typed-array columns (much faster than
 * pl.DataFrame(rows)), results come back through toObject() and a zip (faster than
 * toRecords()). Polars uses all cores on its own.
 */
import pl from "nodejs-polars";
import type { Row } from "../lib/checksum.js";
import { columnarVariants, intColumns, zipColumns, type ColumnarSpecs } from "./columnar.js";

type DF = pl.DataFrame;

function toRows(df: DF): Row[] {
  const obj = df.toObject() as Record<string, ArrayLike<unknown>>;
  return zipColumns(df.columns, df.columns.map((c) => obj[c]!), df.height);
}

const frame = (rows: readonly object[], names: string[]): DF => pl.DataFrame(intColumns(rows, names));

const innerJoin = {
  load: ({ left, right }: { left: object[]; right: object[] }) => ({ l: frame(left, ["id", "k", "a"]), r: frame(right, ["k", "b"]) }),
  op: ({ l, r }: { l: DF; r: DF }) => l.join(r, { on: "k" }),
  toRows,
};

const pair = ({ left, right }: { left: object[]; right: object[] }): { l: DF; r: DF } => ({ l: frame(left, ["k", "a"]), r: frame(right, ["k", "b"]) });

const specs: ColumnarSpecs = {
  "join-uniform": innerJoin,
  "join-zipf": innerJoin,
  "left-outer-join": { load: pair, op: ({ l, r }) => l.join(r, { on: "k", how: "left" }), toRows },
  cogroup: {
    load: pair,
    op: ({ l, r }) => {
      const a = l.groupBy("k").agg(pl.len().alias("nl"), pl.col("a").sum().alias("sa"));
      const b = r.groupBy("k").agg(pl.len().alias("nr"), pl.col("b").sum().alias("sb"));
      return a.join(b, { on: "k", how: "full", coalesce: true }).fillNull(0);
    },
    toRows,
  },
  "group-sum": {
    load: ({ rows }) => frame(rows, ["k", "v"]),
    op: (df: DF) => df.groupBy("k").agg(pl.col("v").sum().alias("s")),
    toRows,
  },
  distinct: {
    load: ({ rows }) => frame(rows, ["a", "b", "c"]),
    op: (df: DF) => df.select("a", "b").unique(),
    toRows,
  },
  sort: {
    load: ({ rows }) => frame(rows, ["k", "id", "v"]),
    op: (df: DF) => df.sort("k"),
    toRows,
  },
  wordcount: {
    load: (input) => input,
    // scanCSV: readCSV takes a path only when it ends in .csv/.tsv. The text has no quotes or tabs.
    op: ({ textPath }) =>
      pl
        .scanCSV(textPath, { hasHeader: false, sep: "\t" })
        .select(pl.col("column_1").str.toLowerCase().str.split(" ").alias("word"))
        .explode("word")
        .filter(pl.col("word").neq(pl.lit("")))
        .groupBy("word")
        .agg(pl.len().alias("n"))
        .collect(),
    toRows,
  },
  "csv-job": {
    load: (input) => input,
    op: async ({ ordersPath, usersPath, outPath }) => {
      const result = await pl
        .scanCSV(ordersPath)
        .join(pl.scanCSV(usersPath), { on: "userId" })
        .groupBy(["userId", "country"])
        .agg(pl.col("amount").sum().alias("total"), pl.len().alias("count"))
        .collect();
      result.writeCSV(outPath, { includeHeader: false });
    },
    toRows: () => [],
  },
};

const variants = columnarVariants(specs);
/** Polars end to end from JS rows. */
export const polarsRows = variants.rows;
/** Polars on its own DataFrames (and reading files itself). */
export const polarsNative = variants.native;
