/**
 * Arquero 7 (8.x needs a package the registry here does not serve). JS rows go in with
 * aq.from(rows) and come back with objects(). Expressions are given as strings so that
 * Arquero's parser sees exactly what is written, whatever the TypeScript transform does.
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as aq from "arquero";
import { columnarVariants, type ColumnarSpecs } from "./columnar.js";

type Table = ReturnType<typeof aq.from>;

const toRows = (t: Table): object[] => t.objects();
const pair = ({ left, right }: { left: object[]; right: object[] }): { l: Table; r: Table } => ({ l: aq.from(left), r: aq.from(right) });
const innerJoin = { load: pair, op: ({ l, r }: { l: Table; r: Table }) => l.join(r, "k"), toRows };
const zero = "() => 0";

const specs: ColumnarSpecs = {
  "join-uniform": innerJoin,
  "join-zipf": innerJoin,
  "left-outer-join": { load: pair, op: ({ l, r }) => l.join_left(r, "k"), toRows },
  cogroup: {
    load: pair,
    op: ({ l, r }) =>
      l
        .groupby("k").rollup({ nl: "() => op.count()", sa: "d => op.sum(d.a)" })
        .join_full(r.groupby("k").rollup({ nr: "() => op.count()", sb: "d => op.sum(d.b)" }), "k")
        .impute({ nl: zero, sa: zero, nr: zero, sb: zero }),
    toRows,
  },
  "group-sum": { load: ({ rows }) => aq.from(rows), op: (t: Table) => t.groupby("k").rollup({ s: "d => op.sum(d.v)" }), toRows },
  distinct: { load: ({ rows }) => aq.from(rows), op: (t: Table) => t.select("a", "b").dedupe(), toRows },
  // orderby only records the order; reify() applies it, so the sort is inside the timed part.
  sort: { load: ({ rows }) => aq.from(rows), op: (t: Table) => t.orderby("k").reify(), toRows },
  wordcount: {
    load: (input) => input,
    // Arquero has no text reader: the file is read and split into lines in JS (timed).
    op: ({ textPath }) =>
      aq
        .table({ line: readFileSync(textPath, "utf8").split("\n") })
        .derive({ word: "d => op.split(op.lower(d.line), ' ')" })
        .unroll("word")
        .filter("d => d.word !== ''")
        .groupby("word")
        .count({ as: "n" }),
    toRows,
  },
  "csv-job": {
    load: (input) => input,
    op: async ({ ordersPath, usersPath, outPath }) => {
      const [orders, users] = await Promise.all([aq.loadCSV(ordersPath), aq.loadCSV(usersPath)]);
      const result = orders
        .join(users, "userId")
        .groupby("userId", "country")
        .rollup({ total: "d => op.sum(d.amount)", count: "() => op.count()" });
      writeFileSync(outPath, result.toCSV({ header: false }));
    },
    toRows: () => [],
  },
};

const variants = columnarVariants(specs);
/** Arquero end to end from JS rows. */
export const arqueroRows = variants.rows;
/** Arquero on its own tables (and reading files itself). */
export const arqueroNative = variants.native;
