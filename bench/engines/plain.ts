/**
 * Hand-written plain JavaScript, single thread: the floor for row objects. Map-based hash
 * joins (build on the second input), Map-based grouping, Array sort, nested Maps for a
 * two-field distinct. No tricks a typical developer would not write.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { Row } from "../lib/checksum.js";
import type { JoinInput, PairInput } from "../lib/data.js";
import { rowsJob, tupleJob, type EngineImpls } from "./types.js";

function buildTable<T extends { k: number }>(rows: readonly T[]): Map<number, T[]> {
  const table = new Map<number, T[]>();
  for (const r of rows) {
    const bucket = table.get(r.k);
    if (bucket === undefined) table.set(r.k, [r]);
    else bucket.push(r);
  }
  return table;
}

function innerJoin({ left, right }: JoinInput): Row[] {
  const table = buildTable(right);
  const out: Row[] = [];
  for (const l of left) {
    const matches = table.get(l.k);
    if (matches !== undefined) for (const r of matches) out.push({ id: l.id, k: l.k, a: l.a, b: r.b });
  }
  return out;
}

function leftOuterJoin({ left, right }: PairInput): Row[] {
  const table = buildTable(right);
  const out: Row[] = [];
  for (const l of left) {
    const matches = table.get(l.k);
    if (matches === undefined) out.push({ k: l.k, a: l.a, b: null });
    else for (const r of matches) out.push({ k: l.k, a: l.a, b: r.b });
  }
  return out;
}

interface Side { n: number; sum: number }

function coGroup({ left, right }: PairInput): Row[] {
  const groups = new Map<number, [Side, Side]>();
  const add = (k: number, side: 0 | 1, v: number): void => {
    let g = groups.get(k);
    if (g === undefined) groups.set(k, (g = [{ n: 0, sum: 0 }, { n: 0, sum: 0 }]));
    g[side].n++;
    g[side].sum += v;
  };
  for (const l of left) add(l.k, 0, l.a);
  for (const r of right) add(r.k, 1, r.b);
  const out: Row[] = [];
  for (const [k, [l, r]] of groups) out.push({ k, nl: l.n, nr: r.n, sa: l.sum, sb: r.sum });
  return out;
}

function wordCount(path: string): Row[] {
  const counts = new Map<string, number>();
  for (const line of readFileSync(path, "utf8").split("\n")) {
    for (const word of line.toLowerCase().split(/\W+/)) {
      if (word !== "") counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts].map(([word, n]) => ({ word, n }));
}

/** Reads users and orders, joins on userId, sums amount and counts per (userId, country). */
function csvJob(ordersPath: string, usersPath: string, outPath: string): void {
  const country = new Map<number, string>();
  const users = readFileSync(usersPath, "utf8").split("\n");
  for (let i = 1; i < users.length; i++) {
    if (users[i] === "") continue;
    const [id, , c] = users[i]!.split(",");
    country.set(Number(id), c!);
  }
  const totals = new Map<number, { total: number; count: number }>();
  const orders = readFileSync(ordersPath, "utf8").split("\n");
  for (let i = 1; i < orders.length; i++) {
    if (orders[i] === "") continue;
    const [, user, amount] = orders[i]!.split(",");
    const id = Number(user);
    if (!country.has(id)) continue;
    const t = totals.get(id);
    if (t === undefined) totals.set(id, { total: Number(amount), count: 1 });
    else {
      t.total += Number(amount);
      t.count++;
    }
  }
  const lines: string[] = [];
  for (const [id, t] of totals) lines.push(`${id},${country.get(id)},${t.total},${t.count}\n`);
  writeFileSync(outPath, lines.join(""));
}

export const plain: EngineImpls = {
  "join-uniform": (input) => rowsJob(() => innerJoin(input)),
  "join-zipf": (input) => rowsJob(() => innerJoin(input)),
  "left-outer-join": (input) => rowsJob(() => leftOuterJoin(input)),
  cogroup: (input) => rowsJob(() => coGroup(input)),
  "group-sum": ({ rows }) =>
    rowsJob(() => {
      const sums = new Map<number, number>();
      for (const r of rows) sums.set(r.k, (sums.get(r.k) ?? 0) + r.v);
      return [...sums].map(([k, s]) => ({ k, s }));
    }),
  distinct: ({ rows }) =>
    rowsJob(() => {
      const seen = new Map<number, Set<number>>();
      const out: Row[] = [];
      for (const r of rows) {
        let bs = seen.get(r.a);
        if (bs === undefined) seen.set(r.a, (bs = new Set()));
        if (!bs.has(r.b)) {
          bs.add(r.b);
          out.push(r);
        }
      }
      return out;
    }),
  sort: ({ rows }) => rowsJob(() => rows.slice().sort((x, y) => x.k - y.k)),
  wordcount: ({ textPath }) => rowsJob(() => wordCount(textPath)),
  "csv-job": ({ ordersPath, usersPath, outPath }) => ({ run: () => csvJob(ordersPath, usersPath, outPath) }),
  "tuple-join": ({ left, right }) =>
    tupleJob(() => {
      const table = new Map<number, [number, number][]>();
      for (const r of right) {
        const b = table.get(r[0]);
        if (b === undefined) table.set(r[0], [r]);
        else b.push(r);
      }
      const out: unknown[][] = [];
      for (const l of left) {
        const m = table.get(l[1]);
        if (m !== undefined) for (const r of m) out.push([l[0], l[1], l[2], r[1]]);
      }
      return out;
    }, ["id", "k", "a", "b"]),
  "tuple-group-sum": ({ rows }) =>
    tupleJob(() => {
      const sums = new Map<number, [number, number, number]>();
      for (const r of rows) {
        const acc = sums.get(r[0]);
        if (acc === undefined) sums.set(r[0], [r[0], r[1], r[2]]);
        else {
          acc[1] += r[1];
          acc[2] += r[2];
        }
      }
      return [...sums.values()];
    }, ["k", "s", "t"]),
  "tuple-distinct": ({ rows }) =>
    tupleJob(() => {
      const seen = new Map<number, Set<string>>();
      const out: unknown[][] = [];
      for (const r of rows) {
        let bs = seen.get(r[0]);
        if (bs === undefined) seen.set(r[0], (bs = new Set()));
        if (!bs.has(r[1])) {
          bs.add(r[1]);
          out.push(r);
        }
      }
      return out;
    }, ["a", "b"]),
};
