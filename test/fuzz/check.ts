/**
 * Compares what Sluice observed with the model: as multisets where Flink gives no order, in order
 * where it does (a sorted partition, a sorted group), and by the properties a partitioning
 * promises (one partition per key, ordered ranges, the custom partitioner's choice).
 */
import { schemaOf, type Key, type Node, type Program, type Schema } from "./ast.js";
import { evaluate, groupsOf } from "./model.js";
import type { Observed } from "./runner.js";
import { customKeyOf } from "./udfs.js";
import { partitioner } from "./build.js";
import { canon, compareBy, compareValues, keyOf, leaves } from "./values.js";

type Rec = any;

function bagDiff(actual: readonly Rec[], expected: readonly Rec[]): string | undefined {
  const count = new Map<string, number>();
  for (const r of expected) count.set(canon(r), (count.get(canon(r)) ?? 0) + 1);
  for (const r of actual) count.set(canon(r), (count.get(canon(r)) ?? 0) - 1);
  const missing = [...count].filter(([, c]) => c > 0).map(([k, c]) => `${k} x${c}`);
  const extra = [...count].filter(([, c]) => c < 0).map(([k, c]) => `${k} x${-c}`);
  if (missing.length === 0 && extra.length === 0) return undefined;
  return `expected ${expected.length} records, got ${actual.length}\n  missing: ${missing.slice(0, 8).join(" ") || "-"}\n  unexpected: ${extra.slice(0, 8).join(" ") || "-"}`;
}

/** Flink's text of a record (API.md, Printing). */
export function textOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return `(${v.map(textOf).join(",")})`;
  if (typeof v === "object") return JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? String(x) : x));
  return String(v);
}

/** Compares; returns undefined when the result is right, else what differs. */
export function compare(p: Program, observed: Observed): string | undefined {
  const root = p.root;
  const s = schemaOf(root.node);
  const expected = evaluate(root.node);
  if (observed.kind === "count") return observed.count === expected.length ? undefined : `count: expected ${expected.length}, got ${observed.count}`;
  if (observed.kind === "lines") {
    const lines = expected.map((r) => (p.sink === "csv" ? (r as unknown[]).map((f) => String(f)).join(",") : textOf(r)));
    return bagDiff(observed.lines, lines);
  }
  const rows = observed.rows;
  switch (root.kind) {
    case "bag":
      return bagDiff(rows, expected);
    case "seq": {
      const d = bagDiff(rows, expected);
      if (d !== undefined) return d;
      const keys = (rs: Rec[]) => rs.map((r) => canon(root.node.orders.map(([k]) => keyOf(s, k, r))));
      const [a, e] = [keys(rows), keys(expected)];
      const i = a.findIndex((k, j) => k !== e[j]);
      return i < 0 ? undefined : `order differs at ${i}: expected sort key ${e[i]}, got ${a[i]}`;
    }
    case "tagged":
      return checkTagged(root.node, s, rows, expected, p.parallelism);
    case "first":
      return checkGroups(s, root.key, expected, rows, (g) => Math.min(root.n, g.length), root.orders);
    case "distinctBy":
      return checkGroups(s, root.key, expected, rows, () => 1, []);
    case "pickBy":
      return checkGroups(
        s,
        root.key,
        expected,
        rows,
        () => 1,
        root.fields.map((f) => [{ k: "pos", pos: [f] }, root.max ? "DESC" : "ASC"] as const),
      );
  }
}

/** Each group gives `take(group)` of its records; with orders, the first ones under them. */
function checkGroups(
  s: Schema,
  key: Key | undefined,
  input: Rec[],
  rows: Rec[],
  take: (g: Rec[]) => number,
  orders: readonly (readonly [Key, "ASC" | "DESC"])[],
): string | undefined {
  const groups = groupsOf(s, key, input);
  const got = new Map(groupsOf(s, key, rows).map((g) => [canon(key === undefined ? [] : keyOf(s, key, g[0])), g]));
  for (const g of groups) {
    const k = canon(key === undefined ? [] : keyOf(s, key, g[0]));
    const mine = got.get(k) ?? [];
    got.delete(k);
    const n = take(g);
    if (mine.length !== n) return `group ${k}: expected ${n} records, got ${mine.length}: ${mine.map(canon).join(" ")}`;
    const pool = g.map(canon);
    for (const r of mine) {
      const i = pool.indexOf(canon(r));
      if (i < 0) return `group ${k}: ${canon(r)} is not one of its input records`;
      pool.splice(i, 1);
    }
    if (orders.length > 0) {
      const sortKey = (r: Rec) => canon(orders.map(([o]) => keyOf(s, o, r)));
      const want = [...g]
        .sort((x, y) => compareBy(s, orders, x, y))
        .slice(0, n)
        .map(sortKey)
        .sort();
      const have = mine.map(sortKey).sort();
      if (canon(want) !== canon(have)) return `group ${k}: expected the first ${n} by sort key ${want.join(" ")}, got ${have.join(" ")}`;
    }
  }
  if (got.size > 0) return `unexpected groups ${[...got.keys()].join(" ")}`;
  return undefined;
}

function checkTagged(n: Node, s: Schema, rows: Rec[], expected: Rec[], envP: number): string | undefined {
  const d = bagDiff(rows.map((r) => r[2]), expected);
  if (d !== undefined) return d;
  const parts = new Map<number, Rec[]>();
  for (const [sub, i, r] of [...rows].sort((x, y) => x[0] - y[0] || x[1] - y[1])) {
    void i;
    if (!parts.has(sub)) parts.set(sub, []);
    parts.get(sub)!.push(r);
  }
  switch (n.op) {
    case "partitionByHash": case "partitionByRange": {
      const where = new Map<string, number>();
      for (const [sub, , r] of rows) {
        const k = canon(keyOf(s, n.key, r));
        if ((where.get(k) ?? sub) !== sub) return `key ${k} is in partitions ${where.get(k)} and ${sub}`;
        where.set(k, sub);
      }
      if (n.op === "partitionByRange") {
        const subs = [...parts.keys()].sort((a, b) => a - b);
        for (let j = 1; j < subs.length; j++) {
          const maxPrev = parts.get(subs[j - 1])!.map((r) => keyOf(s, n.key, r)).sort(compareValues).pop();
          const minHere = parts.get(subs[j])!.map((r) => keyOf(s, n.key, r)).sort(compareValues)[0];
          if (compareValues(maxPrev, minHere) > 0)
            return `ranges out of order: partition ${subs[j - 1]} holds ${canon(maxPrev)}, partition ${subs[j]} holds ${canon(minHere)}`;
        }
      }
      return undefined;
    }
    case "partitionCustom": {
      const np = n.par ?? envP;
      for (const [sub, , r] of rows) {
        const want = partitioner(customKeyOf(s, n.key, r), np);
        if (want !== sub) return `record ${canon(r)} is in partition ${sub}, the partitioner chose ${want}`;
      }
      return undefined;
    }
    case "sortPartition": {
      for (const [sub, rs] of parts) {
        for (let j = 1; j < rs.length; j++) {
          if (compareBy(s, n.orders, rs[j - 1], rs[j]) > 0) return `partition ${sub} is not sorted at ${j}: ${canon(rs[j - 1])} before ${canon(rs[j])}`;
        }
      }
      return undefined;
    }
    default: return undefined;
  }
}

/** Whether a schema's leaves are all plain values a CSV line can hold. */
export function isFlatTuple(s: Schema): boolean {
  return "t" in s && s.t.every((t) => typeof t === "string") && leaves(s).length > 0;
}
