/**
 * Where the engine copies records into user functions (optimizer/passes/ownership.ts,
 * passes/reads-only.ts): FUZZ-FINDINGS F5 (a function emitting one object twice, or two records
 * sharing a nested object, then a chained function mutating its input) and the copies a function
 * that only reads its arguments does not need.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, type Collector } from "../../src/index.js";
import { analyze } from "../../src/optimizer/passes/reads-only.js";
import { analyzeFlat } from "../../src/optimizer/passes/reads-only-flat.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

testAtParallelism("F5: a chained map mutating a record its producer emitted twice sees its own copy each time", async (env) => {
  const out = await env.fromCollection([["a"]])
    .flatMap((r: string[], o: Collector<string[]>) => { o.collect(r); o.collect(r); })
    .map((r) => { r[0] += "x"; return r; })
    .collect();
  assert.deepEqual(out, [["ax"], ["ax"]]);
});

testAtParallelism("F5: records sharing a nested object are independent for a mutating consumer", async (env) => {
  const shared = [0];
  const out = await env.fromElements(1, 2).flatMap((x: number, o: Collector<[number[], number]>) => o.collect([shared, x]))
    .map((r) => { r[0][0]!++; return r; })
    .collect();
  assertSameRecords(out, [[[1], 1], [[1], 2]]);
  assert.deepEqual(shared, [0], "the function's own object is not mutated");
});

testAtParallelism("F5: a flat join emitting two records that share its arguments, then an in-place map", async (env) => {
  const d0 = env.fromElements<[number, string]>([-1, "a b"]);
  const out = await d0.joinWithHuge(d0).where(0, 1).equalTo(0, 1)
    .with((a: [number, string], b: [number, string], o: Collector<[number, string][]>) => { o.collect([a, b]); o.collect([a, b]); })
    .map((r) => { r[1]![1] += "x"; return r; })
    .collect();
  assertSameRecords(out, [[[-1, "a b"], [-1, "a bx"]], [[-1, "a b"], [-1, "a bx"]]]);
});

testAtParallelism("a filter that mutates its input passes on the record it mutated", async (env) => {
  const out = await env.fromCollection([{ v: 1 }, { v: 2 }]).flatMap((r: { v: number }, o: Collector<{ v: number }>) => { o.collect(r); o.collect(r); })
    .filter((r) => { r.v *= 10; return true; })
    .collect();
  assertSameRecords(out, [{ v: 10 }, { v: 10 }, { v: 20 }, { v: 20 }]);
});

test("the reads-only analysis accepts field reads, literals and pure globals only", () => {
  const yes = [
    "(l, r) => ({ id: l.id, k: l.k, a: l.a, b: r.b })",
    "(l, r) => ({ k: l.k, a: l.a, b: r === null ? null : r.b })",
    "(o, u) => [o[1], u[2], o[2], 1]",
    "function (a, b) { return a.x + Math.max(b[\"y\"], 3) / 2; }",
    "r => ({ ...r, n: Number(r.s) })",
    "(a) => typeof a.x === \"string\" && a?.y > 0",
    "({ a }) => a",
    "([, component], [, neighbour]) => [neighbour, component]",
    "({ id, v: value }, [k]) => ({ id, value, k, w: value.w })",
  ];
  const no = [
    "(r) => { r.x = 1; return r; }", "(r) => r", "(r) => [r, 1]", "(r) => r.xs.push(1)", "(r) => (r.n++, 1)",
    "(r) => ({ x: r[i] })", "(r) => ({ s: shared })", "(r) => ({ m: Math })", "(r) => f(r.x)", "(r) => ({ d: new Date(r.t) })",
    "(r) => `${r.x}`", "(r) => /a/.test(r.s)", "(r) => r.xs.map((x) => x)", "(r) => (r).xs.sort()", "(r) => ({ p: r.__proto__ })",
    "(r) => this.x", "(a = {}) => a.x",
    "([a = 1]) => a", "([a, ...rest]) => rest", "({ a: { b } }) => b", "({ ...o }) => o", "([a]) => a.push(1)", "({ a }) => (a.x = 1)",
    "([a], a) => a", "({ [k]: v }) => v", "({ __proto__: p }) => p", "([Math]) => Math", "([a]) => { a.x = 1; return 1; }", "async (r) => r.x", "(r) => { const x = r.x; return x; }", "(r) => delete r.x",
    "(r) => String(r).length",
  ];
  for (const s of yes) assert.equal(analyze(s), true, s);
  for (const s of no) assert.equal(analyze(s), false, s);
});

testAtParallelism("a reading join over records with nested objects still copies them for each result", async (env) => {
  const left = env.fromCollection([{ k: 1, n: { c: 0 } }]);
  const right = env.fromCollection([{ k: 1 }, { k: 1 }]);
  const out = await left.join(right).where("k").equalTo("k")
    .with((l, r) => ({ k: r.k, n: l.n }))
    .map((x) => { x.n.c++; return x; })
    .collect();
  assertSameRecords(out, [{ k: 1, n: { c: 1 } }, { k: 1, n: { c: 1 } }]);
});

test("a reading map over the user's nested elements leaves them untouched", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const elements = [{ n: { c: 0 } }, { n: { c: 5 } }];
  const out = await env.fromCollection(elements).map((r) => ({ n: r.n })).map((x) => { x.n.c++; return x; }).collect();
  assertSameRecords(out, [{ n: { c: 1 } }, { n: { c: 6 } }]);
  assert.deepEqual(elements, [{ n: { c: 0 } }, { n: { c: 5 } }]);
});

test("the plan JSON shows the copy decisions", () => {
  const mapOf = (fn: (r: { k: number; v: number }) => unknown) => {
    const env = ExecutionEnvironment.createLocalEnvironment(1);
    env.fromCollection([{ k: 1, v: 2 }]).map(fn).output({ writeRecord() {}, open() {}, close() {} } as never);
    const nodes = (JSON.parse(env.getExecutionPlan()) as { nodes: { driver_strategy: string; ownership?: Record<string, unknown> }[] }).nodes;
    return nodes.find((n) => n.driver_strategy === "Map")?.ownership;
  };
  assert.deepEqual(mapOf((r) => ({ k: r.k })), { output_owned: true, input_owned: false, input_copy: "nested", reads_only: true });
  assert.deepEqual(mapOf((r) => { r.v++; return r; }), { output_owned: false, input_owned: false, input_copy: "all" });
});

test("the reads-only analysis of a function emitting through its collector: at most one collect(expr) per path", () => {
  const yes = [
    "(a, b, out) => out.collect([a.k, b.v])",
    "(x, out) => { out.collect({ k: x.k, n: x.v * 2 }); }",
    "(x, out) => { if (x.v > 0) out.collect({ k: x.k }); }",
    "(x, out) => { if (x.v > 0) { out.collect([x.k, 1]); } else if (x.v < 0) out.collect([x.k, -1]); else { ; } }",
    "function (l, r, o) { o.collect({ k: l.k, b: r === null ? null : r.b }); }",
  ];
  const no = [
    "(x, out) => { out.collect({ k: x.k }); out.collect({ k: x.k }); }", "(x, out) => out.collect(x)", "(x, out) => { x.v++; out.collect([x.v]); }",
    "(x, out) => { for (const w of x.ws) out.collect(w); }", "(x, out) => out.collect(out)", "(x, out) => { keep.push(x); out.collect([x.k]); }",
    "(x, out) => { if (x.v > 0) out.collect([x.k]); out.collect([1]); }", "(x, out) => out.collect([x.k]), out.collect([1])", "(x) => x.k",
    "(x, out) => { out.emit([x.k]); }", "(x, out) => { return out.collect([x.k]); }", "(x, out) => out.collect([x.k], x)",
    "(x, { collect }) => collect([x.k])", "(out, { collect }) => out.collect([1])",
  ];
  for (const s of yes) assert.equal(analyzeFlat(s), true, s);
  for (const s of no) assert.equal(analyzeFlat(s), false, s);
});

test("the plan JSON shows a reading FlatMap and FlatJoinFunction: no copies of flat records, owned results", () => {
  const ownershipOf = (build: (env: ExecutionEnvironment) => void, strategy: RegExp) => {
    const env = ExecutionEnvironment.createLocalEnvironment(1);
    build(env);
    const nodes = (JSON.parse(env.getExecutionPlan()) as { nodes: { driver_strategy: string; ownership?: Record<string, unknown> }[] }).nodes;
    return nodes.find((n) => strategy.test(n.driver_strategy))?.ownership;
  };
  const sink = { writeRecord() {}, open() {}, close() {} } as never;
  const flatMap = (fn: (r: { k: number; v: number }, o: Collector<unknown>) => void) =>
    ownershipOf((env) => env.fromCollection([{ k: 1, v: 2 }]).flatMap(fn).output(sink), /^FlatMap$/);
  assert.deepEqual(flatMap((r, o) => { if (r.v > 0) o.collect({ k: r.k }); }), { output_owned: true, input_owned: false, input_copy: "nested", reads_only: true });
  assert.deepEqual(flatMap((r, o) => { o.collect(r); o.collect(r); }), { output_owned: false, input_owned: false, input_copy: "all" });
  const join = ownershipOf((env) => {
    env.fromCollection([{ k: 1, v: 2 }]).join(env.fromCollection([{ k: 1, w: 3 }])).where("k").equalTo("k")
      .with((l: { k: number; v: number }, r: { k: number; w: number }, o: Collector<number[]>) => o.collect([l.k, l.v, r.w])).output(sink);
  }, /^Hybrid Hash/);
  assert.equal(join?.["reads_only"], true);
  assert.equal(join?.["output_owned"], true);
});

testAtParallelism("a reading FlatMap and FlatJoinFunction over nested elements: the user's objects untouched, results independent", async (env) => {
  const elements = [{ k: 1, n: { c: 0 } }, { k: 2, n: { c: 5 } }];
  const out = await env.fromCollection(elements)
    .flatMap((r: { k: number; n: { c: number } }, o: Collector<{ k: number; n: { c: number } }>) => { if (r.k > 0) o.collect({ k: r.k, n: r.n }); })
    .map((x) => { x.n.c++; return x; })
    .collect();
  assertSameRecords(out, [{ k: 1, n: { c: 1 } }, { k: 2, n: { c: 6 } }]);
  const joined = await env.fromCollection(elements).join(env.fromCollection([{ k: 1 }, { k: 1 }])).where("k").equalTo("k")
    .with((l: { k: number; n: { c: number } }, r: { k: number }, o: Collector<{ k: number; n: { c: number } }>) => o.collect({ k: r.k, n: l.n }))
    .map((x) => { x.n.c++; return x; })
    .collect();
  assertSameRecords(joined, [{ k: 1, n: { c: 1 } }, { k: 1, n: { c: 1 } }]);
  assert.deepEqual(elements, [{ k: 1, n: { c: 0 } }, { k: 2, n: { c: 5 } }]);
});
