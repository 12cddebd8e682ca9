/**
 * A projection that takes the same source twice (a position twice, a whole record twice, or a
 * record and one of its fields) gives separate objects, as Flink's serialized records are: a
 * function mutating one field leaves the other alone. Found by the differential fuzzer
 * (FUZZ-FINDINGS F4): the fields were one object.
 */
import assert from "node:assert/strict";
import { testAtParallelism } from "../helpers.js";

type Rec = [[number, number], number];

testAtParallelism("project(0, 0) of a tuple field gives two objects", async (env) => {
  const out = await env.fromCollection<Rec>([[[1, 2], 3]]).project(0, 0).map((r: any) => { r[1][0] = 9; return r; }).collect();
  assert.deepEqual(out, [[[1, 2], [9, 2]]]);
});

testAtParallelism("ProjectCross of the same whole record twice, and of a record and its field", async (env) => {
  const t = env.fromCollection<Rec>([[[1, 2], 3]]);
  const twice = await t.cross(t).projectSecond().projectSecond().map((r: any) => { r[1][0][0] = 9; return r; }).collect();
  assert.deepEqual(twice, [[[[1, 2], 3], [[9, 2], 3]]]);
  const fieldToo = await t.cross(t).projectFirst().projectFirst(0).map((r: any) => { r[1][0] = 9; return r; }).collect();
  assert.deepEqual(fieldToo, [[[[1, 2], 3], [9, 2]]]);
});

testAtParallelism("ProjectJoin of the same position twice", async (env) => {
  const t = env.fromCollection<Rec>([[[1, 2], 3]]);
  const out = await t.join(t).where(1).equalTo(1).projectFirst(0, 0).map((r: any) => { r[1][0] = 9; return r; }).collect();
  assert.deepEqual(out, [[[1, 2], [9, 2]]]);
});
