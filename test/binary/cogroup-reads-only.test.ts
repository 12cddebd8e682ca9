/**
 * A coGroup function that provably only reads (optimizer/passes/reads-only-cogroup.ts): the
 * analysis, the plan JSON (reads_only, owned results, both sides' collection elements uncopied),
 * and what the user sees: elements untouched and never aliased by a result, results independent.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, type Collector } from "../../src/index.js";
import { analyzeCoGroup } from "../../src/optimizer/passes/reads-only-cogroup.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

type L = { k: number; a: number };
type R = { k: number; b: number };

test("the coGroup analysis: locals, loops over the groups, one collect per call outside loops", () => {
  const yes = [
    "function f(ls, rs, out) { let k = 0; let n = 0, s = 0; for (const l of ls) { k = l.k; n++; s += l.a; } for (const r of rs) k = r.k; out.collect({ k, n, s }); }",
    "function(ls,rs,out){let k=0;let nl=0,sa=0;for(const l of ls){k=l.k;nl++;sa+=l.a}for(const r of rs){k=r.k}out.collect({k,nl,sa})}",
    "(a, b, o) => { let m = -Infinity; for (const x of a) if (x.v > m) m = x.v; if (m > 0) o.collect([m]); else o.collect([0]); }",
    "(a, b, o) => { const c = { n: 0 }; o.collect([c, Math.max(1, 2)]); }",
    "(a, b, o) => { let s = ''; for (const x of b) { s = s + x.name; } o.collect({ s }); }",
  ];
  const no = [
    "(a, b, o) => { for (const x of a) o.collect(x); }", // emits the record itself, and in a loop
    "(a, b, o) => { for (const x of a) o.collect({ k: x.k }); }", // several results per call
    "(a, b, o) => { o.collect([1]); o.collect([2]); }",
    "(a, b, o) => { for (const x of a) x.v++; o.collect([1]); }", // mutates a record
    "(a, b, o) => { let t = null; for (const x of a) t = x; o.collect([t]); }", // keeps a record bare
    "(a, b, o) => { const c = { n: 0 }; for (const x of a) c.n += x.v; o.collect(c); }", // member assignment
    "(a, b, o) => { kept.push(a); o.collect([1]); }",
    "(a, b, o) => { let n = 0; for (const x of a) n += x.f(); o.collect([n]); }",
    "(a, b, o) => { let n = a.length; o.collect([n]); }", // a group is only iterated
    "(a, b, o) => { let n = 0; for (const x of kept) n++; o.collect([n]); }",
    "(a, b, o) => { let n = total; o.collect([n]); }", // a closure variable
    "(a, b, o) => { let a = 1; o.collect([a]); }",
    "(a, b, o) => { let n = 0; while (n < 3) n++; o.collect([n]); }",
    "(a, b, o) => { let Math = 0; o.collect([Math]); }",
    "(a, b, o) => { let n = 0; for (const x of a) { const y = x; n += y.v; } o.collect([n]); }",
    "(a, b, o) => o.collect([1])", // not a block
    "(a, b) => { let n = 0; }",
  ];
  for (const s of yes) assert.equal(analyzeCoGroup(s), true, s);
  for (const s of no) assert.equal(analyzeCoGroup(s), false, s);
});

function sums(ls: Iterable<L>, rs: Iterable<R>, out: Collector<{ k: number; n: number; s: number }>): void {
  let k = 0;
  let n = 0, s = 0;
  for (const l of ls) { k = l.k; n++; s += l.a; }
  for (const r of rs) { k = r.k; n++; s += r.b; }
  out.collect({ k, n, s });
}

const left: L[] = [{ k: 1, a: 1 }, { k: 2, a: 2 }, { k: 2, a: 3 }];
const right: R[] = [{ k: 2, b: 10 }, { k: 3, b: 20 }];

// At p=1 the coGroup chains onto its second input (passes/chaining.ts): the first collection comes
// through a channel that need not copy it, the second straight from its source, not owned.
test("the plan JSON shows a reading coGroup: owned results, the first collection uncopied, the second chained", () => {
  const sink = { writeRecord() {}, open() {}, close() {} } as never;
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  env.fromCollection(left).coGroup(env.fromCollection(right)).where("k").equalTo("k").with(sums).output(sink);
  const nodes = (JSON.parse(env.getExecutionPlan()) as { nodes: { driver_strategy: string; ownership?: Record<string, unknown> }[] }).nodes;
  assert.deepEqual(nodes.find((n) => n.driver_strategy === "Hash CoGroup")?.ownership,
    { output_owned: true, input_owned: false, reads_only: true, uncopied_inputs: ["first"] });
  const writing = ExecutionEnvironment.createLocalEnvironment(1);
  writing.fromCollection(left).coGroup(writing.fromCollection(right)).where("k").equalTo("k")
    .with((ls: Iterable<L>, _rs: Iterable<R>, out: Collector<L>) => { for (const l of ls) { l.a++; out.collect(l); } }).output(sink);
  const w = (JSON.parse(writing.getExecutionPlan()) as { nodes: { driver_strategy: string; ownership?: Record<string, unknown> }[] }).nodes;
  assert.deepEqual(w.find((n) => n.driver_strategy === "Hash CoGroup")?.ownership, { output_owned: false, input_owned: false });
});

testAtParallelism("a reading coGroup over uncopied elements: right results, elements untouched", async (env) => {
  const l = left.map((x) => ({ ...x }));
  const r = right.map((x) => ({ ...x }));
  const out = await env.fromCollection(l).coGroup(env.fromCollection(r)).where("k").equalTo("k").with(sums).collect();
  assertSameRecords(out, [{ k: 1, n: 1, s: 1 }, { k: 2, n: 3, s: 15 }, { k: 3, n: 1, s: 20 }]);
  assert.deepEqual(l, left);
  assert.deepEqual(r, right);
});

testAtParallelism("a reading coGroup over nested elements: results never alias them", async (env) => {
  const nested = [{ k: 1, n: { c: 1 } }, { k: 2, n: { c: 2 } }];
  const out = await env.fromCollection(nested).coGroup(env.fromCollection(right)).where("k").equalTo("k")
    .with((ns: Iterable<{ k: number; n: { c: number } }>, _rs: Iterable<R>, o: Collector<{ n: { c: number } | null }>) => {
      let n = null;
      for (const x of ns) n = x.n;
      o.collect({ n });
    }).collect();
  assertSameRecords(out, [{ n: { c: 1 } }, { n: { c: 2 } }, { n: null }]);
  for (const o of out) if (o.n !== null) o.n.c += 100;
  assert.deepEqual(nested, [{ k: 1, n: { c: 1 } }, { k: 2, n: { c: 2 } }]);
});
