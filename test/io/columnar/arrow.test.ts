/** Arrow IPC in and out: file and stream data Polars wrote read with the right types; data Sluice wrote read back by Polars. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import pl from "nodejs-polars";
import { ExecutionEnvironment, WriteMode } from "../../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../../helpers.js";
import { tempDir } from "../tmp.js";
import { sampleRows } from "./engines.js";

const N = 1000;

function polarsFrame(rows: ReturnType<typeof sampleRows>): pl.DataFrame {
  const col = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((r) => r[k]);
  return pl
    .DataFrame({ i: col("i"), big: col("big"), x: col("x"), s: col("s"), ok: col("ok"), ts: col("ts") })
    .withColumns(pl.col("i").cast(pl.Int32), pl.col("big").cast(pl.Int64), pl.col("x").cast(pl.Float64), pl.col("ts").cast(pl.Datetime("ms")));
}

for (const kind of ["file", "stream"] as const) {
  testAtParallelism(`readArrow: an IPC ${kind} Polars wrote has the right types and values`, async (env) => {
    const dir = tempDir();
    const rows = sampleRows(N);
    // Two files: a directory is read one file per split.
    const halves = [rows.slice(0, 400), rows.slice(400)];
    halves.forEach((h, n) => {
      const path = join(dir, `part-${n}.arrow`);
      if (kind === "file") polarsFrame(h).writeIPC(path);
      else polarsFrame(h).writeIPCStream(path);
    });
    const got = await env.readArrow(dir).collect();
    assertSameRecords(got, rows);
    assert.equal(typeof got.find((r) => r.big !== null)!.big, "bigint");
    assert.ok(got.find((r) => r.ts !== null)!.ts instanceof Date);
    const tuples = await env.readArrow<[string | null, number | null]>(dir, { columns: ["s", "i"], as: "tuples" }).collect();
    assertSameRecords(tuples, rows.map((r) => [r.s, r.i]));
  });
}

for (const kind of ["file", "stream"] as const) {
  testAtParallelism(`writeAsArrow${kind === "stream" ? "Stream" : ""}: Polars reads the same values and types`, async (env, p) => {
    const path = join(tempDir(), "out.arrow");
    const rows = sampleRows(N);
    const schema = { i: "int", big: "bigint", x: "double", s: "string", ok: "boolean", ts: "timestamp" } as const;
    const ds = env.fromCollection(rows).rebalance();
    if (kind === "file") ds.writeAsArrow(path, schema);
    else ds.writeAsArrowStream(path, schema);
    await env.execute();
    // (nodejs-polars 0.25's readIPC(path) rejects every IPC file, its own too; a Buffer works.)
    const files = p > 1 ? readdirSync(path).map((f) => join(path, f)) : [path];
    assert.equal(files.length, p);
    const frames = files.map((f) => (kind === "file" ? pl.readIPC(readFileSync(f)) : pl.readIPCStream(readFileSync(f))));
    assert.deepEqual(
      Object.fromEntries(Object.entries(frames[0]!.schema).map(([k, t]) => [k, String(t)])),
      { i: "DataType(Int32)", big: "DataType(Int64)", x: "DataType(Float64)", s: "DataType(String)", ok: "DataType(Bool)", ts: "DataType(Datetime(ms,))" },
    );
    const back = frames.flatMap((f) => f.toRecords());
    assertSameRecords(back.map((r) => ({ ...r, big: r.big === null ? null : BigInt(r.big as number) })), rows);
  });
}

test("Arrow: a round trip through Sluice keeps tuples; errors name the file; write modes apply", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const dir = tempDir();
  const path = join(dir, "t.arrows");
  env.fromElements<[string, bigint]>(["a", 1n], ["b", 2n]).writeAsArrowStream(path, [["word", "string"], ["n", "bigint"]]);
  await env.execute();
  assertSameRecords(await env.readArrow(path, { as: "tuples" }).collect(), [["a", 1n], ["b", 2n]]);
  env.fromElements(["c", 3n]).writeAsArrowStream(path);
  await assert.rejects(env.execute(), /already exists/);
  env.fromElements(["c", 3n]).writeAsArrowStream(path, WriteMode.OVERWRITE);
  await env.execute();
  assert.deepEqual((await env.readArrow(path).collect()).length, 1);
  const bad = join(dir, "bad.arrow");
  writeFileSync(bad, "not arrow");
  await assert.rejects(env.readArrow(bad).collect(), (e: Error) => e.message.includes(bad));
});
