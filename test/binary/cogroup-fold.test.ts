/**
 * A Hash CoGroup whose function is a fold (optimizer/passes/cogroup-fold.ts) runs it per key as
 * the records come: the analysis (what folds, what must not), the plan JSON, and results compared
 * with the same function run over held groups (hidden from the analysis behind a closure), with
 * keys on one side only, conditional writes of a local both loops assign, nested records, a
 * budget small enough that new keys spill, and a throwing function.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, type Collector } from "../../src/index.js";
import { analyzeFold } from "../../src/optimizer/passes/cogroup-fold.js";
import { analyzeCoGroup } from "../../src/optimizer/passes/reads-only-cogroup.js";
import { assertSameRecords, planNodes, seededRandom, testAtParallelism } from "../helpers.js";
import { envWith, exact, spillRoot, TINY_BUDGET } from "../memory/spill-helpers.js";
import { SPILL_STATS } from "../../src/runtime/spill/spill-space.js";

type L = { k: number; a: number };
type R = { k: number; b: number };
type CoGroupFn = (ls: Iterable<any>, rs: Iterable<any>, out: Collector<any>) => void;

/** Functions that fold, each with what makes it interesting. */
const FOLDS: Record<string, CoGroupFn> = {
  // The benchmark's: `k` assigned by both loops, read by neither.
  sums: function (ls, rs, out) {
    let k = 0;
    let nl = 0, sa = 0, nr = 0, sb = 0;
    for (const l of ls) { k = l.k; nl++; sa += l.a; }
    for (const r of rs) { k = r.k; nr++; sb += r.b; }
    out.collect({ k, nl, nr, sa, sb });
  },
  // The second loop assigns the shared local only sometimes: the first loop's value must survive.
  conditional: function (ls, rs, out) {
    let tag = -1;
    for (const l of ls) { tag = l.a; }
    for (const r of rs) { if (r.b % 3 === 0) tag = r.b + 1000; }
    out.collect([tag]);
  },
  // The second group looped first, the first one not at all.
  secondOnly: (ls, rs, out) => {
    let m = -Infinity, n = 0;
    for (const r of rs) if (r.b > m) { m = r.b; n++; }
    if (n > 0) out.collect({ m, n });
  },
  // No loop: one result per key, whatever the groups hold.
  constant: function (ls, rs, out) {
    const c = { one: 1 };
    out.collect([c, Math.max(2, 3)]);
  },
  // Statements after the loops with their own locals, strings, a ternary.
  tail: function (ls, rs, out) {
    let s = "", n = 0;
    for (const l of ls) { s = s + l.a + ","; }
    for (const r of rs) { n += r.b; }
    const t = n > 500 ? "big" : "small";
    let u = s.length;
    u = u * 2;
    out.collect({ s, t, u });
  },
};

const left = (n: number, seed: number): L[] => {
  const rand = seededRandom(seed);
  return Array.from({ length: n }, () => ({ k: Math.floor(rand() * 40), a: Math.floor(rand() * 1000) }));
};
const right = (n: number, seed: number): R[] => {
  const rand = seededRandom(seed);
  // Keys 20..59: some keys on one side only.
  return Array.from({ length: n }, () => ({ k: 20 + Math.floor(rand() * 40), b: Math.floor(rand() * 1000) }));
};

/** The same function where the analysis cannot see it (a closure call): groups held, as before. */
const held = (f: CoGroupFn): CoGroupFn => (ls, rs, out) => f(ls, rs, out);

test("the fold analysis: what folds", () => {
  for (const [name, f] of Object.entries(FOLDS)) {
    const source = f.toString();
    assert.equal(analyzeCoGroup(source), true, name);
    assert.notEqual(analyzeFold(source), undefined, name);
  }
  assert.deepEqual(analyzeFold(FOLDS.sums!.toString())?.state, ["k", "nl", "sa", "nr", "sb"]);
});

test("the fold analysis: what must not fold (loop order, scopes, emits) though it only reads", () => {
  const no = [
    // The second loop reads what the first assigns (the loops would interleave).
    "(a, b, o) => { let n = 0, m = 0; for (const x of a) n++; for (const y of b) m += n; o.collect([m]); }",
    // The first loop reads what the second assigns.
    "(a, b, o) => { let n = 0, m = 0; for (const x of a) m += n; for (const y of b) n++; o.collect([m]); }",
    // A compound assignment reads: both loops update one local.
    "(a, b, o) => { let n = 0; for (const x of a) n += x.v; for (const y of b) n *= 2; o.collect([n]); }",
    // Nested loops over the groups.
    "(a, b, o) => { let n = 0; for (const x of a) for (const y of b) n++; o.collect([n]); }",
    // One group twice.
    "(a, b, o) => { let n = 0; for (const x of a) n++; for (const y of a) n++; o.collect([n]); }",
    // A statement between the loops.
    "(a, b, o) => { let n = 0; for (const x of a) n++; n = n * 2; for (const y of b) n++; o.collect([n]); }",
    // An emit before the loops.
    "(a, b, o) => { let n = 0; o.collect([n]); for (const x of a) n++; }",
    "(a, b, o) => { let n = 0; if (n === 0) o.collect([n]); for (const x of a) n++; }",
    // A declaration inside a loop or a block.
    "(a, b, o) => { let n = 0; for (const x of a) { let y = x.v; n += y; } o.collect([n]); }",
    "(a, b, o) => { let n = 0; { let m = 1; n = m; } for (const x of a) n++; o.collect([n]); }",
    // var (function-scoped), Math.random (its draws would be reordered).
    "(a, b, o) => { var n = 0; for (const x of a) n++; o.collect([n]); }",
    "(a, b, o) => { let n = 0; for (const x of a) n += Math.random(); o.collect([n]); }",
    // The generated code's names.
    "(a, b, o) => { let $cg$id = 0; for (const x of a) $cg$id++; o.collect([$cg$id]); }",
  ];
  for (const s of no) assert.equal(analyzeFold(s), undefined, s);
});

test("the plan JSON names the fold and its per-key state", () => {
  const sink = { writeRecord() {}, open() {}, close() {} } as never;
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  env.fromCollection(left(4, 1)).coGroup(env.fromCollection(right(4, 2))).where("k").equalTo("k").with(FOLDS.sums!).output(sink);
  const node = planNodes(env).find((n) => n.driver_strategy === "Hash CoGroup") as { fold?: unknown } | undefined;
  assert.deepEqual(node?.fold, { state: ["k", "nl", "sa", "nr", "sb"] });
  const other = ExecutionEnvironment.createLocalEnvironment(1);
  other.fromCollection(left(4, 1)).coGroup(other.fromCollection(right(4, 2))).where("k").equalTo("k").with(held(FOLDS.sums!)).output(sink);
  assert.equal((planNodes(other).find((n) => n.driver_strategy === "Hash CoGroup") as { fold?: unknown }).fold, undefined);
});

testAtParallelism("folded coGroups give what the function over held groups gives", async (env, p) => {
  const ls = left(300, 3 + p);
  const rs = right(250, 7 + p);
  for (const [name, f] of Object.entries(FOLDS)) {
    const folded = await env.fromCollection(ls).coGroup(env.fromCollection(rs)).where("k").equalTo("k").with(f).collect();
    const other = ExecutionEnvironment.createLocalEnvironment(p);
    const expected = await other.fromCollection(ls).coGroup(other.fromCollection(rs)).where("k").equalTo("k").with(held(f)).collect();
    assertSameRecords(folded, expected, name);
  }
});

testAtParallelism("a fold over nested records: results never alias the user's elements", async (env) => {
  const nested = [{ k: 1, n: { c: 1 } }, { k: 1, n: { c: 2 } }, { k: 2, n: { c: 3 } }];
  const out = await env.fromCollection(nested).coGroup(env.fromCollection([{ k: 2, b: 5 }])).where("k").equalTo("k")
    .with((ns: Iterable<{ k: number; n: { c: number } }>, _rs: Iterable<R>, o: Collector<{ n: { c: number } | null }>) => {
      let n = null;
      for (const x of ns) n = x.n;
      o.collect({ n });
    }).collect();
  assertSameRecords(out, [{ n: { c: 2 } }, { n: { c: 3 } }]);
  for (const o of out) if (o.n !== null) o.n.c += 100;
  assert.deepEqual(nested, [{ k: 1, n: { c: 1 } }, { k: 1, n: { c: 2 } }, { k: 2, n: { c: 3 } }]);
});

for (const p of [1, 4]) {
  test(`a fold within a tiny budget: the keys past it spill and merge, the same results [p=${p}]`, async () => {
    const root = spillRoot();
    const ls = Array.from({ length: 6000 }, (_, i) => ({ k: (i * 7919) % 5000, a: i % 13 }));
    const rs = Array.from({ length: 5000 }, (_, i) => ({ k: (i * 104729) % 6000, b: i % 17 }));
    const tiny = envWith(p, TINY_BUDGET, root);
    const files = SPILL_STATS.files;
    const folded = await tiny.fromCollection(ls).coGroup(tiny.fromCollection(rs)).where("k").equalTo("k").with(FOLDS.sums!).collect();
    const plenty = envWith(p, 1024 * 2 ** 20, root);
    const expected = await plenty.fromCollection(ls).coGroup(plenty.fromCollection(rs)).where("k").equalTo("k").with(held(FOLDS.sums!)).collect();
    assert.ok(SPILL_STATS.files > files, "the tiny budget spilled");
    assert.deepEqual(folded.map(exact).sort(), expected.map(exact).sort());
  });
}

testAtParallelism("a fold that throws fails the job naming the coGroup", async (env) => {
  const ls = [{ k: 1, a: 1n }, { k: 2, a: 2n }];
  await assert.rejects(
    env.fromCollection(ls).coGroup(env.fromCollection([{ k: 1, b: 1 }])).where("k").equalTo("k")
      .with((xs: Iterable<{ k: number; a: bigint }>, _ys: Iterable<R>, o: Collector<number[]>) => {
        let s = 0;
        for (const x of xs) s += x.a as never;
        o.collect([s]);
      }).name("summing coGroup").collect(),
    (e: Error) => /summing coGroup/.test(e.message) && /BigInt/.test(String(e.message) + String((e as { cause?: unknown }).cause)),
  );
});
