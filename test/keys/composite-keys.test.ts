/**
 * Keys of two-input operators compare by their leaf fields, as Flink's (issue 13, "Flink
 * programs that must run as written"): a key position whose field is a tuple stands for all its
 * leaves, "*" on a POJO for its fields in sorted order, a selector's 1-tuple for its one field.
 */
import assert from "node:assert/strict";
import { InvalidProgramException, JoinHint, type Collector } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

type Nested = [[number, string], string];

testAtParallelism("where(0) on a nested tuple matches equalTo(\"f0.f0\", \"f0.f1\") and a key of the same nested type", async (env) => {
  const nested = env.fromCollection<Nested>([[[1, "a"], "x"], [[2, "b"], "y"], [[1, "b"], "z"]]);
  const flat = env.fromCollection<[[number, string], number]>([[[1, "a"], 10], [[1, "b"], 20], [[3, "c"], 30]]);
  const pairs = [["x", 10], ["z", 20]];
  for (const hint of [JoinHint.OPTIMIZER_CHOOSES, JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_SORT_MERGE, JoinHint.BROADCAST_HASH_FIRST]) {
    const byLeaves = await nested
      .join(flat, hint)
      .where(0)
      .equalTo("f0.f0", "f0.f1")
      .with((a: Nested, b: [[number, string], number]) => [a[1], b[1]])
      .collect();
    assertSameRecords(byLeaves, pairs, hint);
    const reversed = await flat
      .join(nested, hint)
      .where("f0.f0", "f0.f1")
      .equalTo(0)
      .with((b: [[number, string], number], a: Nested) => [a[1], b[1]])
      .collect();
    assertSameRecords(reversed, pairs, hint);
    const sameType = await nested.join(flat, hint).where(0).equalTo(0).with((a: Nested, b: [[number, string], number]) => [a[1], b[1]]).collect();
    assertSameRecords(sameType, pairs, hint);
  }
  const groups = await nested
    .coGroup(flat)
    .where(0)
    .equalTo("f0.f0", "f0.f1")
    .with((as: Iterable<Nested>, bs: Iterable<[[number, string], number]>, out: Collector<string>) => {
      out.collect([...as].map((a) => a[1]).join("") + "/" + [...bs].map((b) => b[1]).join(""));
    })
    .collect();
  assertSameRecords(groups, ["x/10", "z/20", "y/", "/30"]);
});

testAtParallelism("where(\"*\") on a POJO matches equalTo(\"*\") on a tuple whose leaf types agree in sorted field order", async (env) => {
  const pojos = env.fromCollection([{ name: "a", id: 1 }, { name: "b", id: 2 }]);
  const tuples = env.fromCollection<[number, string]>([[1, "a"], [2, "x"]]);
  const out = await pojos
    .join(tuples)
    .where("*")
    .equalTo("*" as never)
    .with((p: { name: string; id: number }, t: [number, string]) => [p.name, t[0]])
    .collect();
  assertSameRecords(out, [["a", 1]]);
  const merged = await pojos
    .join(tuples, JoinHint.REPARTITION_SORT_MERGE)
    .where("*")
    .equalTo("*" as never)
    .with((p: { name: string; id: number }, t: [number, string]) => [p.name, t[0]])
    .collect();
  assertSameRecords(merged, [["a", 1]]);
  // Leaf types in another order do not match: (id: number, name: string) against (string, number).
  const swapped = env.fromCollection<[string, number]>([["a", 1]]);
  assert.throws(() => pojos.join(swapped).where("*").equalTo("*" as never), InvalidProgramException);
});

testAtParallelism("a coGroup key selector returning a 1-tuple matches a one-field key on the other side", async (env) => {
  const left = env.fromCollection<[number, string]>([[1, "a"], [2, "b"], [1, "c"]]);
  const right = env.fromCollection<[number, number]>([[1, 10], [3, 30]]);
  const groups = await left
    .coGroup(right)
    .where((r) => [r[0]])
    .equalTo(0)
    .with((as: Iterable<[number, string]>, bs: Iterable<[number, number]>, out: Collector<string>) => {
      out.collect(
        [...as]
          .map((a) => a[1])
          .sort()
          .join("") +
          "/" +
          [...bs].map((b) => b[1]).join(""),
      );
    })
    .collect();
  assertSameRecords(groups, ["ac/10", "b/", "/30"]);
  const joined = await right
    .join(left)
    .where(0)
    .equalTo((r) => [r[0]])
    .with((b: [number, number], a: [number, string]) => [a[1], b[1]])
    .collect();
  assertSameRecords(joined, [["a", 10], ["c", 10]]);
});
