/**
 * The reads-only analysis (reads-only.ts) of a function emitting through a Collector, its last
 * parameter (FlatMap, FlatJoinFunction): its body may only be `out.collect(expr)` statements, each
 * `expr` an expression that only reads the other parameters, optionally under `if (expr) ...
 * else ...`, blocks and empty statements, with at most one `collect` on any path. Like a map, it
 * then emits at most one result per call, made of primitives, fresh literals and (for arguments
 * that are not flat, which the drivers copy first) objects of its own copies: no two results
 * share an object and none is the user's, so its results count as owned.
 */
import { cachedAnalysis, expressionReadsOnly, header, tokenize, type Token } from "./reads-only.js";

const NO_FIELDS: ReadonlySet<string> = new Set();

/** Whether `fn`, whose last parameter is a Collector, provably only reads its arguments; cached. */
export const readsOnlyFlat: (fn: unknown) => boolean = cachedAnalysis((source) => analyzeFlat(source));

/** The analysis of a function taking a Collector last, on source text (exported for tests). */
export function analyzeFlat(source: string): boolean {
  const tokens = tokenize(source);
  if (tokens === undefined) return false;
  const head = header(tokens);
  // Plain parameters only (no destructuring): the last one is then surely the collector.
  if (head === undefined || head.params.length < 2 || head.fields.length > 0) return false;
  const out = head.params.at(-1)!;
  const records = new Set(head.params.slice(0, -1));
  if (records.has(out)) return false;
  const body = tokens.slice(head.bodyStart);
  const collects = head.block ? statement(body, 0, body.length, records, out) : collectCall(body, 0, body.length, records, out);
  return collects !== undefined && collects <= 1;
}

/**
 * The statements of ts[from, to) (`{ ... }`, `;`, `if (e) s else s`, `out.collect(e);`): the most
 * `collect` calls on one path, or undefined when something else is there.
 */
function statement(ts: Token[], from: number, to: number, records: Set<string>, out: string): number | undefined {
  let most = 0;
  let i = from;
  while (i < to) {
    const end = statementEnd(ts, i, to);
    if (end === undefined) return undefined;
    const n = oneStatement(ts, i, end, records, out);
    if (n === undefined) return undefined;
    most += n;
    i = end;
  }
  return most;
}

/** One past the end of the statement at `i`. */
function statementEnd(ts: Token[], i: number, to: number): number | undefined {
  const t = ts[i]!;
  if (t.v === ";") return i + 1;
  if (t.v === "{") {
    const close = matching(ts, i, to);
    return close === undefined ? undefined : close + 1;
  }
  if (t.v === "if") {
    if (ts[i + 1]?.v !== "(") return undefined;
    const close = matching(ts, i + 1, to);
    if (close === undefined || close + 1 >= to) return undefined;
    let end = statementEnd(ts, close + 1, to);
    if (end !== undefined && ts[end]?.v === "else" && end + 1 < to) end = statementEnd(ts, end + 1, to);
    return end;
  }
  // An expression statement: up to its `;` at depth 0 (or the end).
  let depth = 0;
  for (let j = i; j < to; j++) {
    const v = ts[j]!.v;
    if (v === "(" || v === "[" || v === "{") depth++;
    else if (v === ")" || v === "]" || v === "}") depth--;
    else if (v === ";" && depth === 0) return j + 1;
  }
  return depth === 0 ? to : undefined;
}

function oneStatement(ts: Token[], from: number, to: number, records: Set<string>, out: string): number | undefined {
  const t = ts[from]!;
  if (t.v === ";") return 0;
  if (t.v === "{") return statement(ts, from + 1, to - 1, records, out);
  if (t.t === "id" && t.v === "if") {
    const close = matching(ts, from + 1, to)!;
    if (!expressionReadsOnly(ts.slice(from + 2, close), records, NO_FIELDS)) return undefined;
    const thenEnd = statementEnd(ts, close + 1, to)!;
    const a = statement(ts, close + 1, thenEnd, records, out);
    const b = thenEnd < to ? statement(ts, thenEnd + 1, to, records, out) : 0;
    return a === undefined || b === undefined ? undefined : Math.max(a, b);
  }
  return collectCall(ts, from, ts[to - 1]?.v === ";" ? to - 1 : to, records, out);
}

/** `out.collect(expr)` exactly spanning ts[from, to): 1, else undefined. */
function collectCall(ts: Token[], from: number, to: number, records: Set<string>, out: string): number | undefined {
  if (ts[from]?.v !== out || ts[from + 1]?.v !== "." || ts[from + 2]?.v !== "collect" || ts[from + 3]?.v !== "(") return undefined;
  if (matching(ts, from + 3, to) !== to - 1) return undefined;
  const arg = ts.slice(from + 4, to - 1);
  return arg.length > 0 && expressionReadsOnly(arg, records, NO_FIELDS) ? 1 : undefined;
}

/** @internal The index of the bracket closing the one at `open`, before `to` (shared with reads-only-cogroup.ts). */
export function matching(ts: Token[], open: number, to: number): number | undefined {
  let depth = 0;
  for (let j = open; j < to; j++) {
    const v = ts[j]!.v;
    if (v === "(" || v === "[" || v === "{") depth++;
    else if (v === ")" || v === "]" || v === "}") {
      depth--;
      if (depth === 0) return j;
    }
  }
  return undefined;
}
