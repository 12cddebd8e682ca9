/**
 * A structural shrinker run after fast-check's (which shrinks the choice list): greedily replaces
 * an operator by its input where the schema allows, drops source rows and simplifies the root,
 * keeping each change that still fails. Deterministic (a count of attempts, not a time).
 */
import { schemaOf, withSchema, type Node, type Program, type Root } from "./ast.js";

type Check = (p: Program) => Promise<boolean>;

const KIDS = ["in", "other", "step", "workset"] as const;

function kidsOf(n: Node): Node[] {
  return KIDS.map((k) => (n as Record<string, unknown>)[k] as Node | undefined).filter((x): x is Node => x !== undefined);
}

/** Every node reachable from `root`, parents before children. */
function nodesOf(root: Node): Node[] {
  const out: Node[] = [];
  const seen = new Set<Node>();
  const walk = (n: Node) => {
    if (seen.has(n)) return;
    seen.add(n);
    out.push(n);
    kidsOf(n).forEach(walk);
  };
  walk(root);
  return out;
}

/** Rebuilds the DAG with `target` replaced by `by`, keeping sharing and schemas. */
function replace(root: Node, target: Node, by: Node): Node {
  const memo = new Map<Node, Node>();
  const go = (n: Node): Node => {
    if (n === target) return by;
    let r = memo.get(n);
    if (r !== undefined) return r;
    const kids = KIDS.filter((k) => (n as Record<string, unknown>)[k] !== undefined);
    const changed = kids.map((k) => [k, go((n as Record<string, unknown>)[k] as Node)] as const);
    r = changed.every(([k, v]) => v === (n as Record<string, unknown>)[k]) ? n : withSchema({ ...n, ...Object.fromEntries(changed) } as Node, schemaOf(n));
    memo.set(n, r);
    return r;
  };
  return go(root);
}

const sameSchema = (a: Node, b: Node) => JSON.stringify(schemaOf(a)) === JSON.stringify(schemaOf(b));

function withNode(p: Program, node: Node): Program {
  if (p.root.kind === "seq" && node.op !== "sortPartition") return { ...p, root: { kind: "bag", node } };
  return { ...p, root: { ...p.root, node } as Root };
}

/** Smaller variants of `p`, most promising first. */
function* candidates(p: Program): Generator<Program> {
  const root = p.root.node;
  if (p.root.kind !== "bag" && p.root.kind !== "seq") yield { ...p, root: { kind: "bag", node: root } };
  if (p.sink !== "collect") yield { ...p, sink: "collect" };
  if (p.parallelism !== 1) yield { ...p, parallelism: 1 };
  for (const n of nodesOf(root)) {
    if (n.op === "partial") continue;
    for (const k of kidsOf(n)) {
      if (k.op !== "partial" && sameSchema(k, n) && n.op !== "src") yield withNode(p, replace(root, n, k));
    }
    if (n.par !== undefined) yield withNode(p, replace(root, n, withSchema({ ...n, par: undefined }, schemaOf(n))));
    if (n.op === "src") {
      for (let i = 0; i < n.rows.length; i++) {
        yield withNode(p, replace(root, n, withSchema({ ...n, rows: n.rows.filter((_, j) => j !== i) }, schemaOf(n))));
      }
    }
    if (n.op === "iterate" && n.n > 1) yield withNode(p, replace(root, n, withSchema({ ...n, n: n.n - 1 }, schemaOf(n))));
  }
}

/** Shrinks a failing program: `fails` resolves true while the candidate still fails. */
export async function shrinkProgram(p: Program, fails: Check, maxAttempts = 400): Promise<{ program: Program; attempts: number }> {
  let best = p;
  let attempts = 0;
  let progress = true;
  while (progress && attempts < maxAttempts) {
    progress = false;
    for (const c of candidates(best)) {
      if (++attempts > maxAttempts) break;
      if (c.root.kind === "seq" && c.parallelism !== 1) continue;
      if (await fails(c)) {
        best = c;
        progress = true;
        break;
      }
    }
  }
  return { program: best, attempts };
}
