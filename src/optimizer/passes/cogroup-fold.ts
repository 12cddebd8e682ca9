/**
 * A coGroup function that only reads (reads-only-cogroup.ts) and has the shape of a fold, run per
 * key as the records come instead of over held groups (issue 15: no record held, no group built):
 *
 *   (first, second, out) => { P; for (const a of first) A; for (const b of second) B; T }
 *
 * - P: top-level declarations (`let` / `const`, no `var`) and other statements without loops or
 *   `collect`: run once per key when the key first comes; its top-level locals are the key's state;
 * - at most one loop per group, the loops one after the other, their bodies without loops or
 *   declarations, each loop variable used only inside its loop;
 * - T: the rest, without loops: run once per key at the end, in the order keys first came (the
 *   calls' order), where it emits as the function would.
 * Running A for each record of the first input as it arrives and B for each of the second is the
 * function's own loops reordered only if neither loop reads a local the other assigns; a local
 * both assign (neither reads it) is kept twice, and at the end the later loop's value wins when
 * that loop assigned it at all, as it would have run last. Every declaration is a top-level
 * statement, so the generated functions resolve every name as the function did. `Math.random`
 * (whose draws would be reordered) and names starting with `$cg$` (the generated code's) refuse.
 *
 * The result is the source of a factory `(NOT, capacity) => ({ init(id), add: [A?, B?], emit(id, out) })`
 * over per-local arrays indexed by key id; it is compiled here once to make sure it parses. When
 * a loop throws, the job fails as the function's call would, but at the record rather than at the
 * end (so with several throwing keys another one may be the one reported).
 */
import type { CoGroupFold } from "../../plan/physical.js";
import { tokenize, header, type Token } from "./reads-only.js";
import { readsOnlyCoGroup, statementEnd } from "./reads-only-cogroup.js";

const DECLARE = new Set(["let", "const", "var"]);
const UPDATE = new Set(["+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=", "++", "--"]);
/** Tokens after which `x =` starts a statement (a pure assignment, not a read of x). */
const STATEMENT_START = new Set([";", "{", "}", ")", "else"]);
const PREFIX = "$cg$";

const cache = new WeakMap<object, CoGroupFold | null>();

/** The fold of a coGroup function (see above), or undefined when it is not one; cached per function. */
export function coGroupFold(fn: unknown): CoGroupFold | undefined {
  if (typeof fn !== "function" || !readsOnlyCoGroup(fn)) return undefined;
  const known = cache.get(fn);
  if (known !== undefined) return known ?? undefined;
  let fold: CoGroupFold | undefined;
  try {
    fold = analyzeFold(Function.prototype.toString.call(fn));
  } catch {
    fold = undefined;
  }
  cache.set(fn, fold ?? null);
  return fold;
}

interface Loop {
  readonly side: 0 | 1;
  readonly record: string;
  readonly body: Token[];
}

/** The fold of a coGroup function's source text, which reads-only-cogroup.ts accepts (exported for tests). */
export function analyzeFold(source: string): CoGroupFold | undefined {
  const tokens = tokenize(source);
  if (tokens === undefined) return undefined;
  const head = header(tokens);
  if (head === undefined || !head.block || head.params.length !== 3) return undefined;
  const [first, second, out] = head.params as [string, string, string];
  const body = tokens.slice(head.bodyStart);
  if (body.some((t) => t.v.startsWith(PREFIX) || t.v === "random" || t.v === "var")) return undefined;
  const prelude: Token[][] = [];
  const tail: Token[][] = [];
  const loops: Loop[] = [];
  const lets: string[] = [];
  const consts: string[] = [];
  const tailLocals = new Set<string>();
  const declarations = new Set<number>();
  for (let i = 1; i < body.length - 1;) {
    const end = statementEnd(body, i, body.length - 1);
    if (end === undefined) return undefined;
    const s = body.slice(i, end);
    const v = s[0]!.v;
    if (v === "for") {
      const group = s[5]?.v;
      const side = group === first ? 0 : group === second ? 1 : undefined;
      if (side === undefined || loops.some((l) => l.side === side) || tail.length > 0) return undefined;
      declarations.add(i + 2);
      loops.push({ side, record: s[3]!.v, body: s.slice(7) });
    } else if (loops.length === 0 && !names(s).has(out)) {
      if (DECLARE.has(v)) {
        declarations.add(i);
        for (const name of declaredNames(s)) (v === "const" ? consts : lets).push(name);
      }
      prelude.push(s);
    } else {
      if (DECLARE.has(v)) {
        declarations.add(i);
        for (const name of declaredNames(s)) tailLocals.add(name);
      }
      tail.push(s);
    }
    i = end;
  }
  // Every declaration a top-level statement (or a loop's header), no loop outside the top level.
  for (let i = 0; i < body.length; i++) {
    if (DECLARE.has(body[i]!.v) && !declarations.has(i)) return undefined;
  }
  if ([...prelude, ...tail].some((s) => s.some((t) => t.v === "for"))) return undefined;
  const state = [...lets, ...consts];
  const stateSet = new Set(state);
  // Loop variables only inside their loops; loops see only the state and their record.
  for (const loop of loops) {
    const outside = [...prelude, ...tail, ...loops.filter((l) => l !== loop).map((l) => l.body)];
    if (outside.some((s) => names(s).has(loop.record))) return undefined;
    for (const n of names(loop.body)) if (tailLocals.has(n)) return undefined;
  }
  for (const s of prelude) for (const n of names(s)) if (tailLocals.has(n)) return undefined;
  const access = loops.map((l) => accesses(l.body, stateSet));
  let shared: string[] = [];
  if (loops.length === 2) {
    const [a, b] = access as [Access, Access];
    for (const n of a.reads) if (b.writes.has(n)) return undefined;
    for (const n of b.reads) if (a.writes.has(n)) return undefined;
    shared = [...a.writes].filter((n) => b.writes.has(n));
  }
  const factory = factorySource({ prelude, tail, loops, access, lets, consts, shared, out });
  // Throws (and so refuses) when the pieces do not parse as they stand.
  new Function(factory);
  return { state, source: factory };
}

/** The names a declaration statement (`let a = e, b;`) declares: after the keyword and each top-level comma. */
function declaredNames(s: Token[]): string[] {
  const out = [s[1]!.v];
  let depth = 0;
  for (let j = 2; j < s.length; j++) {
    const v = s[j]!.v;
    if (v === "(" || v === "[" || v === "{") depth++;
    else if (v === ")" || v === "]" || v === "}") depth--;
    else if (v === "," && depth === 0) out.push(s[j + 1]!.v);
  }
  return out;
}

/** The identifiers of ts that are not property names (`.x`, `?.x`). */
function names(ts: Token[]): Set<string> {
  const out = new Set<string>();
  ts.forEach((t, i) => {
    const prev = ts[i - 1]?.v;
    if (t.t === "id" && prev !== "." && prev !== "?.") out.add(t.v);
  });
  return out;
}

interface Access {
  /** State locals read (any use but the target of a plain `x = e` statement). */
  readonly reads: Set<string>;
  /** State locals assigned (`x = e`, `x op= e`, `x++`, ...). */
  readonly writes: Set<string>;
}

/** What a loop body does with the state locals. */
function accesses(ts: Token[], state: ReadonlySet<string>): Access {
  const reads = new Set<string>();
  const writes = new Set<string>();
  ts.forEach((t, i) => {
    const prev = ts[i - 1]?.v;
    if (t.t !== "id" || !state.has(t.v) || prev === "." || prev === "?.") return;
    const next = ts[i + 1]?.v ?? "";
    const plain = next === "=" && (i === 0 || STATEMENT_START.has(prev!));
    if (plain || UPDATE.has(next) || prev === "++" || prev === "--") writes.add(t.v);
    if (!plain) reads.add(t.v);
  });
  return { reads, writes };
}

const text = (ts: Token[]): string => ts.map((t) => t.v).join(" ");

/** The factory's source (see the module comment). */
function factorySource(f: {
  prelude: Token[][]; tail: Token[][]; loops: Loop[]; access: Access[];
  lets: string[]; consts: string[]; shared: string[]; out: string;
}): string {
  const all = [...f.lets, ...f.consts];
  const constant = new Set(f.consts);
  const kind = (n: string): string => (constant.has(n) ? "const" : "let");
  const main = (n: string): string => `${PREFIX}s_${n}`;
  const later = (n: string): string => `${PREFIX}t_${n}`;
  const id = `${PREFIX}id`;
  const arrays = [...all.map(main), ...f.shared.map(later)];
  const init = [
    ...f.prelude.map(text),
    ...all.map((n) => `${main(n)}[${id}] = ${n};`),
    ...f.shared.map((n) => `${later(n)}[${id}] = ${PREFIX}NOT;`),
  ];
  const adds: string[] = ["undefined", "undefined"];
  f.loops.forEach((loop, i) => {
    const { reads, writes } = f.access[i]!;
    const store = (n: string): string => (i === 1 && f.shared.includes(n) ? later(n) : main(n));
    const used = [...new Set([...reads, ...writes])];
    adds[loop.side] = `function (${id}, ${loop.record}) { ${used.map((n) => `${kind(n)} ${n} = ${store(n)}[${id}];`).join(" ")} { ${text(loop.body)} } ${[...writes].map((n) => `${store(n)}[${id}] = ${n};`).join(" ")} }`;
  });
  const load = all.map((n) =>
    f.shared.includes(n)
      ? `${kind(n)} ${n} = ${later(n)}[${id}] !== ${PREFIX}NOT ? ${later(n)}[${id}] : ${main(n)}[${id}];`
      : `${kind(n)} ${n} = ${main(n)}[${id}];`,
  );
  return [
    `"use strict";`,
    `return function (${PREFIX}NOT, ${PREFIX}capacity) {`,
    arrays.length > 0 ? `const ${arrays.map((a) => `${a} = new Array(${PREFIX}capacity)`).join(", ")};` : "",
    `return {`,
    `init(${id}) { ${init.join(" ")} },`,
    `add: [${adds.join(", ")}],`,
    `emit(${id}, ${f.out}) { ${load.join(" ")} ${f.tail.map(text).join(" ")} },`,
    `};`,
    `};`,
  ].join("\n");
}
