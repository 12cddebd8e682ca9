/**
 * Which user functions provably only read their arguments (issue 15: "a function the engine can
 * show only reads its input needs no copy"). The proof is syntactic and conservative: the
 * function's source must be an arrow or `function` expression with plain identifier parameters
 * or one-level destructuring patterns of them (`[, c]`, `{ a, b: x }`: each name is a field read,
 * as `p[1]` or `p.b`) whose body is one expression (or `{ return expr; }`) made only of
 * - reads of a parameter's fields: `p.f`, `p?.f`, `p[0]`, `p["f"]`, chained, never called,
 *   assigned, incremented or deleted; a bare parameter only compared (`p === null`) or spread;
 *   a destructured name is such a field read (used bare, or read further, never called or assigned);
 * - literals, object and array literals, operators, `typeof`, ternaries;
 * - calls of a few global functions that return primitives (`Math.*`, `Number`, `String`, ...).
 * Any other identifier (a closure variable, `this`, `arguments`), `new`, a nested function, a
 * template literal, a regular expression or anything the scanner does not know gives `false`.
 *
 * A function with a Collector as its last parameter (FlatMap, FlatJoinFunction: reads-only-flat.ts)
 * qualifies when its body is only `out.collect(expr)` statements, each `expr` such an expression,
 * optionally under `if (expr) ... else ...`, with at most one `collect` on any path: like a map,
 * it emits at most one result per call, so no two results can share an object of its arguments.
 *
 * What it buys: such a function cannot mutate its arguments, keep them, or put a reference to
 * them anywhere but in its result; given arguments that are flat (only primitive fields) or its
 * own, the result holds primitives and fresh literals only, so no later call and no other
 * consumer can observe a change through it (passes/ownership.ts, the join drivers).
 */

const GLOBALS = new Set(["Math", "Number", "String", "Boolean", "BigInt", "parseInt", "parseFloat", "isNaN", "isFinite"]);
const LITERALS = new Set(["null", "undefined", "true", "false", "NaN", "Infinity"]);
const OPERATOR_WORDS = new Set(["typeof", "in", "instanceof", "void"]);
/** Property names whose value is not data even on a flat record. */
const UNSAFE_PROPERTIES = new Set(["__proto__", "constructor", "prototype", "__defineGetter__", "__defineSetter__"]);
const KEYWORDS_BEFORE_REGEX = new Set(["return", "typeof", "case", "do", "else", "in", "of", "instanceof", "new", "void", "delete", "throw", "yield", "await"]);
const ASSIGNING = new Set(["=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=", "++", "--"]);
const COMPARISONS = new Set(["===", "!==", "==", "!="]);
const PUNCTUATORS = [
  ">>>=", "===", "!==", "**=", "<<=", ">>=", ">>>", "...", "&&=", "||=", "??=",
  "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "**",
];

/** @internal A token of the scanner (shared with reads-only-flat.ts). */
export type Token = { readonly t: "id" | "num" | "str" | "punct"; readonly v: string };

/**
 * @internal An analysis of a function's source text as a check of the function itself: false for
 * anything that is not a function or whose analysis throws, cached per function object.
 */
export function cachedAnalysis(analysis: (source: string) => boolean): (fn: unknown) => boolean {
  const cache = new WeakMap<object, boolean>();
  return (fn) => {
    if (typeof fn !== "function") return false;
    const known = cache.get(fn);
    if (known !== undefined) return known;
    let v = false;
    try {
      v = analysis(Function.prototype.toString.call(fn));
    } catch {
      v = false;
    }
    cache.set(fn, v);
    return v;
  };
}

/** Whether `fn` provably only reads its arguments (see the module comment); cached per function. */
export const readsOnly: (fn: unknown) => boolean = cachedAnalysis((source) => analyze(source));

/** The analysis on source text (exported for tests). */
export function analyze(source: string): boolean {
  const tokens = tokenize(source);
  if (tokens === undefined) return false;
  const head = header(tokens);
  if (head === undefined) return false;
  let body = tokens.slice(head.bodyStart);
  if (head.block) {
    // `{ return expr ;? }`
    if (body[0]?.v !== "{" || body.at(-1)?.v !== "}" || body[1]?.v !== "return") return false;
    body = body.slice(2, -1);
    if (body.at(-1)?.v === ";") body = body.slice(0, -1);
  }
  if (body.length === 0) return false;
  return expressionReadsOnly(body, new Set(head.params), new Set(head.fields));
}

/** @internal */
export function tokenize(src: string): Token[] | undefined {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) { i++; continue; }
    if (c === "/" && src[i + 1] === "/") { const e = src.indexOf("\n", i); i = e < 0 ? src.length : e; continue; }
    if (c === "/" && src[i + 1] === "*") { const e = src.indexOf("*/", i + 2); if (e < 0) return undefined; i = e + 2; continue; }
    if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1;
      while (j < src.length && /[\w$]/.test(src[j]!)) j++;
      out.push({ t: "id", v: src.slice(i, j) });
      i = j;
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      let j = i + 1;
      while (j < src.length && /[\w.]/.test(src[j]!)) j++;
      out.push({ t: "num", v: src.slice(i, j) });
      i = j;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += src[j] === "\\" ? 2 : 1;
      if (j >= src.length) return undefined;
      out.push({ t: "str", v: src.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    if (c === "`" || c.charCodeAt(0) > 127) return undefined;
    if (c === "/") {
      // Division only after a value; anything else could start a regular expression.
      const prev = out.at(-1);
      const afterValue = prev !== undefined && (prev.t === "num" || prev.v === ")" || prev.v === "]" || (prev.t === "id" && !KEYWORDS_BEFORE_REGEX.has(prev.v)));
      if (!afterValue) return undefined;
    }
    const p = PUNCTUATORS.find((x) => src.startsWith(x, i)) ?? c;
    out.push({ t: "punct", v: p });
    i += p.length;
  }
  return out;
}

/**
 * @internal Parameters, names destructured from parameters, and where the body starts, for `(a, b) =>`,
 * `a =>`, `function name?(a, b) {` and parameters such as `[, c]` or `{ a, b: x }`.
 */
export function header(ts: Token[]): { params: string[]; fields: string[]; bodyStart: number; block: boolean } | undefined {
  let i = 0;
  let arrow = true;
  if (ts[0]?.v === "function") {
    arrow = false;
    i = ts[1]?.t === "id" ? 2 : 1;
  } else if (ts[0]?.t === "id" && ts[1]?.v === "=>") {
    return { params: [ts[0].v], fields: [], bodyStart: 2, block: ts[2]?.v === "{" };
  }
  if (ts[i]?.v !== "(") return undefined;
  const params: string[] = [];
  const fields: string[] = [];
  i++;
  while (ts[i]?.v !== ")") {
    const p = ts[i];
    if (p?.v === "[" || p?.v === "{") {
      const end = pattern(ts, i, fields);
      if (end === undefined) return undefined;
      i = end;
    } else {
      if (!bindable(p)) return undefined;
      params.push(p!.v);
      i++;
    }
    if (ts[i]?.v === ",") i++;
    else if (ts[i]?.v !== ")") return undefined;
  }
  i++;
  if (new Set([...params, ...fields]).size !== params.length + fields.length) return undefined;
  if (arrow) {
    if (ts[i]?.v !== "=>") return undefined;
    i++;
    return { params, fields, bodyStart: i, block: ts[i]?.v === "{" };
  }
  return { params, fields, bodyStart: i, block: true };
}

function bindable(t: Token | undefined): boolean {
  return t?.t === "id" && !LITERALS.has(t.v) && !GLOBALS.has(t.v) && !OPERATOR_WORDS.has(t.v);
}

/**
 * A one-level array pattern (`[a, , b]`, holes allowed) or object pattern (`{ a, b: x }`)
 * starting at `open`: adds the names it binds to `into`; returns one past its end, or undefined
 * for anything else (defaults, rest elements, nested or computed patterns).
 */
function pattern(ts: Token[], open: number, into: string[]): number | undefined {
  const array = ts[open]!.v === "[";
  const close = array ? "]" : "}";
  let i = open + 1;
  while (ts[i]?.v !== close) {
    if (array && ts[i]?.v === ",") { i++; continue; }
    if (!array && ts[i]?.t === "id" && ts[i + 1]?.v === ":") {
      if (UNSAFE_PROPERTIES.has(ts[i]!.v)) return undefined;
      i += 2;
    } else if (!array && UNSAFE_PROPERTIES.has(ts[i]?.v ?? "")) return undefined;
    if (!bindable(ts[i])) return undefined;
    into.push(ts[i]!.v);
    i++;
    if (ts[i]?.v === ",") i++;
    else if (ts[i]?.v !== close) return undefined;
  }
  return i + 1;
}

/** @internal Whether the expression ts only reads `params` and the destructured `fields` (see the module comment). */
export function expressionReadsOnly(ts: Token[], params: Set<string>, fields: ReadonlySet<string>): boolean {
  // Brackets must balance: the scan below reads the tokens one by one.
  let depth = 0;
  for (const t of ts) {
    if (t.t !== "punct") continue;
    if (t.v === "(" || t.v === "[" || t.v === "{") depth++;
    else if (t.v === ")" || t.v === "]" || t.v === "}") depth--;
    if (depth < 0) return false;
    if (t.v === ";" || t.v === "=>") return false;
  }
  if (depth !== 0) return false;
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i]!;
    const prev = ts[i - 1];
    if (t.t === "punct") {
      if (ASSIGNING.has(t.v)) return false;
      if (t.v === "(" && prev !== undefined && (prev.t === "id" || prev.v === ")" || prev.v === "]")) {
        if (!globalCallee(ts, i)) return false;
      }
      continue;
    }
    if (t.t !== "id") continue;
    if (prev?.v === "." || prev?.v === "?.") {
      if (UNSAFE_PROPERTIES.has(t.v)) return false;
      continue; // a property name (reads of parameters are checked from the parameter)
    }
    if (ts[i + 1]?.v === ":" && (prev?.v === "{" || prev?.v === ",")) continue; // an object literal key
    if (LITERALS.has(t.v) || OPERATOR_WORDS.has(t.v)) continue;
    // A global function is only called (or one of its members read): `{ m: Math }` would share it.
    if (GLOBALS.has(t.v)) {
      if (ts[i + 1]?.v === "(" || ts[i + 1]?.v === ".") continue;
      return false;
    }
    const field = fields.has(t.v);
    if (!field && !params.has(t.v)) return false;
    const end = chainEnd(ts, i);
    if (end === undefined) return false;
    const next = ts[end];
    if (next !== undefined && (next.v === "(" || ASSIGNING.has(next.v))) return false;
    if (prev?.v === "delete" || prev?.v === "++" || prev?.v === "--") return false;
    if (end === i + 1 && !field) {
      // A bare parameter: only compared or spread.
      const compared = (prev !== undefined && (COMPARISONS.has(prev.v) || prev.v === "typeof")) || (next !== undefined && COMPARISONS.has(next.v));
      if (!compared && prev?.v !== "...") return false;
    }
    i = end - 1;
  }
  return true;
}

/** One past the end of `p(.f | ?.f | [0] | ["f"])*` starting at `i`, or undefined for a computed index. */
function chainEnd(ts: Token[], i: number): number | undefined {
  let j = i + 1;
  for (;;) {
    const t = ts[j];
    if (t?.v === "." || t?.v === "?.") {
      const name = ts[j + 1];
      if (name?.t !== "id" || UNSAFE_PROPERTIES.has(name.v)) return undefined;
      j += 2;
    } else if (t?.v === "[") {
      const index = ts[j + 1];
      if (index === undefined || (index.t !== "num" && index.t !== "str") || ts[j + 2]?.v !== "]") return undefined;
      if (index.t === "str" && UNSAFE_PROPERTIES.has(index.v.slice(1, -1))) return undefined;
      j += 3;
    } else return j;
  }
}

/** `GLOBAL(` or `GLOBAL.name(`, GLOBAL not shadowed (a parameter with that name is refused). */
function globalCallee(ts: Token[], open: number): boolean {
  const a = ts[open - 1];
  if (a?.t !== "id") return false;
  if (GLOBALS.has(a.v) && ts[open - 2]?.v !== "." && ts[open - 2]?.v !== "?.") return true;
  return ts[open - 2]?.v === "." && ts[open - 3]?.t === "id" && GLOBALS.has(ts[open - 3]!.v) && ts[open - 4]?.v !== "." && ts[open - 4]?.v !== "?.";
}
