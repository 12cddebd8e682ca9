/** Spill files round-trip every record kind the engine accepts, read back as a stream of batches. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readSpillFile, SpillWriter, spilledRecords } from "../../src/runtime/spill/spill-file.js";
import { registerRecordType } from "../../src/client/execute-plan.js";
import { exact, Point, RECORD_KINDS, spillRoot } from "./spill-helpers.js";
import { join } from "node:path";

registerRecordType(Point);

test("every record kind round-trips through a spill file, keeping prototypes, -0, NaN, undefined", () => {
  const dir = spillRoot();
  for (const kind of RECORD_KINDS) {
    const records = Array.from({ length: 2500 }, (_, i) => kind.make(i % 7, i));
    records.push(kind.make(-0, 1), kind.make(Number.NaN, 2));
    const w = new SpillWriter(join(dir, `${kind.name}.spill`));
    for (const r of records) w.add(r);
    const file = w.close();
    assert.equal(file.records, records.length);
    const back = [...spilledRecords(file.path)];
    assert.deepEqual(back.map(exact), records.map(exact), kind.name);
    if (kind.name === "class") assert.ok(back.every((r) => r instanceof Point && typeof r.sum() === "number"));
    // Read back in batches (a stream), not all at once.
    assert.ok([...readSpillFile(file.path)].length >= 3);
  }
});

test("numbers, including -0 and NaN, and a lone undefined survive", () => {
  const dir = spillRoot();
  const w = new SpillWriter(join(dir, "n.spill"));
  const records: unknown[] = [1.5, -0, Number.NaN, Infinity];
  for (const r of records) w.add(r);
  w.writeBatch([undefined, null, "x"]);
  const back = [...spilledRecords(w.close().path)];
  assert.ok(Object.is(back[1], -0));
  assert.ok(Number.isNaN(back[2]));
  assert.deepEqual(back.slice(4), [undefined, null, "x"]);
});
