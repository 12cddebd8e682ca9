/**
 * Maps, Sets, class instances and cyclic values as keys (issue 13, item 3): Maps and Sets
 * compare by value (entries in the order of their keys' comparison), objects by their own
 * enumerable fields (inherited properties are not fields), a class instance without fields and
 * a cyclic key are rejected at the first record with an error naming the operator and the key.
 */
import assert from "node:assert/strict";
import { JobExecutionException, JoinHint, InvalidProgramException, Order } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

/** A class whose state is not in own enumerable fields. */
class Opaque {
  readonly #id: number;
  constructor(id: number) { this.#id = id; }
  get id(): number { return this.#id; }
}

/** The user-facing error of a failed key: the InvalidProgramException itself or as a cause. */
function keyError(e: unknown): string {
  const err = e instanceof JobExecutionException && e.cause instanceof Error ? e.cause : e;
  assert.ok(err instanceof InvalidProgramException || (err instanceof Error && err.name === "InvalidProgramException"), `got ${String(e)}`);
  return (err as Error).message;
}

testAtParallelism("Maps as keys compare by their entries, whatever the insertion order", async (env) => {
  const maps = [new Map([["a", 1]]), new Map([["a", 2]]), new Map([["b", 1]]), new Map([["a", 1], ["b", 1]])];
  const data = env.fromCollection(maps.map((m, i): [Map<string, number>, number] => [m, i]));
  assert.equal((await data.distinct(0).collect()).length, 4);
  const again = env.fromCollection([new Map([["x", 1], ["y", 2]]), new Map([["y", 2], ["x", 1]]), new Map([["x", 2], ["y", 1]])]);
  assert.equal((await again.distinct().collect()).length, 2);
  const groups = await again.groupBy((m) => m).reduceGroup((vs: Iterable<Map<string, number>>, out) => out.collect([...vs].length)).collect();
  assertSameRecords(groups, [2, 1]);
  // Hash and sort-merge strategies agree on Map keys.
  const left = env.fromCollection<[Map<string, number>, string]>([[new Map([["x", 1], ["y", 2]]), "l1"], [new Map([["x", 2]]), "l2"]]);
  const right = env.fromCollection<[Map<string, number>, string]>([[new Map([["y", 2], ["x", 1]]), "r1"], [new Map([["x", 3]]), "r2"]]);
  for (const hint of [JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_SORT_MERGE, JoinHint.BROADCAST_HASH_SECOND]) {
    assertSameRecords(await left.join(right, hint).where(0).equalTo(0).with((a, b) => [a[1], b[1]]).collect(), [["l1", "r1"]], hint);
  }
});

testAtParallelism("Sets as keys compare by their elements; Map and Set keys sort in a defined order", async (env) => {
  const data = env.fromCollection([new Set([1, 2]), new Set([2, 1]), new Set([3]), new Set<number>()]);
  assert.equal((await data.distinct().collect()).length, 3);
  const sorted = await data.sortPartition((s) => s, Order.ASCENDING).setParallelism(1).map((s) => [...s].sort().join(",")).collect();
  assert.deepEqual(sorted, ["", "1,2", "1,2", "3"]);
});

testAtParallelism("objects as keys: own enumerable fields only, class instances with fields by value", async (env) => {
  const inherited = Object.create({ b: 2 }) as { a: number };
  inherited.a = 1;
  const parsed = JSON.parse('{"a": 1, "constructor": 5}') as { a: number };
  const data = env.fromCollection([{ k: { a: 1 } }, { k: inherited }, { k: parsed }, { k: { a: 2 } }]);
  // {a: 1} and an object inheriting b are one key; an own field named "constructor" is a field.
  assert.equal((await data.distinct("k").collect()).length, 3);
  class Point { constructor(readonly x: number, readonly y: number) {} }
  const points = env.fromCollection([new Point(1, 2), new Point(1, 2), new Point(2, 1)]);
  assert.equal((await points.distinct((p) => p).collect()).length, 2);
});

testAtParallelism("a class instance without fields as a key fails at the first record, naming operator and key", async (env) => {
  const data = env.fromCollection([[new Opaque(1), 1], [new Opaque(2), 2]] as [Opaque, number][]);
  await assert.rejects(data.groupBy(0).sum(1).name("opaque sum").collect(), (e) => {
    const m = keyError(e);
    assert.match(m, /Opaque/);
    assert.match(m, /without fields/);
    assert.match(m, /key field 0/);
    return true;
  });
  await assert.rejects(data.distinct((r) => r[0]).collect(), (e) => /Opaque/.test(keyError(e)));
  await assert.rejects(data.sortPartition(0, Order.ASCENDING).collect(), (e) => /Opaque/.test(keyError(e)));
});

testAtParallelism("a cyclic key is a clear error, not a stack overflow", async (env) => {
  const cyclic = (): unknown[] => { const a: unknown[] = [1]; a.push(a); return a; };
  const selfMap = (): Map<string, unknown> => { const m = new Map<string, unknown>(); m.set("self", m); return m; };
  const data = env.fromCollection<[number, string]>([[1, "x"], [2, "y"]]);
  const runs = [
    () => data.distinct(() => cyclic()).collect(),
    () => data.groupBy(() => cyclic()).reduce((a) => a).collect(),
    () => data.sortPartition(() => cyclic(), Order.ASCENDING).collect(),
    () => data.distinct(() => selfMap()).collect(),
    () => data.join(data).where(() => selfMap()).equalTo(0 as never).collect(),
  ];
  for (const run of runs) await assert.rejects(run(), (e) => /cyclic/.test(keyError(e)));
});
