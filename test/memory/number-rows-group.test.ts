/**
 * A hash group reduce fed by a CSV source whose columns are all numbers: once its groups went to
 * disk, rows go to the spill's typed columns as they lie (runtime/spill/keyed-spill.ts
 * addDirectRow), no record built. Its groups must be exactly the record path's, in arrival order
 * within a group, for keys the columns do not take (NaN, -0, fractions, past int32), at p=1 and 4.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DataSet, ExecutionEnvironment } from "../../src/index.js";
import { DIRECT_ROW_STATS } from "../../src/runtime/spill/keyed-spill.js";
import { envWith, exact, spillRoot, TINY_BUDGET } from "./spill-helpers.js";

const dir = spillRoot();
const ODD = [NaN, -0, 1.5, 2 ** 40, -7];
const ROWS = Array.from({ length: 30000 }, (_, i) => [i % 101 === 0 ? ODD[(i / 101) % ODD.length]! : (i * 7919) % 9001, i, i / 4]);
const CSV = join(dir, "rows.csv");
writeFileSync(CSV, ROWS.map((r) => r.map((v) => (Object.is(v, -0) ? "-0" : String(v))).join(",")).join("\n") + "\n");

/** Per group: its key, its size and its records' second fields in the order the group gives them. */
function grouped(rows: DataSet<any>): DataSet<any> {
  return rows.groupBy(0).reduceGroup((values: Iterable<number[]>, out) => {
    const all = [...values];
    out.collect([all[0]![0], all.length, all.map((v) => v[1]).join(" "), all.reduce((s, v) => s + v[2]!, 0)]);
  });
}

async function run(p: number, budget: number | undefined, source: (env: ExecutionEnvironment) => DataSet<any>): Promise<string[]> {
  const env = envWith(p, budget, spillRoot());
  return (await grouped(source(env)).collect()).map(exact).sort();
}

for (const p of [1, 4]) {
  test(`typed rows spilled by a group reduce give the record path's groups, p=${p}`, async () => {
    const before = DIRECT_ROW_STATS.rows;
    const typed = await run(p, TINY_BUDGET, (env) => env.readCsvFile(CSV).types("number", "number", "number"));
    assert.ok(DIRECT_ROW_STATS.rows > before, "rows went to the spill's columns as numbers");
    const plain = await run(p, undefined, (env) => env.fromCollection(ROWS.map((r) => [...r])));
    assert.equal(typed.length, plain.length);
    assert.deepEqual(typed, plain);
  });
}

const SECOND = ROWS.filter((_, i) => i % 3 !== 0).map((r) => [r[0]!, -r[1]!]);
const SECOND_CSV = join(dir, "second.csv");
writeFileSync(SECOND_CSV, SECOND.map((r) => r.map((v) => (Object.is(v, -0) ? "-0" : String(v))).join(",")).join("\n") + "\n");

/** A coGroup function the optimizer runs as a fold (counts and sums: no records held), and one that holds them. */
const folded = (xs: Iterable<number[]>, ys: Iterable<number[]>, out: { collect(r: unknown): void }): void => {
  let a = 0;
  let b = 0;
  for (const x of xs) a += x[1]!;
  for (const y of ys) b += y[1]!;
  out.collect([a, b]);
};
const listed = (xs: Iterable<number[]>, ys: Iterable<number[]>, out: { collect(r: unknown): void }): void => {
  out.collect([[...xs].map((x) => x[1]).join(" "), [...ys].map((y) => y[1]).join(" ")]);
};

for (const p of [1, 4]) {
  test(`typed rows spilled by a hash coGroup (folded or not) give the record path's groups, p=${p}`, async () => {
    for (const f of [folded, listed]) {
      const co = async (budget: number | undefined, typed: boolean): Promise<string[]> => {
        const env = envWith(p, budget, spillRoot());
        // Untyped, as the group reduce's test: the two kinds of source give one record shape here.
        const first: DataSet<any> = typed ? env.readCsvFile(CSV).types("number", "number", "number") : env.fromCollection(ROWS.map((r) => [...r]));
        const second: DataSet<any> = typed ? env.readCsvFile(SECOND_CSV).types("number", "number") : env.fromCollection(SECOND.map((r) => [...r]));
        return (await first.coGroup(second).where(0).equalTo(0).with(f).collect()).map(exact).sort();
      };
      const before = DIRECT_ROW_STATS.rows;
      const typed = await co(TINY_BUDGET, true);
      assert.ok(DIRECT_ROW_STATS.rows > before, `${f.name}: rows went to the spill's columns as numbers`);
      assert.deepEqual(typed, await co(undefined, false), f.name);
    }
  });
}
