/**
 * The reads-only analysis (reads-only.ts) of a CoGroupFunction `(first, second, out) => ...`: its
 * block body may only hold
 * - `let` / `const` / `var` declarations of local names, each initialized (if at all) with an
 *   expression that only reads;
 * - assignments to those locals (`x = e`, `x += e`, `x++`, ...), never to a member;
 * - `for (const r of first)` / `for (const r of second)` loops (a group is only iterated);
 * - `if (e) ... else ...`, blocks and empty statements;
 * - `out.collect(e)` at most once on any path and never inside a loop;
 * where every expression reads only fields of the loop variables (a bare loop variable only
 * compared or spread) and the locals, with literals, operators and the global functions that
 * reads-only.ts allows. The function then cannot change or keep a record, nor hand a group or a
 * record anywhere but through field reads into its one result per call; given records that are
 * flat or its own (the driver copies the others), that result holds primitives, fresh literals
 * and objects of its own copies only, so it counts as owned (passes/ownership.ts).
 */
import { cachedAnalysis, expressionReadsOnly, header, tokenize, type Token } from "./reads-only.js";
import { matching } from "./reads-only-flat.js";

const DECLARE = new Set(["let", "const", "var"]);
const UPDATE = new Set(["=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??="]);
const STEP = new Set(["++", "--"]);
/** Words that cannot name a local (a statement keyword or a value the scanner treats as such). */
const RESERVED = new Set([
  "this", "arguments", "function", "return", "new", "class", "if", "else", "for", "while", "do", "of", "in", "eval", "typeof", "instanceof", "void",
  "null", "undefined", "true", "false", "NaN", "Infinity", "Math", "Number", "String", "Boolean", "BigInt", "parseInt", "parseFloat", "isNaN", "isFinite",
]);

/** Whether `fn`, a CoGroupFunction, provably only reads its groups' records (see above); cached. */
export const readsOnlyCoGroup: (fn: unknown) => boolean = cachedAnalysis((source) => analyzeCoGroup(source));

interface Scope {
  readonly groups: ReadonlySet<string>;
  readonly out: string;
  /** Loop variables: records, whose fields may be read. */
  readonly records: Set<string>;
  /** Declared locals: values, used bare or read further, assigned only as a whole. */
  readonly locals: Set<string>;
}

/** The analysis of a coGroup function's source text (exported for tests). */
export function analyzeCoGroup(source: string): boolean {
  const tokens = tokenize(source);
  if (tokens === undefined) return false;
  const head = header(tokens);
  if (head === undefined || !head.block || head.params.length !== 3 || head.fields.length > 0) return false;
  const [a, b, out] = head.params as [string, string, string];
  const body = tokens.slice(head.bodyStart);
  if (body[0]?.v !== "{" || matching(body, 0, body.length) !== body.length - 1) return false;
  const scope: Scope = { groups: new Set([a, b]), out, records: new Set(), locals: new Set() };
  if (!declaredNames(body, scope)) return false;
  const collects = statements(body, 1, body.length - 1, scope, false);
  return collects !== undefined && collects <= 1;
}

/**
 * Every name the body declares (locals) or loops over (records), all distinct from each other
 * and from the parameters, none reserved; false when a name is taken twice.
 */
function declaredNames(ts: Token[], scope: Scope): boolean {
  const taken = new Set<string>([...scope.groups, scope.out]);
  const take = (t: Token | undefined, into: Set<string>): boolean => {
    if (t?.t !== "id" || RESERVED.has(t.v) || DECLARE.has(t.v) || taken.has(t.v)) return false;
    taken.add(t.v);
    into.add(t.v);
    return true;
  };
  for (let i = 0; i < ts.length; i++) {
    if (ts[i]!.v === "for") {
      if (ts[i + 1]?.v !== "(" || !DECLARE.has(ts[i + 2]?.v ?? "") || !take(ts[i + 3], scope.records)) return false;
      i += 3;
    } else if (DECLARE.has(ts[i]!.v)) {
      // `let a = e, b, c = e;`: a name after the keyword and after each top-level comma.
      if (!take(ts[i + 1], scope.locals)) return false;
      let depth = 0;
      for (let j = i + 2; j < ts.length; j++) {
        const v = ts[j]!.v;
        if (v === "(" || v === "[" || v === "{") depth++;
        else if (v === ")" || v === "]" || v === "}") depth--;
        if (depth < 0 || (v === ";" && depth === 0)) break;
        if (v === "," && depth === 0 && !take(ts[j + 1], scope.locals)) return false;
      }
    }
  }
  return true;
}

/** The statements of ts[from, to): the most `collect` calls on one path, or undefined. */
function statements(ts: Token[], from: number, to: number, scope: Scope, inLoop: boolean): number | undefined {
  let total = 0;
  for (let i = from; i < to;) {
    const end = statementEnd(ts, i, to);
    if (end === undefined) return undefined;
    const n = statement(ts, i, end, scope, inLoop);
    if (n === undefined) return undefined;
    total += n;
    i = end;
  }
  return total;
}

/** @internal One past the end of the statement at `i` (shared with cogroup-fold.ts). */
export function statementEnd(ts: Token[], i: number, to: number): number | undefined {
  const v = ts[i]!.v;
  if (v === ";") return i + 1;
  if (v === "{") {
    const close = matching(ts, i, to);
    return close === undefined ? undefined : close + 1;
  }
  if (v === "if" || v === "for") {
    if (ts[i + 1]?.v !== "(") return undefined;
    const close = matching(ts, i + 1, to);
    if (close === undefined || close + 1 >= to) return undefined;
    let end = statementEnd(ts, close + 1, to);
    if (v === "if" && end !== undefined && ts[end]?.v === "else" && end + 1 < to) end = statementEnd(ts, end + 1, to);
    return end;
  }
  let depth = 0;
  for (let j = i; j < to; j++) {
    const w = ts[j]!.v;
    if (w === "(" || w === "[" || w === "{") depth++;
    else if (w === ")" || w === "]" || w === "}") depth--;
    else if (w === ";" && depth === 0) return j + 1;
  }
  return depth === 0 ? to : undefined;
}

function statement(ts: Token[], from: number, to: number, scope: Scope, inLoop: boolean): number | undefined {
  const t = ts[from]!;
  if (t.v === ";") return 0;
  if (t.v === "{") return statements(ts, from + 1, to - 1, scope, inLoop);
  if (t.t === "id" && t.v === "if") {
    const close = matching(ts, from + 1, to)!;
    if (!reads(ts.slice(from + 2, close), scope)) return undefined;
    const thenEnd = statementEnd(ts, close + 1, to)!;
    const a = statements(ts, close + 1, thenEnd, scope, inLoop);
    const b = thenEnd < to ? statements(ts, thenEnd + 1, to, scope, inLoop) : 0;
    return a === undefined || b === undefined ? undefined : Math.max(a, b);
  }
  if (t.t === "id" && t.v === "for") {
    // `for (const r of group) statement`: r was checked by declaredNames.
    const close = matching(ts, from + 1, to)!;
    if (close !== from + 6 || ts[from + 4]?.v !== "of" || !scope.groups.has(ts[from + 5]?.v ?? "")) return undefined;
    const n = statements(ts, close + 1, to, scope, true);
    return n === undefined || n > 0 ? undefined : 0;
  }
  const end = ts[to - 1]?.v === ";" ? to - 1 : to;
  if (t.t === "id" && DECLARE.has(t.v)) return declaration(ts, from + 1, end, scope) ? 0 : undefined;
  if (t.v === scope.out) {
    if (inLoop || ts[from + 1]?.v !== "." || ts[from + 2]?.v !== "collect" || ts[from + 3]?.v !== "(") return undefined;
    if (matching(ts, from + 3, end) !== end - 1) return undefined;
    const arg = ts.slice(from + 4, end - 1);
    return arg.length > 0 && reads(arg, scope) ? 1 : undefined;
  }
  return assignment(ts, from, end, scope) ? 0 : undefined;
}

/** `a = e, b, c = e` over ts[from, to), the names being locals. */
function declaration(ts: Token[], from: number, to: number, scope: Scope): boolean {
  let i = from;
  while (i < to) {
    if (!scope.locals.has(ts[i]!.v)) return false;
    let j = i + 1;
    let depth = 0;
    while (j < to && !(depth === 0 && ts[j]!.v === ",")) {
      const v = ts[j]!.v;
      if (v === "(" || v === "[" || v === "{") depth++;
      else if (v === ")" || v === "]" || v === "}") depth--;
      j++;
    }
    if (j > i + 1 && (ts[i + 1]!.v !== "=" || !reads(ts.slice(i + 2, j), scope))) return false;
    i = j + 1;
  }
  return true;
}

/** `x = e`, `x op= e`, `x++`, `x--`, `++x`, `--x` over ts[from, to), x a local. */
function assignment(ts: Token[], from: number, to: number, scope: Scope): boolean {
  const a = ts[from]!;
  if (STEP.has(a.v)) return to === from + 2 && scope.locals.has(ts[from + 1]!.v);
  if (!scope.locals.has(a.v)) return false;
  const op = ts[from + 1]?.v ?? "";
  if (STEP.has(op)) return to === from + 2;
  return UPDATE.has(op) && to > from + 2 && reads(ts.slice(from + 2, to), scope);
}

/** An expression reading only records' fields and locals. */
function reads(ts: Token[], scope: Scope): boolean {
  return expressionReadsOnly(ts, scope.records, scope.locals);
}
